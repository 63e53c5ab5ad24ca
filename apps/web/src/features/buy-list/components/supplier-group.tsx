import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Menu, NumberInput, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChevronDown, IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MAX_BUY_LIST_QUANTITY } from '@dealradar/shared/buy-list';
import type { BuyLine, BuyList, BuyListSupplier, PurchaseOrderFormat } from '@dealradar/shared/contracts/buy-list';
import { formatCount, formatPercent } from '@dealradar/shared/number-format';
import { formatDateTime } from '../../../lib/date-format.ts';
import { primaryCountryQueryOptions } from '../../../lib/primary-country.ts';
import { changeSourceText, changeText, daysText, defaultOrderCsvFormat, formatEur, formatRoi, ORDER_CSV_OPTIONS } from '../buy-list-format.ts';
import { QogitaWatchlistPanel } from './qogita-watchlist.tsx';

export interface SupplierGroupActions {
  onQuantity: (line: BuyLine, quantity: number) => void;
  onRemove: (line: BuyLine) => void;
  onMov: (supplierName: string, mov: number | null) => void;
  onDownload: (supplierName: string, format: PurchaseOrderFormat) => void;
  busy: boolean;
  downloading: boolean;
}

/**
 * One supplier of the buy list: its figures, minimum order value, lines and purchase order. A Qogita seller's group
 * shows the offer's MOV (not editable) and sends its lines to the Qogita watchlist.
 */
