import { Divider, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { getMarket } from '@dealradar/shared/markets';
import { formatEur, formatMoney, formatPercent } from '../deal-format.ts';

/** How a deal's profit was computed: price, VAT, referral, FBA, cost, profit, ROI (market currency). */
export function ProfitBreakdownModal({ deal, onClose }: { deal: DealProduct | null; onClose: () => void }) {
  return (
    <Modal opened={deal !== null} onClose={onClose} title="Profit breakdown" centered size="md">
      {deal && <BreakdownTable deal={deal} />}
    </Modal>
  );
}

function BreakdownTable({ deal }: { deal: DealProduct }) {
  const b = deal.breakdown;
  const market = getMarket(deal.market);
  const money = (v: number | null) => formatMoney(v, b.currency);
  const rows: Array<[string, string, string?]> = [
    ['Buy box price', money(b.price), 'what the buyer pays'],
    [`VAT (${Math.round(market.vatRate * 100)}%)`, b.vat ? `− ${money(b.vat)}` : money(0)],
    ['Referral fee', `− ${money(b.referralFee)}`],
    ['FBA fee', `− ${money(b.fbaFee)}`],
    ['Cost', b.cost === null ? 'no supplier price' : `− ${money(b.cost)}`, b.numberOfPacks > 1 ? `${b.numberOfPacks} packs × unit price` : 'supplier price'],
  ];
  return (
    <Stack gap="sm" data-testid="profit-breakdown">
      <div>
        <Text fw={600} lineClamp={2}>{deal.productName ?? deal.ean}</Text>
        <Text size="xs" c="dimmed">{market.name} · EAN {deal.ean} · ASIN {deal.asin}</Text>
      </div>
      <Table fz="sm" verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([label, value, note]) => (
            <Table.Tr key={label}>
              <Table.Td>
                <Text size="sm">{label}</Text>
                {note && <Text size="xs" c="dimmed">{note}</Text>}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">{value}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>Profit</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700} c={b.profit !== null && b.profit < 0 ? 'red' : 'green.8'}>{money(b.profit)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>ROI</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700}>{b.roi === null ? '—' : formatPercent(b.roi * 100)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Divider />
      <Group justify="space-between">
        <Text size="sm">Max buy price for {formatPercent(deal.minRoi * 100, 0)} ROI</Text>
        <Text size="sm" fw={600}>{formatEur(deal.maxBuyPrice)}</Text>
      </Group>
      {b.currency !== 'EUR' && (
        <Text size="xs" c="dimmed">
          Supplier prices are in EUR, converted at 1 EUR = {b.fxRate.toFixed(4)} {b.currency} ({b.fxDate}).
        </Text>
      )}
    </Stack>
  );
}
