import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function SubscriptionPage() {
  return <Title order={2}>SubscriptionPage</Title>;
}
