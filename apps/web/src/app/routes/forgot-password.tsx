import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function ForgotPasswordPage() {
  return <Title order={2}>ForgotPasswordPage</Title>;
}
