import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function TermsPage() {
  return <Title order={2}>TermsPage</Title>;
}
