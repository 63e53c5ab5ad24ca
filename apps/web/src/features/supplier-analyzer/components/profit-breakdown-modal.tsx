import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { getMarket } from '@dealradar/shared/markets';
import { formatRate } from '@dealradar/shared/money';
import { dealConversion, formatEur, formatRoiThreshold } from '../deal-format.ts';
import { BreakdownRows } from '../../../components/profit-breakdown-rows.tsx';
import { ProfitBreakdownDialog } from '../../../components/profit-breakdown-dialog.tsx';
import { AmazonBuyBoxBadge } from '../../../components/amazon-buy-box-badge.tsx';
import { ListingRestrictionLine } from '../../../components/listing-restriction.tsx';
import { ApprovalWorthLine, SalesEstimateRows } from '../../../components/sales-estimate.tsx';
import { sellerProfileText } from '../../../lib/seller-profile-text.ts';
import { SupplierCostRows } from './supplier-cost-rows.tsx';

/**
 * How a deal's profit was computed: price, VAT, every fee line with its rule, cost, profit, ROI, break-even price, in
 * the market's currency; in a market with another currency than the list's EUR each amount is shown with its euro
 * amount, the rate and its day, the same figures as the deal card (docs/money.md).
 */
export function ProfitBreakdownModal({ deal, onClose }: { deal: DealProduct | null; onClose: () => void }) {
  return (
    <ProfitBreakdownDialog opened={deal !== null} onClose={onClose} listing={deal}>
      {deal && <BreakdownTable deal={deal} />}
    </ProfitBreakdownDialog>
  );
}

function BreakdownTable({ deal }: { deal: DealProduct }) {
  const b = deal.breakdown;
  const market = getMarket(deal.market);
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
      <BreakdownRows breakdown={b} market={deal.market} conversion={dealConversion(deal)} />
      <Table fz="sm" verticalSpacing={4} data-testid="supplier-cost">
        <Table.Tbody>
          <SupplierCostRows deal={deal} />
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
      <SalesEstimateRows estimate={deal.salesEstimate} monthlyProfit={deal.estimatedMonthlyProfit} />
      <Divider />
      <ListingRestrictionLine restriction={deal.listingRestriction} />
      <ApprovalWorthLine
        restriction={deal.listingRestriction}
        estimate={deal.salesEstimate}
        profitPerUnit={deal.estimatedProfit}
        supplierUnitPrice={deal.supplierPrice}
        testId="breakdown-approval-worth"
      />
      <Group justify="space-between">
        <Text size="sm">Max buy price for {formatRoiThreshold(deal.minRoi)} ROI</Text>
        <Text size="sm" fw={600}>
          {formatEur(deal.maxBuyPrice)}
        </Text>
      </Group>
      {b.currency !== 'EUR' && (
        <Text size="xs" c="dimmed">
          Supplier prices are in EUR, converted at 1 EUR = {formatRate(b.fxRate)} {b.currency} ({b.fxDate}).
        </Text>
      )}
    </Stack>
  );
}
