import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount, formatPercent } from '../../../lib/format.ts';

interface SummaryCardsProps {
  totalDrops: number | undefined;
  avgDiscount: number | undefined;
  topBrand: string | null | undefined;
}

function Card({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4} lineClamp={1}>
        {value}
      </Text>
    </Paper>
  );
}

/** Total Price Drops, Avg Discount (one decimal, %), Top Brand (N/A when missing). */
export function SummaryCards({ totalDrops, avgDiscount, topBrand }: SummaryCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <Card label="Total Price Drops" value={formatCount(totalDrops ?? 0)} testId="summary-total-drops" />
      <Card label="Avg Discount" value={formatPercent(avgDiscount ?? 0)} testId="summary-avg-discount" />
      <Card label="Top Brand" value={topBrand || 'N/A'} testId="summary-top-brand" />
    </SimpleGrid>
  );
}
