import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function EanAsinMappingPage() {
  return <Title order={2}>EanAsinMappingPage</Title>;
}
