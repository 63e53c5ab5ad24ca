import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function UsersPage() {
  return <Title order={2}>UsersPage</Title>;
}
