import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function DashboardPage() {
  return <Title order={2}>DashboardPage</Title>;
}
