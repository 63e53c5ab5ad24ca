import { useEffect, useState } from 'react';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { PriceAlertStats } from '@dealradar/shared/contracts/price-drops';
import { formatCountdown, formatDateTime } from '../../../lib/drop-format.ts';
import { formatCount, NO_VALUE } from '../../../lib/format.ts';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="lg" fw={700} mt={2}>
        {value}
      </Text>
    </Paper>
  );
}

/** Statistics with a countdown to the next refresh that ticks every second; `onDue` fires once it reaches zero. */
export function PriceAlertStatsCards({ stats, onDue }: { stats: PriceAlertStats | undefined; onDue?: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = stats ? Date.parse(stats.nextUpdateTime) - now : null;
  const due = remaining !== null && remaining <= 0;
  useEffect(() => {
    if (due && onDue) {
      // Give the scheduled refresh a moment to run before asking again.
      const timer = setTimeout(onDue, 15_000);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [due, onDue]);
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
      <Stat label="Total Products" value={formatCount(stats?.totalProducts ?? 0)} testId="stat-total-products" />
      <Stat label="Active Price Drops" value={formatCount(stats?.totalPriceDrops ?? 0)} testId="stat-total-drops" />
      <Stat label="Update Frequency" value={stats?.currentUpdateFrequency ?? NO_VALUE} testId="stat-frequency" />
      <Stat label="Last Update" value={stats ? formatDateTime(stats.lastUpdateTime) : NO_VALUE} testId="stat-last-update" />
      <Stat
        label="Next Update In"
        value={remaining === null ? NO_VALUE : stats?.refreshing || due ? 'Updating…' : formatCountdown(remaining)}
        testId="stat-countdown"
      />
    </SimpleGrid>
  );
}
