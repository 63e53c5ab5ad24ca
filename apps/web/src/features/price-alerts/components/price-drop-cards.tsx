import type { ReactNode } from 'react';
import { Badge, Group, Image, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { PriceDropItem, PriceDropSortField } from '@dealradar/shared/contracts/price-drops';
import { DROP_PRIORITY_LABELS, type DropPriority } from '@dealradar/shared/drops';
import { formatDateTime, formatDrop } from '../../../lib/drop-format.ts';
import { MoneyText } from '../../../components/money-text.tsx';
import { dropPriceParts } from '../../../lib/drop-money.ts';
import { DropCategoryBadge } from '../../../components/drop-category-badge.tsx';
import { DropRoiBadge } from './drop-profit-popover.tsx';
import { PRIORITY_COLORS } from './price-alerts-info.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { ListingRestrictionBadge } from '../../../components/listing-restriction.tsx';
import { SalesEstimateLine } from '../../../components/sales-estimate.tsx';
import { formatCount } from '../../../lib/format.ts';

interface Props {
  items: PriceDropItem[];
  currency: string;
  live: boolean;
  sortBy: PriceDropSortField;
  sortOrder: 'asc' | 'desc';
  onSortChange(sortBy: PriceDropSortField, sortOrder: 'asc' | 'desc'): void;
  /** "Add to buy list" of a drop, composed by the screen (live drops only). */
  renderBuyList?: (item: PriceDropItem) => ReactNode;
}

const SORT_OPTIONS: Array<{ value: string; label: string }> = [
  { value: 'detectedAt:desc', label: 'Newest first' },
  { value: 'detectedAt:asc', label: 'Oldest first' },
  { value: 'priceDropPercentage:desc', label: 'Biggest drop' },
  { value: 'bestRoiPercentage:desc', label: 'Highest Best ROI' },
  { value: 'estimatedMonthlyProfit:desc', label: 'Monthly profit (estimate)' },
  { value: 'newPriceExclVat:asc', label: 'Lowest new price' },
  { value: 'newPriceExclVat:desc', label: 'Highest new price' },
  { value: 'productName:asc', label: 'Product A–Z' },
  { value: 'productBrand:asc', label: 'Brand A–Z' },
  { value: 'stock:desc', label: 'Most stock' },
];

/** Phone layout of the price-drops list: one card per drop with the same fields as the table, and a sort select. */
export function PriceDropCards({ items, currency, live, sortBy, sortOrder, onSortChange, renderBuyList }: Props) {
  const current = `${sortBy}:${sortOrder}`;
  const options = SORT_OPTIONS.some((o) => o.value === current) ? SORT_OPTIONS : [{ value: current, label: `${sortBy} ${sortOrder}` }, ...SORT_OPTIONS];
  return (
    <Stack gap="sm" mt="sm" data-testid="price-drop-cards">
      <NativeSelect
        label="Sort by"
        data={options}
        value={current}
        onChange={(e) => {
          const [field, order] = e.currentTarget.value.split(':') as [PriceDropSortField, 'asc' | 'desc'];
          onSortChange(field, order);
        }}
      />
      {items.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="sm" data-testid="price-drop-row">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {item.productImageUrl && <Image src={item.productImageUrl} alt="" w={48} h={48} fit="contain" />}
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {item.productName}
              </Text>
              <Text size="xs" c="dimmed">
                {item.productBrand} · <span style={{ fontFamily: 'monospace' }}>{item.productPrimaryIdentifier}</span>
              </Text>
              <Group gap={8} wrap="wrap">
                <Text size="sm" fw={700} c="green.7" data-testid="drop-new-price">
                  <MoneyText parts={dropPriceParts(item, 'new', currency)} />
                </Text>
                <Text size="xs" c="dimmed" td="line-through" data-testid="drop-old-price">
                  <MoneyText parts={dropPriceParts(item, 'old', currency)} />
                </Text>
                <Text size="xs" fw={600} c="red.9">
                  {formatDrop(item.priceDropPercentage)}
                </Text>
                <Text size="xs" c="dimmed">
                  excl. VAT
                </Text>
              </Group>
              <Group gap={6} wrap="wrap">
                <DropCategoryBadge category={item.dropCategory} />
                <Badge size="sm" variant="outline" color={PRIORITY_COLORS[item.priority as DropPriority] ?? 'gray'}>
                  {DROP_PRIORITY_LABELS[item.priority as DropPriority] ?? item.priority}
                </Badge>
              </Group>
              {/* Its own labelled line, apart from the drop percentage: the best ROI and its Amazon market. */}
              <Group gap={6} wrap="nowrap" data-testid="drop-card-roi">
                <Text size="xs" c="dimmed">
                  Best ROI on Amazon
                </Text>
                <DropRoiBadge item={item} interactive={live} />
              </Group>
              <ListingRestrictionBadge restriction={item.listingRestriction} checkAgain={item.listing ?? undefined} />
              {item.salesEstimate !== undefined && item.bestRoiPercentage !== null && (
                <SalesEstimateLine estimate={item.salesEstimate} monthlyProfit={item.estimatedMonthlyProfit} currency={currency} />
              )}
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {item.stock === null ? '' : `${formatCount(item.stock)} left · `}
                  {formatDateTime(item.detectedAt)}
                </Text>
                {item.qogitaLink && <ExternalLink href={item.qogitaLink}>View on Qogita</ExternalLink>}
              </Group>
              {renderBuyList && <Group justify="flex-end">{renderBuyList(item)}</Group>}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
