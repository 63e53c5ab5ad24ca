import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function PriceAlertsPage() {
  return <Title order={2}>PriceAlertsPage</Title>;
}
