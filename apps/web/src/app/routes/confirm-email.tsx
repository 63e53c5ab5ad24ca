import { Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { useConfirmToken } from '../../features/auth/api/confirm.ts';
import { NO_CONFIRMATION_TOKEN } from '../../features/auth/validation.ts';

/** /auth/confirm and /confirm-email: confirms the address of ?token, then offers Go to Login. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  const confirm = useConfirmToken(token);

  let body;
  if (!token || confirm.isError) {
    const message = token ? errorMessage(confirm.error, 'Invalid or expired token.') : NO_CONFIRMATION_TOKEN;
    body = <Outcome ok={false} message={message} />;
  } else if (confirm.isSuccess) {
    body = <Outcome ok message="Your email has been successfully confirmed." />;
  } else {
    body = (
      <Stack align="center" py="lg">
        <Loader />
        <Text c="dimmed">Confirming your email…</Text>
      </Stack>
    );
  }
  return <AuthCard title="Email confirmation">{body}</AuthCard>;
}

function Outcome({ ok, message }: { ok: boolean; message: string }) {
  return (
    <Stack align="center" gap="md" py="sm">
      <ThemeIcon size={56} radius="xl" variant="light" color={ok ? 'green' : 'red'}>
        {ok ? <IconCircleCheck size={32} /> : <IconCircleX size={32} />}
      </ThemeIcon>
      <Text ta="center" fw={500} role="alert" data-testid={ok ? 'confirm-success' : 'confirm-error'}>
        {message}
      </Text>
      <Button component={Link} to={paths.login} fullWidth size="md" variant={ok ? 'filled' : 'light'}>
        Go to Login
      </Button>
    </Stack>
  );
}
