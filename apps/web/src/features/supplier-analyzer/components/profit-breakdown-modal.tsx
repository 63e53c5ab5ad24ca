import { Divider, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { getMarket } from '@dealradar/shared/markets';
import { formatEur, formatMoney, formatPercent, formatRoiThreshold } from '../deal-format.ts';
import { HelpLink } from '../../../components/help-link.tsx';
import { AmazonBuyBoxBadge } from '../../../components/amazon-buy-box-badge.tsx';
import { sellerProfileText } from '../../../lib/seller-profile-text.ts';

/** How a deal's profit was computed: price, VAT, every fee line with its rule, cost, profit, ROI (market currency). */
export function ProfitBreakdownModal({ deal, onClose }: { deal: DealProduct | null; onClose: () => void }) {
  return (
    <Modal
      opened={deal !== null}
      onClose={onClose}
      title={
        <Group gap={6}>
          Profit breakdown
          <HelpLink doc="profit-and-roi" section="fee-lines" label="How profit and ROI are computed" />
        </Group>
      }
      centered
      size="md"
    >
      {deal && <BreakdownTable deal={deal} />}
    </Modal>
  );
}

function BreakdownTable({ deal }: { deal: DealProduct }) {
  const b = deal.breakdown;
  const market = getMarket(deal.market);
  const money = (v: number | null) => formatMoney(v, b.currency);
  const vatDeducted = b.seller ? b.seller.vatRegistered : true;
  const feeRows: Array<[string, string, string?]> = b.feeLines
    ? b.feeLines.map((line) => [line.label, line.amount < 0 ? `+ ${money(-line.amount)}` : `− ${money(line.amount)}`, line.rule])
    : [
        ['Referral fee', `− ${money(b.referralFee)}`],
        ['FBA fee', `− ${money(b.fbaFee)}`],
      ];
  const rows: Array<[string, string, string?]> = [
    ['Buy box price', money(b.price), 'what the buyer pays'],
    vatDeducted
      ? [`VAT (${Math.round(market.vatRate * 100)}%)`, b.vat ? `− ${money(b.vat)}` : money(0)]
      : [`VAT (${Math.round(market.vatRate * 100)}%)`, 'not deducted', 'not VAT-registered: the whole price is revenue'],
    ...feeRows,
    [
      'Cost',
      b.cost === null ? 'no supplier price' : `− ${money(b.cost)}`,
      b.numberOfPacks > 1 ? `${b.numberOfPacks}-pack: ${b.numberOfPacks} × unit cost` : '1 × unit cost',
    ],
  ];
  return (
    <Stack gap="sm" data-testid="profit-breakdown">
      <div>
        <Text fw={600} lineClamp={2}>
          {deal.productName ?? deal.ean}
        </Text>
        <Text size="xs" c="dimmed">
          {market.name} · EAN {deal.ean} · ASIN {deal.asin}
        </Text>
        {deal.amazonHoldsBuyBox && <AmazonBuyBoxBadge />}
        {b.seller && (
          <Text size="xs" c="dimmed" data-testid="breakdown-seller">
            {sellerProfileText(b.seller)}
            {b.rulesDate ? ` · fee rules in force on ${b.rulesDate}` : ''}
          </Text>
        )}
      </div>
      <Table fz="sm" verticalSpacing={6}>
        <Table.Tbody>
          {rows.map(([label, value, note]) => (
            <Table.Tr key={`${label}|${note ?? ''}`}>
              <Table.Td>
                <Text size="sm">{label}</Text>
                {note && (
                  <Text size="xs" c="dimmed">
                    {note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>Profit</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700} c={b.profit !== null && b.profit < 0 ? 'red' : 'green.8'}>
              {money(b.profit)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>ROI</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700}>
              {b.roi === null ? '—' : formatPercent(b.roi * 100)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Table fz="sm" verticalSpacing={4} data-testid="supplier-cost">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Supplier price{deal.unitsPerPrice > 1 ? ' (case)' : ''}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatEur(deal.casePrice)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Units per price</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {deal.unitsPerPrice}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Unit cost</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatEur(deal.supplierPrice)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Divider />
      <Group justify="space-between">
        <Text size="sm">Max buy price for {formatRoiThreshold(deal.minRoi)} ROI</Text>
        <Text size="sm" fw={600}>
          {formatEur(deal.maxBuyPrice)}
        </Text>
      </Group>
      {b.currency !== 'EUR' && (
        <Text size="xs" c="dimmed">
          Supplier prices are in EUR, converted at 1 EUR = {b.fxRate.toFixed(4)} {b.currency} ({b.fxDate}).
        </Text>
      )}
    </Stack>
  );
}
