import { Badge, Group, Image, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { PriceDropItem, PriceDropSortField } from '@dealradar/shared/contracts/price-drops';
import { DROP_PRIORITY_LABELS, type DropPriority } from '@dealradar/shared/drops';
import { formatDateTime, formatDrop, formatMoney } from '../../../lib/drop-format.ts';
import { DropCategoryBadge } from '../../../components/drop-category-badge.tsx';
import { DropRoiBadge } from './drop-profit-popover.tsx';
import { PRIORITY_COLORS } from './price-alerts-info.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';

interface Props {
  items: PriceDropItem[];
  currency: string;
  /** Live data: the ROI badge opens the profit basis (example rows make no server call). */
  live: boolean;
  sortBy: PriceDropSortField;
  sortOrder: 'asc' | 'desc';
  onSort(field: PriceDropSortField): void;
}

function SortHeader({ field, label, props }: { field: PriceDropSortField; label: string; props: Props }) {
  const active = props.sortBy === field;
  const Icon = !active ? IconSelector : props.sortOrder === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (props.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => props.onSort(field)}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {label}
          </Text>
          <Icon size={14} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The price-drops table: every item field except productId and the VAT-inclusive prices (SPEC §3). */
export function PriceDropsTable(props: Props) {
  const { items, currency } = props;
  return (
    <Table.ScrollContainer minWidth={1450}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="price-drops-table">
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="productName" label="Product" props={props} />
            <SortHeader field="productBrand" label="Brand" props={props} />
            <Table.Th>EAN</Table.Th>
            <SortHeader field="stock" label="Stock" props={props} />
            <SortHeader field="oldPriceExclVat" label="Old price (excl. VAT)" props={props} />
            <SortHeader field="newPriceExclVat" label="New price (excl. VAT)" props={props} />
            <SortHeader field="priceDropPercentage" label="Drop" props={props} />
            <Table.Th>Best ROI</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Priority</Table.Th>
            <SortHeader field="detectedAt" label="Detected" props={props} />
            <Table.Th>Link</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="price-drop-row">
              <Table.Td miw={260} maw={340}>
                <Group gap="sm" wrap="nowrap">
                  {item.productImageUrl && <Image src={item.productImageUrl} alt="" w={40} h={40} fit="contain" />}
                  <Text size="sm" lineClamp={2} title={item.productName}>
                    {item.productName}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>{item.productBrand}</Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {item.productPrimaryIdentifier}
                </Text>
              </Table.Td>
              <Table.Td>{item.stock === null ? '–' : item.stock.toLocaleString('en-US')}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" td="line-through">
                  {formatMoney(item.oldPriceExclVat, currency)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={700} c="green.7">
                  {formatMoney(item.newPriceExclVat, currency)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c="red.7">
                  {formatDrop(item.priceDropPercentage)}
                </Text>
              </Table.Td>
              <Table.Td>
                <DropRoiBadge item={item} interactive={props.live} />
              </Table.Td>
              <Table.Td>
                <DropCategoryBadge category={item.dropCategory} />
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="outline" miw={80} color={PRIORITY_COLORS[item.priority as DropPriority] ?? 'gray'}>
                  {DROP_PRIORITY_LABELS[item.priority as DropPriority] ?? item.priority}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{formatDateTime(item.detectedAt)}</Text>
              </Table.Td>
              <Table.Td>
                {item.qogitaLink ? (
                  <ExternalLink href={item.qogitaLink} size="sm">
                    View on Qogita
                  </ExternalLink>
                ) : (
                  '–'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
