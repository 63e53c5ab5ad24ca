import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function SupplierLevelAnalyzerPage() {
  return <Title order={2}>SupplierLevelAnalyzerPage</Title>;
}
