import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { ProfitBreakdown } from '@dealradar/shared/contracts/scans';
import { getMarket, type MarketId } from '@dealradar/shared/markets';
import { formatMoney, formatRate, moneyWithListAmountParts, rateText, type Conversion } from '@dealradar/shared/money';
import { MoneyText } from './money-text.tsx';
import { formatPercent, NO_VALUE } from '../lib/format.ts';

type Row = [label: string, value: ReactNode, note?: string];

/**
 * The rows of a profit breakdown (price, VAT, every fee line with its rule, cost), profit, ROI and the break-even
 * price, in the market's currency: the one breakdown of the supplier deals and the brand favorites. With a
 * `conversion` (the market's currency against the list's, docs/money.md) every amount carries its list amount, the
 * rate and the rate's day ('− £2.99 · €3.42 at 0.8745 on 28 Nov'); a sign never wraps away from its amount.
 */
export function BreakdownRows({ breakdown: b, market: marketId, conversion }: { breakdown: ProfitBreakdown; market: MarketId; conversion: Conversion | null }) {
  const market = getMarket(marketId);
  const money = (v: number | null, sign = '') => (
    <MoneyText
      stacked
      sign={sign}
      parts={conversion ? moneyWithListAmountParts(v, conversion) : { first: formatMoney(v, b.currency), second: null, rate: null }}
    />
  );
  const vatDeducted = b.seller ? b.seller.vatRegistered : true;
  const feeRows: Row[] = b.feeLines
    ? b.feeLines.map((line): Row => [line.label, line.amount < 0 ? money(-line.amount, '+ ') : money(line.amount, '− '), line.rule])
    : [
        ['Referral fee', money(b.referralFee, '− ')],
        ['FBA fee', money(b.fbaFee, '− ')],
      ];
  const rows: Row[] = [
    ['Buy box price', money(b.price), 'what the buyer pays'],
    vatDeducted
      ? [`VAT (${Math.round(market.vatRate * 100)}%)`, b.vat ? money(b.vat, '− ') : money(0)]
      : [`VAT (${Math.round(market.vatRate * 100)}%)`, 'not deducted', 'not VAT-registered: the whole price is revenue'],
    ...feeRows,
    [
      'Cost',
      b.cost === null ? 'no supplier price' : money(b.cost, '− '),
      b.numberOfPacks > 1 ? `${b.numberOfPacks}-pack: ${b.numberOfPacks} × unit cost` : '1 × unit cost',
    ],
  ];
  return (
    <>
      {conversion && (
        <Text size="xs" c="dimmed" data-testid="breakdown-rate">
          Amounts in {b.currency}, the {market.name} market&apos;s currency, each with its {conversion.listCurrency} amount {rateText(conversion)} (1{' '}
          {conversion.listCurrency} = {formatRate(conversion.rate)} {b.currency}, the reference rate of that day).
        </Text>
      )}
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
              <Table.Td ta="right" ff="monospace" style={conversion ? { minWidth: 150 } : undefined}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr data-testid="breakdown-profit">
            <Table.Td fw={700}>Profit</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700} c={b.profit !== null && b.profit < 0 ? 'red' : 'green.8'}>
              {money(b.profit)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>ROI</Table.Td>
            <Table.Td ta="right" ff="monospace" fw={700}>
              {b.roi === null ? NO_VALUE : formatPercent(b.roi * 100)}
            </Table.Td>
          </Table.Tr>
          {b.breakEvenPrice != null && (
            <Table.Tr data-testid="breakdown-break-even">
              <Table.Td>
                <Text size="sm">Break-even price</Text>
                <Text size="xs" c="dimmed">
                  the lowest buy box price at which this cost makes no loss
                </Text>
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {money(b.breakEvenPrice)}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </>
  );
}
