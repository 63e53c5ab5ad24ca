import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function RegisterPage() {
  return <Title order={2}>RegisterPage</Title>;
}
