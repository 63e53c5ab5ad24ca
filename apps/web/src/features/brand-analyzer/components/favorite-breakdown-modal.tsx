import { Stack, Table, Text } from '@mantine/core';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import { getMarket, isMarketId } from '@dealradar/shared/markets';
import { moneyWithListAmountParts } from '@dealradar/shared/money';
import { BreakdownRows } from '../../../components/profit-breakdown-rows.tsx';
import { ProfitBreakdownDialog } from '../../../components/profit-breakdown-dialog.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { AmazonBuyBoxBadge } from '../../../components/amazon-buy-box-badge.tsx';
import { ListingRestrictionLine } from '../../../components/listing-restriction.tsx';
import { ApprovalWorthLine, SalesEstimateRows } from '../../../components/sales-estimate.tsx';
import { sellerProfileText } from '../../../lib/seller-profile-text.ts';
import { formatMoney } from '../../../lib/format.ts';
import { favoriteCurrency, supplierPriceConversion } from '../favorite-format.ts';

/**
 * How a favorite's profit was computed: the supplier deals' breakdown, in the favorite's currency
 * (the market's: GBP in the UK, EUR elsewhere, SPEC §9), and the wholesale price as Qogita gives it in EUR beside its
 * converted amount with the rate and its day (docs/money.md).
 */
export function FavoriteBreakdownModal({ favorite, onClose }: { favorite: Favorite | null; onClose: () => void }) {
  return (
    <ProfitBreakdownDialog
      opened={favorite !== null}
      onClose={onClose}
      listing={favorite?.breakdown ? { asin: favorite.asin, market: favorite.market, ean: favorite.ean, breakdown: favorite.breakdown } : null}
    >
      {favorite && <FavoriteBreakdown favorite={favorite} />}
    </ProfitBreakdownDialog>
  );
}

function FavoriteBreakdown({ favorite }: { favorite: Favorite }) {
  const b = favorite.breakdown;
  const market = isMarketId(favorite.market) ? favorite.market : null;
  const conversion = supplierPriceConversion(favorite);
  const currency = favoriteCurrency(favorite.market);
  return (
    <Stack gap="sm" data-testid="favorite-breakdown">
      <div>
        <Text fw={600} lineClamp={2}>
          {favorite.productName ?? favorite.ean}
        </Text>
        <Text size="xs" c="dimmed">
          {market ? getMarket(market).name : favorite.market} · EAN {favorite.ean} · ASIN {favorite.asin}
        </Text>
        {favorite.amazonHoldsBuyBox && <AmazonBuyBoxBadge />}
        {b?.seller && (
          <Text size="xs" c="dimmed">
            {sellerProfileText(b.seller)}
            {b.rulesDate ? ` · fee rules in force on ${b.rulesDate}` : ''}
          </Text>
        )}
      </div>
      {b && market ? (
        <BreakdownRows breakdown={b} market={market} conversion={null} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="favorite-breakdown-missing">
          This favorite was found before breakdowns were kept with favorites; its next brand scan adds one.
        </Text>
      )}
      <SalesEstimateRows estimate={favorite.salesEstimate} monthlyProfit={favorite.estimatedMonthlyProfit} currency={currency} />
      <ListingRestrictionLine restriction={favorite.listingRestriction} />
      <ApprovalWorthLine
        restriction={favorite.listingRestriction}
        estimate={favorite.salesEstimate}
        profitPerUnit={favorite.estimatedProfit}
        supplierUnitPrice={favorite.supplierPrice}
        currency={currency}
        testId="breakdown-approval-worth"
      />
      <Table fz="sm" verticalSpacing={4} data-testid="favorite-supplier-cost">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <Text size="sm">Wholesale price ({favorite.supplierName})</Text>
              <Text size="xs" c="dimmed">
                excl. VAT, per unit{b && b.numberOfPacks > 1 ? `; the listing sells ${b.numberOfPacks} units` : ''}
              </Text>
            </Table.Td>
            <Table.Td ta="right" ff="monospace">
              {conversion && favorite.supplierPriceEur != null ? (
                <MoneyText parts={moneyWithListAmountParts(favorite.supplierPriceEur, conversion, favorite.supplierPrice)} />
              ) : (
                formatMoney(favorite.supplierPrice, currency)
              )}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
