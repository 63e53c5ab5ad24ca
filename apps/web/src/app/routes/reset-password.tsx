import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function ResetPasswordPage() {
  return <Title order={2}>ResetPasswordPage</Title>;
}
