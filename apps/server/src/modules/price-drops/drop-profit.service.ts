import type { PriceDropProfit } from '@dealradar/shared/contracts/price-drops';
import { getMarket, isAmazonBuyBox, type MarketId } from '@dealradar/shared/markets';
import { computeProfit, convertMinor } from '@dealradar/shared/profit';
import { estimateSales, monthlyProfitOf } from '@dealradar/shared/sales-estimate';
import { salesFactsOf } from '../market-data/sales-facts.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { loadProfitTerms } from '../market-data/fee-rules.service.ts';
import { wireBreakdown } from '../market-data/listing-profit.ts';
import { requireLivePriceData } from '../plans/entitlements.ts';
import { findActiveDrop } from './price-drops.repository.ts';
import { withOrgRoi } from './price-drops.service.ts';
import { restrictionOfListing } from './drop-listings.service.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'marketData'>;

/** The market shown when the refresh computed no ROI for a drop. */
const DEFAULT_PROFIT_MARKET: MarketId = 'DE';

const major = (minor: number | null) => (minor === null ? null : Math.round(minor) / 100);

/**
 * GET /price-alerts/price-drops/:id/profit: the profit engine's breakdown behind a drop's ROI badge, computed the
 * same way as the refresh computes bestRoiPercentage (new price excl. VAT → market currency) for the user's seller
 * profile (the refresh ranks markets for the default profile: DE, VAT-registered).
 */
export async function getDropProfit(deps: Deps, user: CurrentUser, id: number): Promise<PriceDropProfit> {
  if (user.role !== 'ADMIN') requireLivePriceData(user.subscriptionTier);
  const found = await findActiveDrop(deps.db, id, deps.clock.now());
  if (!found) throw notFound('Price drop not found.');
  // The market of the Best ROI the organization sees (its match rules may make another market the best).
  const [drop] = await withOrgRoi(deps, user.organizationId, [found]);
  if (!drop) throw notFound('Price drop not found.');
  const market = getMarket((drop.bestRoiMarket ?? DEFAULT_PROFIT_MARKET) as MarketId);
  const [fx, lookup, terms] = await Promise.all([
    deps.marketData.fxRate('EUR', market.currency),
    deps.marketData.lookupListings([drop.gtin], market.id, { organizationId: user.organizationId }),
    loadProfitTerms(deps.db, user.id, deps.clock.now()),
  ]);
  const resolved = lookup.resolved.get(drop.gtin);
  const breakdown = computeProfit({
    seller: terms.seller,
    rules: terms.rules,
    at: terms.at,
    market: market.id,
    buyBoxPrice: resolved?.listing.buyBoxPrice ?? null,
    referralFeeRate: resolved?.listing.referralFeeRate ?? null,
    fbaFee: resolved?.listing.fbaFee ?? null,
    numberOfPacks: resolved?.numberOfPacks ?? 1,
    unitCost: convertMinor(drop.newExcl, fx.rate),
    // Amazon's fee estimate when the organization chose it for this listing (seller-account/amazon-fees.service.ts).
    amazonFees: resolved ? (terms.amazonFees?.get(`${resolved.listing.asin}|${market.id}`) ?? null) : null,
  });
  const listingRestriction = await restrictionOfListing(deps, user.organizationId, {
    asin: resolved?.listing.asin ?? null,
    market: market.id,
    roi: drop.bestRoi === null ? null : Number(drop.bestRoi),
  });
  const available = resolved !== undefined && breakdown.status === 'ok';
  // The listing's sales estimate from the facts the look-up above returned; the monthly profit at this profile's profit.
  const salesEstimate = resolved ? estimateSales(market.id, salesFactsOf(resolved.listing)) : null;
  return {
    dropId: drop.id,
    market: market.id,
    currency: market.currency,
    available,
    asin: resolved?.listing.asin ?? null,
    vatRegistered: breakdown.vatRegistered,
    seller: breakdown.seller,
    rulesDate: breakdown.rulesDate,
    buyBoxSellerId: resolved?.listing.buyBoxSellerId ?? null,
    amazonHoldsBuyBox: isAmazonBuyBox(market.id, resolved?.listing.buyBoxSellerId),
    feeLines: breakdown.feeLines.map((line) => ({ ...line, amount: line.amount / 100 })),
    purchaseVat: major(breakdown.purchaseVat),
    unitCostEur: drop.newExcl / 100,
    fxRate: fx.rate,
    fxDate: fx.date,
    salePrice: major(breakdown.salePrice),
    vatRate: breakdown.vatRate,
    vat: major(breakdown.vat),
    revenue: major(breakdown.revenue),
    referralFee: major(breakdown.referralFee),
    fbaFee: resolved ? major(breakdown.fbaFee) : null,
    numberOfPacks: breakdown.numberOfPacks,
    unitCost: major(breakdown.unitCost),
    totalCost: major(breakdown.totalCost),
    profit: major(breakdown.profit),
    roiPercentage: breakdown.roiPercentage,
    ...(listingRestriction !== undefined ? { listingRestriction } : {}),
    // The deals' shape of the same breakdown: Amazon's fee estimate is compared with it (POST /amazon-fees/estimate).
    breakdown: available ? wireBreakdown(breakdown, fx) : null,
    salesEstimate,
    estimatedMonthlyProfit: available ? monthlyProfitOf(salesEstimate, major(breakdown.profit)) : null,
  };
}
