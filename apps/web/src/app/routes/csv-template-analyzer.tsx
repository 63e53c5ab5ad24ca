import { Title } from '@mantine/core';

// Placeholder until this screen's issue builds it.
export function CsvTemplateAnalyzerPage() {
  return <Title order={2}>CsvTemplateAnalyzerPage</Title>;
}
