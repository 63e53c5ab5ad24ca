import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function SettingsPage() {
  return <Title order={2}>SettingsPage</Title>;
}
