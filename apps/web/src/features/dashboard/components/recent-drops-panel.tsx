import { Group, Paper, Stack, Text } from '@mantine/core';
import { RECENT_DROPS_SHOWN } from '@dealradar/shared/drops';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { DropCategoryBadge } from '../../../components/drop-category-badge.tsx';
import { formatDateTime, formatDrop } from '../../../lib/drop-format.ts';
import { dropPriceParts } from '../../../lib/drop-money.ts';
import { MoneyText } from '../../../components/money-text.tsx';
import { DashboardSection } from './dashboard-section.tsx';
import { ListingRestrictionBadge } from '../../../components/listing-restriction.tsx';

/** Recent Drops ('Last 2h'): the first 5 items, with brand and local detection time. */
export function RecentDropsPanel({ items, currency }: { items: PriceDropItem[]; currency: string }) {
  return (
    <DashboardSection title="Recent Drops" badge={{ label: 'Last 2h', color: 'blue' }} empty={items.length === 0 && 'No recent drops'} fill>
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
                  <Text size="xs" c="dimmed" data-testid="recent-drop-time">
                    {formatDateTime(item.detectedAt)}
                  </Text>
                </Group>
                <ListingRestrictionBadge restriction={item.listingRestriction} checkAgain={item.listing ?? undefined} />
              </Stack>
              <Stack gap={2} align="flex-end">
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={700} c="green.7" ta="right" data-testid="recent-drop-new-price">
                    <MoneyText parts={dropPriceParts(item, 'new', currency)} stacked />
                  </Text>
                  <Text size="xs" c="red.9" fw={600}>
                    {formatDrop(item.priceDropPercentage)}
                  </Text>
                </Group>
                <DropCategoryBadge category={item.dropCategory} />
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    </DashboardSection>
  );
}
