import { Group, Progress, Stack, Text } from '@mantine/core';
import { DROP_CATEGORIES, DROP_CATEGORY_LABELS, dropCategoryColor } from '@dealradar/shared/drops';
import { DashboardSection } from './dashboard-section.tsx';
import { formatCount } from '../../../lib/format.ts';

/** Drops by Category: one bar per category Minor … Huge, length relative to the largest count. */
export function CategoryBars({ dropsByCategory }: { dropsByCategory: Record<string, number> | undefined }) {
  const rows = DROP_CATEGORIES.map((c) => ({ code: c, label: DROP_CATEGORY_LABELS[c], count: dropsByCategory?.[DROP_CATEGORY_LABELS[c]] ?? 0 }));
  const max = Math.max(0, ...rows.map((r) => r.count));
  return (
    <DashboardSection title="Drops by Category" empty={(!dropsByCategory || max === 0) && 'No category data available'} fill>
      <Stack gap="sm">
        {rows.map((row) => (
          <div key={row.code} data-testid={`category-${row.label}`}>
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={500}>
                {row.label}
              </Text>
              <Text size="sm" c="dimmed">
                {formatCount(row.count)} drops
              </Text>
            </Group>
            <Progress value={(row.count / max) * 100} color={dropCategoryColor(row.code)} size="lg" radius="xl" aria-label={`${row.label} drops`} />
          </div>
        ))}
      </Stack>
    </DashboardSection>
  );
}
