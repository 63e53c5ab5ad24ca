import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function HelpPage() {
  return <Title order={2}>HelpPage</Title>;
}
