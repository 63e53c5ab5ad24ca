import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function ConfirmEmailPage() {
  return <Title order={2}>ConfirmEmailPage</Title>;
}
