import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function LoginPage() {
  return <Title order={2}>LoginPage</Title>;
}
