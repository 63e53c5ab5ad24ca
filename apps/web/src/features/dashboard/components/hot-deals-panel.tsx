import { Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { DropCategoryBadge } from '../../../components/drop-category-badge.tsx';
import { formatDrop } from '../../../lib/drop-format.ts';
import { dropPriceParts } from '../../../lib/drop-money.ts';
import { MoneyText } from '../../../components/money-text.tsx';
import { DashboardSection } from './dashboard-section.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { ListingRestrictionBadge } from '../../../components/listing-restriction.tsx';
import { formatCount } from '../../../lib/format.ts';

function HotDeal({ item, currency }: { item: PriceDropItem; currency: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="hot-deal">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {item.productImageUrl && <Image src={item.productImageUrl} alt={item.productName} w={60} h={60} fit="contain" radius="sm" />}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2}>
            {item.productName}
          </Text>
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {item.productBrand}
            </Text>
            <DropCategoryBadge category={item.dropCategory} />
          </Group>
          <Group gap="sm" align="baseline">
            <Text fw={700} c="green.7" data-testid="hot-deal-new-price">
              <MoneyText parts={dropPriceParts(item, 'new', currency)} />
            </Text>
            <Text size="sm" c="dimmed" td="line-through">
              <MoneyText parts={dropPriceParts(item, 'old', currency)} />
            </Text>
            <Badge color="red" variant="filled" size="sm">
              {formatDrop(item.priceDropPercentage)}
            </Badge>
          </Group>
          <Group gap="md">
            {item.stock !== null && item.stock !== undefined && (
              <Text size="xs" c="dimmed">
                {formatCount(item.stock)} left
              </Text>
            )}
            {item.qogitaLink && <ExternalLink href={item.qogitaLink}>View on Qogita</ExternalLink>}
          </Group>
          <ListingRestrictionBadge restriction={item.listingRestriction} checkAgain={item.listing ?? undefined} />
        </Stack>
      </Group>
    </Paper>
  );
}

/** How many hot deals the panel shows at most (SPEC §4, §9: 'Top 5'). */
export const HOT_DEALS_SHOWN = 5;

/**
 * Hot Deals: the biggest active drops. The badge says how many are shown: 'Top 5' (SPEC's text) when five are, 'Top 3'
 * above the example data's three hot deals (SPEC §9), no badge when there are none.
 */
export function HotDealsPanel({ items, currency }: { items: PriceDropItem[]; currency: string }) {
  const shown = items.slice(0, HOT_DEALS_SHOWN);
  return (
    <DashboardSection
      title="Hot Deals"
      badge={shown.length > 0 ? { label: `Top ${shown.length}`, color: 'red' } : undefined}
      empty={shown.length === 0 && 'No hot deals found'}
      fill
    >
      <Stack gap="sm">
        {shown.map((item) => (
          <HotDeal key={item.id} item={item} currency={currency} />
        ))}
      </Stack>
    </DashboardSection>
  );
}
