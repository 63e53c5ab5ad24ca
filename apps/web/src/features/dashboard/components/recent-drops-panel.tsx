import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RECENT_DROPS_SHOWN } from '@dealradar/shared/drops';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { DropCategoryBadge } from '../../../components/drop-category-badge.tsx';
import { formatDateTime, formatDrop, formatMoney } from '../../../lib/drop-format.ts';

/** Recent Drops ('Last 2h'): the first 5 items, with brand and local detection time. */
export function RecentDropsPanel({ items, currency }: { items: PriceDropItem[]; currency: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="section" aria-label="Recent Drops" h="100%">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          Recent Drops
        </Title>
        <Badge color="blue" variant="light">
          Last 2h
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          No recent drops
        </Text>
      ) : (
        <Stack gap="xs">
          {items.slice(0, RECENT_DROPS_SHOWN).map((item) => (
            <Paper key={item.id} withBorder radius="md" p="sm" data-testid="recent-drop">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} lineClamp={2} title={item.productName}>
                    {item.productName}
                  </Text>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {item.productBrand}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(item.detectedAt)}
                    </Text>
                  </Group>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={700} c="green.7">
                      {formatMoney(item.newPriceExclVat, currency)}
                    </Text>
                    <Text size="xs" c="red.7" fw={600}>
                      {formatDrop(item.priceDropPercentage)}
                    </Text>
                  </Group>
                  <DropCategoryBadge category={item.dropCategory} />
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
