import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function BrandLevelAnalyzerPage() {
  return <Title order={2}>BrandLevelAnalyzerPage</Title>;
}
