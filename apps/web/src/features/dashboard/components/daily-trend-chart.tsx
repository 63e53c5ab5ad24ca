import { Box, Group, Text } from '@mantine/core';
import type { DailyTrendPoint } from '@dealradar/shared/contracts/price-drops';
import { DashboardSection } from './dashboard-section.tsx';
import { formatDayMonth } from '../../../lib/date-format.ts';

const HEIGHT = 150;

/**
 * Drops detected per day over the last 14 days (analytics.dailyTrend), as plain bars: a chart library would be a
 * large share of the dashboard's JavaScript for 14 bars (docs/decisions/0012-no-chart-library.md). Each bar names its
 * day and count on hover and to screen readers.
 */
export function DailyTrendChart({ points }: { points: DailyTrendPoint[] | undefined }) {
  const data = (points ?? []).map((p) => ({ day: formatDayMonth(p.date), drops: p.drops }));
  const max = Math.max(1, ...data.map((d) => d.drops));
  return (
    <DashboardSection title="Daily Drops (last 14 days)" ariaLabel="Daily Drops" empty={data.length === 0 && 'No trend data available'}>
      <Box data-testid="daily-trend-chart">
        <Group
          role="list"
          aria-label="Drops per day"
          gap={4}
          align="flex-end"
          wrap="nowrap"
          h={HEIGHT}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }}
        >
          {data.map((d) => (
            <Box
              key={d.day}
              role="listitem"
              aria-label={`${d.day}: ${d.drops} drops`}
              title={`${d.day}: ${d.drops} drops`}
              data-testid="daily-trend-bar"
              style={{
                flex: 1,
                minWidth: 0,
                height: `${Math.max(d.drops > 0 ? 2 : 0, (d.drops / max) * 100)}%`,
                background: 'var(--mantine-color-orange-6)',
                borderRadius: '4px 4px 0 0',
              }}
            />
          ))}
        </Group>
        <Group gap={4} wrap="nowrap" mt={4} aria-hidden>
          {data.map((d, i) => (
            <Text key={d.day} size="xs" c="dimmed" ta="center" style={{ flex: 1, minWidth: 0 }}>
              {i % 2 === 0 ? d.day : ''}
            </Text>
          ))}
        </Group>
      </Box>
    </DashboardSection>
  );
}
