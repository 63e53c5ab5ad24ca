import { Paper, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { DailyTrendPoint } from '@dealradar/shared/contracts/price-drops';

/** Drops detected per day over the last 14 days (analytics.dailyTrend). */
export function DailyTrendChart({ points }: { points: DailyTrendPoint[] | undefined }) {
  const data = (points ?? []).map((p) => ({ day: p.date.slice(5), drops: p.drops }));
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label="Daily Drops">
      <Title order={2} size="h4" mb="md">
        Daily Drops (last 14 days)
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No trend data available
        </Text>
      ) : (
        <BarChart h={180} data={data} dataKey="day" series={[{ name: 'drops', label: 'Drops', color: 'orange.6' }]} tickLine="none" gridAxis="y" withTooltip />
      )}
    </Paper>
  );
}
