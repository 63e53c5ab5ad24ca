import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** An inline success or error sentence under a form (role=alert so it is announced). */
export function FormMessage({ kind, children }: { kind: 'success' | 'error'; children: string | null | undefined }) {
  if (!children) return null;
  const success = kind === 'success';
  return (
    <Alert
      role="alert"
      variant="light"
      color={success ? 'green' : 'red'}
      icon={success ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
      data-testid={success ? 'form-success' : 'form-error'}
    >
      {children}
    </Alert>
  );
}
