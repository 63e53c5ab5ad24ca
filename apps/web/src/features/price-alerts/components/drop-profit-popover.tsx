import { useState } from 'react';
import { Badge, Box, Group, Popover, Table, Text, UnstyledButton } from '@mantine/core';
import type { PriceDropItem, PriceDropProfit } from '@dealradar/shared/contracts/price-drops';
import { roiBadgeColor } from '@dealradar/shared/roi';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDropProfit } from '../api/price-alerts-queries.ts';
import { conversionOf, formatMoney, moneyWithListAmountParts } from '@dealradar/shared/money';
import type { ReactNode } from 'react';
import { MoneyText } from '../../../components/money-text.tsx';
import { HelpLink } from '../../../components/help-link.tsx';
import { AmazonBuyBoxBadge } from '../../../components/amazon-buy-box-badge.tsx';
import { sellerProfileText } from '../../../lib/seller-profile-text.ts';
import { ListingRestrictionLine } from '../../../components/listing-restriction.tsx';
import { AmazonFeeComparison } from '../../../components/amazon-fee-comparison.tsx';
import { ApprovalWorthLine, SalesEstimateRows } from '../../../components/sales-estimate.tsx';
import { NO_VALUE } from '../../../lib/format.ts';

const pct = (fraction: number) => `${(fraction * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/**
 * The ROI badge; on live data a click opens the basis (price, VAT, referral, FBA, cost, profit, ROI), with
 * Amazon's own fee estimate beside ours when the organization has a connected seller account.
 */
export function DropRoiBadge({ item, interactive }: { item: PriceDropItem; interactive: boolean }) {
  const [opened, setOpened] = useState(false);
  if (item.bestRoiPercentage === null) {
    return (
      <Text size="xs" c="dimmed">
        {NO_VALUE}
      </Text>
    );
  }
  const badge = (
    <Badge
      size="sm"
      color={roiBadgeColor(item.bestRoiPercentage)}
      variant="light"
      style={{ overflow: 'visible', cursor: interactive ? 'pointer' : undefined }}
      miw={90}
    >
      {item.bestRoiPercentage.toLocaleString('en-US', { maximumFractionDigits: 1 })}% {item.bestRoiMarket}
    </Badge>
  );
  if (!interactive) return badge;
  // The basis with Amazon's fee estimate is taller than a screen: the dropdown stays open while the page scrolls to its
  // end (hideDetached would hide it as soon as the ROI badge scrolls out of view).
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={360}
      position="bottom-end"
      withArrow
      shadow="md"
      hideDetached={false}
      middlewares={{ flip: true, shift: { padding: 8 } }}
    >
      <Popover.Target>
        <UnstyledButton onClick={() => setOpened((o) => !o)} aria-label={`Show the profit basis of ${item.productName}`}>
          {badge}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>{opened && <DropProfitDetail id={item.id} ean={item.productId} />}</Popover.Dropdown>
    </Popover>
  );
}

function DropProfitDetail({ id, ean }: { id: number; ean: string }) {
  const profit = useDropProfit(id, true);
  if (profit.isPending) return <Text size="sm">Loading profit basis...</Text>;
  if (profit.isError)
    return (
      <Text size="sm" c="red">
        {errorMessage(profit.error, 'Failed to load the profit basis')}
      </Text>
    );
  return <ProfitBasis data={profit.data} ean={ean} />;
}

/**
 * The breakdown rows in the Amazon market's currency; in a market with another currency than the drops' EUR, each
 * amount with its euro amount, the rate and its day (docs/money.md), a sign kept with its amount.
 */
export function ProfitBasis({ data, ean }: { data: PriceDropProfit; ean?: string }) {
  const conversion = data.currency !== 'EUR' && data.fxRate > 0 ? conversionOf(data.currency, 'EUR', data.fxRate, 1, data.fxDate) : null;
  const money = (v: number | null, sign = ''): ReactNode => (
    <MoneyText
      stacked
      sign={sign}
      parts={conversion ? moneyWithListAmountParts(v, conversion) : { first: formatMoney(v, data.currency), second: null, rate: null }}
    />
  );
  const plain = (v: number | null) => formatMoney(v, data.currency);
  if (!data.available) {
    return (
      <Text size="sm" c="dimmed" data-testid="drop-profit-basis">
        No Amazon buy box known in {data.market}: not a deal.
      </Text>
    );
  }
  const rows: Array<[string, ReactNode, string?]> = [
    ['Amazon price (buy box)', money(data.salePrice)],
    data.vatRegistered ? [`VAT ${pct(data.vatRate)}`, money(data.vat, '− ')] : [`VAT ${pct(data.vatRate)}`, 'not deducted'],
    ...data.feeLines.map((line): [string, ReactNode, string] => [
      line.label,
      line.amount < 0 ? money(-line.amount, '+ ') : money(line.amount, '− '),
      line.rule,
    ]),
    [`Cost (${data.numberOfPacks} × ${plain(data.unitCost)}${data.purchaseVat ? ' + VAT' : ''})`, money(data.totalCost, '− ')],
    ['Profit', money(data.profit)],
    ['ROI', data.roiPercentage === null ? NO_VALUE : `${data.roiPercentage.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`],
  ];
  return (
    <div data-testid="drop-profit-basis">
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          Profit basis · Amazon {data.market}
          {data.asin ? ` · ${data.asin}` : ''}
        </Text>
        <HelpLink doc="profit-and-roi" section="fee-lines" label="How profit and ROI are computed" />
      </Group>
      {data.amazonHoldsBuyBox && <AmazonBuyBoxBadge />}
      <Table fz="sm" verticalSpacing={4} mt={4}>
        <Table.Tbody>
          {rows.map(([label, value, rule]) => (
            <Table.Tr key={`${label}|${rule ?? ''}`}>
              <Table.Td>
                {label}
                {rule && (
                  <Text size="xs" c="dimmed">
                    {rule}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" fw={label === 'Profit' || label === 'ROI' ? 700 : undefined}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {/* The listing's sales estimate and the monthly profit at this profit, in the market's currency (estimates). */}
      {data.salesEstimate !== undefined && (
        <Box mt="xs">
          <SalesEstimateRows estimate={data.salesEstimate} monthlyProfit={data.estimatedMonthlyProfit} currency={data.currency} />
        </Box>
      )}
      <ListingRestrictionLine restriction={data.listingRestriction} />
      {/* Approval required: what approval would earn a month beside an ungating invoice at the new wholesale price. */}
      <ApprovalWorthLine
        restriction={data.listingRestriction}
        estimate={data.salesEstimate}
        profitPerUnit={data.profit}
        supplierUnitPrice={data.unitCost}
        currency={data.currency}
        testId="drop-approval-worth"
      />
      {/* Amazon's own fee estimate for the organization's seller account beside ours, as in a deal's breakdown. */}
      {data.asin && data.breakdown && (
        <Box mt="xs">
          <AmazonFeeComparison listing={{ asin: data.asin, market: data.market, ean, breakdown: data.breakdown }} />
        </Box>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        Unit cost {formatMoney(data.unitCostEur, 'EUR')} excl. VAT
        {data.currency === 'EUR' ? '' : `, converted at 1 EUR = ${data.fxRate} ${data.currency} (${data.fxDate})`}; {sellerProfileText(data.seller)}, fee rules
        of {data.rulesDate}. Each line is rounded to the cent; the profit is computed before rounding.
      </Text>
    </div>
  );
}
