import {  } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { DailyTrendPoint } from '@dealradar/shared/contracts/price-drops';
import { DashboardSection } from './dashboard-section.tsx';

/** Drops detected per day over the last 14 days (analytics.dailyTrend). */
export function DailyTrendChart({ points }: { points: DailyTrendPoint[] | undefined }) {
  const data = (points ?? []).map((p) => ({ day: p.date.slice(5), drops: p.drops }));
  return (
    <DashboardSection title="Daily Drops (last 14 days)" ariaLabel="Daily Drops" empty={data.length === 0 && 'No trend data available'}>
      <BarChart h={180} data={data} dataKey="day" series={[{ name: 'drops', label: 'Drops', color: 'orange.6' }]} tickLine="none" gridAxis="y" withTooltip />
    </DashboardSection>
  );
}