export function SupplierGroup({
  supplier,
  actions,
  watchlist,
}: {
  supplier: BuyListSupplier;
  actions: SupplierGroupActions;
  watchlist?: BuyList['qogitaWatchlist'];
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="buy-list-supplier" data-supplier={supplier.supplierName}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Text fw={700} size="lg" data-testid="buy-list-supplier-name">
              {supplier.supplierName}
            </Text>
            <Text size="xs" c="dimmed">
              {supplier.lines.length} line{supplier.lines.length === 1 ? '' : 's'} · amounts in EUR
            </Text>
          </div>
          <Group gap="xs">
            <PurchaseOrderCsv supplierName={supplier.supplierName} actions={actions} />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              disabled={actions.downloading}
              onClick={() => actions.onDownload(supplier.supplierName, 'xlsx')}
              data-testid="buy-list-download-order-xlsx"
            >
              XLSX
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
          <Figure label="Units" value={formatCount(supplier.units)} testId="buy-list-units" />
          <Figure label="Order value (excl. VAT)" value={formatEur(supplier.orderValue)} testId="buy-list-order-value" />
          <Figure label="Capital (with purchase VAT)" value={formatEur(supplier.capital)} testId="buy-list-capital" />
          <Figure label="Expected profit" value={formatEur(supplier.expectedProfit)} testId="buy-list-profit" />
          <Figure label="ROI" value={formatRoi(supplier.roi)} testId="buy-list-roi" />
          <Figure
            label="Days to sell (estimate)"
            value={daysText(supplier.daysToSell)}
            hint={
              supplier.linesWithoutShare > 0 && supplier.daysToSell !== null ? `${supplier.linesWithoutShare} line(s) without an estimate left out` : undefined
            }
            testId="buy-list-days"
          />
        </SimpleGrid>
        {supplier.source === 'qogita' ? (
          <>
            <QogitaMov supplier={supplier} />
            {watchlist && <QogitaWatchlistPanel supplier={supplier} watchlist={watchlist} />}
          </>
        ) : (
          <MovEditor key={String(supplier.minOrderValue)} supplier={supplier} onSave={actions.onMov} busy={actions.busy} />
        )}
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Line total</Table.Th>
                <Table.Th ta="right">Profit</Table.Th>
                <Table.Th ta="right">ROI</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {supplier.lines.map((line) => (
                <LineRow key={`${line.id}:${line.quantity}`} line={line} actions={actions} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

/**
 * The purchase order as CSV: the main button gives the CSV a spreadsheet of the user's region opens by double-click
 * (continental Europe: semicolons and decimal commas; UK: commas and decimal points), the menu both.
 */
function PurchaseOrderCsv({ supplierName, actions }: { supplierName: string; actions: SupplierGroupActions }) {
  const region = useQuery(primaryCountryQueryOptions);
  const preferred = defaultOrderCsvFormat(region.data?.country);
  const option = ORDER_CSV_OPTIONS.find((o) => o.format === preferred)!;
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        loading={actions.downloading}
        onClick={() => actions.onDownload(supplierName, preferred)}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
        data-testid="buy-list-download-order"
        data-format={preferred}
      >
        Purchase order ({preferred === 'excel-csv' ? 'CSV for Excel' : 'CSV'})
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            size={30}
            variant="light"
            aria-label="Purchase order: choose the CSV"
            disabled={actions.downloading}
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
            data-testid="buy-list-order-formats"
          >
            <IconChevronDown size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {ORDER_CSV_OPTIONS.map((o) => (
            <Menu.Item key={o.format} onClick={() => actions.onDownload(supplierName, o.format)} data-testid={`buy-list-order-${o.format}`}>
              <Text size="sm">
                {o.label}
                {o === option ? ' · your region' : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {o.hint}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm" data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
}

/** The MOV of a Qogita seller's offer: shown, with the same warning and badge, but set by Qogita. */
function QogitaMov({ supplier }: { supplier: BuyListSupplier }) {
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" data-testid="buy-list-qogita-mov">
          Minimum order value (from the Qogita offer): {supplier.minOrderValue === null ? 'none' : formatEur(supplier.minOrderValue)}
        </Text>
        {supplier.movMet === true && (
          <Badge color="green" variant="light" leftSection={<IconCheck size={12} />} data-testid="buy-list-mov-met">
            Minimum order value met
          </Badge>
        )}
      </Group>
      <MovWarning supplier={supplier} />
    </Stack>
  );
}

function MovWarning({ supplier }: { supplier: BuyListSupplier }) {
  if (supplier.movMet !== false) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" data-testid="buy-list-mov-warning">
      Below the minimum order value of {formatEur(supplier.minOrderValue)}: add {formatEur(supplier.movShortfall)} more (excl. VAT) to order from this supplier.
    </Alert>
  );
}

function MovEditor({ supplier, onSave, busy }: { supplier: BuyListSupplier; onSave: SupplierGroupActions['onMov']; busy: boolean }) {
  const [value, setValue] = useState<number | string>(supplier.minOrderValue ?? '');
  const parsed = value === '' ? null : Number(value);
  const changed = parsed !== supplier.minOrderValue;
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput
          label="Minimum order value (EUR excl. VAT)"
          placeholder="none"
          value={value}
          onChange={setValue}
          min={0}
          decimalScale={2}
          w={240}
          size="xs"
          data-testid="buy-list-mov-input"
        />
        <Button size="xs" variant="default" disabled={!changed || busy} onClick={() => onSave(supplier.supplierName, parsed)} data-testid="buy-list-mov-save">
          Save MOV
        </Button>
        {supplier.movMet === true && (
          <Badge color="green" variant="light" leftSection={<IconCheck size={12} />} data-testid="buy-list-mov-met">
            Minimum order value met
          </Badge>
        )}
      </Group>
      <MovWarning supplier={supplier} />
    </Stack>
  );
}

function LineRow({ line, actions }: { line: BuyLine; actions: SupplierGroupActions }) {
  const [quantity, setQuantity] = useState<number | string>(line.quantity);
  const value = Number(quantity);
  const valid = Number.isInteger(value) && value >= 1 && value <= MAX_BUY_LIST_QUANTITY;
  const dirty = valid && value !== line.quantity;
  const save = () => {
    if (dirty) actions.onQuantity(line, value);
  };
  return (
    <Table.Tr data-testid="buy-list-line" data-ean={line.ean}>
      <Table.Td maw={320}>
        <Text size="sm" fw={500} lineClamp={2}>
          {line.productName ?? 'Unnamed product'}
        </Text>
        <Text size="xs" c="dimmed">
          EAN {line.ean} · {line.market} · ASIN {line.asin}
          {line.unitsPerCase > 1 ? ` · cases of ${line.unitsPerCase}` : ''}
          {line.addedBy ? ` · added by ${line.addedBy}` : ''}
          {line.stock !== null ? ` · seller's stock ${formatCount(line.stock)}` : ''}
        </Text>
        {line.watchlist && (
          <Text size="xs" c="grape.8" data-testid="buy-list-line-watchlist">
            On the Qogita watchlist: target {formatEur(line.watchlist.targetPrice)} × {formatCount(line.watchlist.targetQuantity)} (
            {formatDateTime(line.watchlist.sentAt)})
          </Text>
        )}
        {line.changed && (
          <Tooltip label={changeSourceText(line.changed)} multiline w={300}>
            <Badge
              color="yellow"
              variant="light"
              mt={4}
              maw="100%"
              style={{ whiteSpace: 'normal', height: 'auto' }}
              data-testid="buy-list-line-changed"
              data-reason={line.changed.reason}
            >
              {changeText(line, line.changed)}
            </Badge>
          </Tooltip>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <NumberInput
            value={quantity}
            onChange={setQuantity}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
            }}
            min={1}
            max={MAX_BUY_LIST_QUANTITY}
            step={Math.max(1, line.unitsPerCase)}
            allowDecimal={false}
            w={110}
            size="xs"
            aria-label={`Quantity of ${line.ean}`}
            error={!valid}
            data-testid="buy-list-line-quantity"
          />
        </Group>
      </Table.Td>
      <Table.Td ta="right">{formatEur(line.unitPrice)}</Table.Td>
      <Table.Td ta="right" data-testid="buy-list-line-total">
        {formatEur(line.lineTotal)}
      </Table.Td>
      <Table.Td ta="right">{formatEur(line.expectedProfit)}</Table.Td>
      <Table.Td ta="right">{formatPercent(line.roiPercentage)}</Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${line.ean}`}
          disabled={actions.busy}
          onClick={() => actions.onRemove(line)}
          data-testid="buy-list-line-remove"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
