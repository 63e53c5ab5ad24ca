import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function ConfirmPasswordPage() {
  return <Title order={2}>ConfirmPasswordPage</Title>;
}
