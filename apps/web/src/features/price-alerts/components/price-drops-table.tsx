import type { ReactNode } from 'react';
import { Badge, Group, Image, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
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
import { formatCount, NO_VALUE } from '../../../lib/format.ts';

interface Props {
  items: PriceDropItem[];
  currency: string;
  /** Live data: the ROI badge opens the profit basis (example rows make no server call). */
  live: boolean;
  sortBy: PriceDropSortField;
  sortOrder: 'asc' | 'desc';
  onSort(field: PriceDropSortField): void;
  /** "Add to buy list" of a drop, composed by the screen (live drops only). */
  renderBuyList?: (item: PriceDropItem) => ReactNode;
}

/** Below this width the table scrolls sideways (tablets); from 1280 px windows up it fits its card. */
const MIN_TABLE_WIDTH = 860;

function SortButton({ field, label, props }: { field: PriceDropSortField; label: string; props: Props }) {
  const active = props.sortBy === field;
  const Icon = !active ? IconSelector : props.sortOrder === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton onClick={() => props.onSort(field)}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
        <Icon size={14} />
      </Group>
    </UnstyledButton>
  );
}

/** A header cell with one or more sort buttons; aria-sort follows the one that sorts the table now. */
function SortHeader({ fields, props }: { fields: Array<{ field: PriceDropSortField; label: string }>; props: Props }) {
  const active = fields.some((f) => f.field === props.sortBy);
  return (
    <Table.Th aria-sort={active ? (props.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Stack gap={2}>
        {fields.map((f) => (
          <SortButton key={f.field} field={f.field} label={f.label} props={props} />
        ))}
      </Stack>
    </Table.Th>
  );
}

/**
 * The price-drops table: every item field except productId and the VAT-inclusive prices (SPEC §3). Compact enough to
 * fit a 1280 px window with the sidebar open: the EAN sits under the product name, new and old price share a column,
 * category and priority share one, the date wraps after its comma and the link is an icon (docs/web-shell.md).
 */
export function PriceDropsTable(props: Props) {
  const { items, currency } = props;
  return (
    <Table.ScrollContainer minWidth={MIN_TABLE_WIDTH}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={8} data-testid="price-drops-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader fields={[{ field: 'productName', label: 'Product' }]} props={props} />
            <SortHeader fields={[{ field: 'productBrand', label: 'Brand' }]} props={props} />
            <SortHeader fields={[{ field: 'stock', label: 'Stock' }]} props={props} />
            <SortHeader
              fields={[
                { field: 'newPriceExclVat', label: 'New price' },
                { field: 'oldPriceExclVat', label: 'Old price' },
              ]}
              props={props}
            />
            <SortHeader fields={[{ field: 'priceDropPercentage', label: 'Drop' }]} props={props} />
            <SortHeader
              fields={[
                { field: 'bestRoiPercentage', label: 'Best ROI' },
                { field: 'estimatedMonthlyProfit', label: 'Profit/month' },
              ]}
              props={props}
            />
            <Table.Th>Category · Priority</Table.Th>
            <SortHeader fields={[{ field: 'detectedAt', label: 'Detected' }]} props={props} />
            <Table.Th>
              <Text size="sm" fw={600}>
                Link
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="price-drop-row">
              <Table.Td miw={170}>
                <Group gap="sm" wrap="nowrap">
                  {item.productImageUrl && <Image src={item.productImageUrl} alt="" w={40} h={40} fit="contain" />}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" lineClamp={2} title={item.productName}>
                      {item.productName}
                    </Text>
                    <Text size="xs" ff="monospace" c="dimmed" data-testid="drop-ean">
                      {item.productPrimaryIdentifier}
                    </Text>
                    {/* The estimate of the Best-ROI listing (live drops with a listing; example rows carry none). */}
                    {item.salesEstimate !== undefined && item.bestRoiPercentage !== null && (
                      <SalesEstimateLine estimate={item.salesEstimate} monthlyProfit={item.estimatedMonthlyProfit} currency={currency} />
                    )}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td data-testid="drop-brand">
                <Text size="sm">{item.productBrand}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{item.stock === null ? NO_VALUE : formatCount(item.stock)}</Text>
              </Table.Td>
              <Table.Td style={{ minWidth: 120 }}>
                <Text size="sm" fw={700} c="green.7" data-testid="drop-new-price">
                  <MoneyText parts={dropPriceParts(item, 'new', currency)} />
                </Text>
                <Text size="xs" c="dimmed" td="line-through" data-testid="drop-old-price">
                  <MoneyText parts={dropPriceParts(item, 'old', currency)} />
                </Text>
              </Table.Td>
              <Table.Td data-testid="drop-percentage">
                <Text size="sm" fw={600} c="red.9" style={{ whiteSpace: 'nowrap' }}>
                  {formatDrop(item.priceDropPercentage)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <DropRoiBadge item={item} interactive={props.live} />
                  {/* Amazon's answer for the organization's seller account on the listing of the Best-ROI market. */}
                  <ListingRestrictionBadge restriction={item.listingRestriction} checkAgain={item.listing ?? undefined} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <DropCategoryBadge category={item.dropCategory} />
                  <Badge size="sm" variant="outline" color={PRIORITY_COLORS[item.priority as DropPriority] ?? 'gray'} data-testid="drop-priority-badge">
                    {DROP_PRIORITY_LABELS[item.priority as DropPriority] ?? item.priority}
                  </Badge>
                </Stack>
              </Table.Td>
              <Table.Td miw={88} data-testid="drop-detected">
                <Text size="xs">{formatDateTime(item.detectedAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  {item.qogitaLink ? (
                    <ExternalLink href={item.qogitaLink} iconOnly>
                      View on Qogita
                    </ExternalLink>
                  ) : (
                    NO_VALUE
                  )}
                  {props.renderBuyList?.(item)}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
