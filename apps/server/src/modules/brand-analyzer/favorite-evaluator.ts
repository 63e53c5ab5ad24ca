import { getMarket, type MarketId } from '@dealradar/shared/markets';
import { roundMinor } from '@dealradar/shared/profit';
import type { ProfitTerms } from '../market-data/fee-rules.service.ts';
import { listingProfit, profitableShare90, wireBreakdown } from '../market-data/listing-profit.ts';
import type { FxRate, ResolvedListing, WholesaleVariant } from '../market-data/market-data.types.ts';
import type { FavoriteRecord } from './favorites.repository.ts';
import { alternativesOf } from '../market-data/match-rules.service.ts';
import { dealWarnings } from '@dealradar/shared/deal-warnings';
import { estimateSales, monthlyProfitOf } from '@dealradar/shared/sales-estimate';
import { salesFactsOf } from '../market-data/sales-facts.ts';

/** The wholesale marketplace brand scans read (shown as the favorites' supplier). */
export const WHOLESALE_SUPPLIER_NAME = 'Qogita';

export interface EvaluationTerms {
  market: MarketId;
  /** EUR → market currency (marketData.fxRate('EUR', currency)). */
  fx: FxRate;
  /** Seller profile, fee rules and the moment (loadProfitTerms). */
  terms: ProfitTerms;
  /** Fraction (0.15 = 15 %). */
  minRoi: number;
}

/**
 * Profit and ROI of one wholesale variant sold on its Amazon listing, with the wholesale price excluding VAT
 * as the unit cost (converted from EUR to the market currency). Returns the favorite when the ROI reaches
 * the minimum, otherwise null (no buy box, or not profitable enough).
 */
export function evaluateFavorite(variant: WholesaleVariant, resolved: ResolvedListing, terms: EvaluationTerms): FavoriteRecord | null {
  const { listing } = resolved;
  const breakdown = listingProfit(resolved, variant.priceExclVat, terms.fx, { terms: terms.terms });
  if (breakdown.status !== 'ok' || breakdown.roi === null || breakdown.roiPercentage === null || breakdown.profit === null) return null;
  if (breakdown.roi < terms.minRoi - 1e-9) return null;
  const salesEstimate = estimateSales(terms.market, salesFactsOf(listing));
  return {
    ean: listing.ean,
    asin: listing.asin,
    market: terms.market,
    currency: getMarket(terms.market).currency,
    productName: listing.title ?? variant.name,
    brand: variant.brand,
    supplierName: WHOLESALE_SUPPLIER_NAME,
    supplierUrl: variant.productUrl,
    supplierPrice: roundMinor(variant.priceExclVat * terms.fx.rate),
    amazonPrice: listing.buyBoxPrice!,
    estimatedProfit: breakdown.profit,
    roiPercentage: breakdown.roiPercentage,
    mainCategoryRank: listing.mainCategoryRank,
    beautyCategoryRank: listing.beautyCategoryRank,
    estimatedMonthlySales: listing.estimatedMonthlySales,
    rating: listing.rating,
    reviewCount: listing.reviewCount,
    numberOfSellers: listing.offerCount,
    buyBoxSellerId: listing.buyBoxSellerId,
    amazonImageUrl: listing.imageUrl,
    qogitaImageUrl: variant.imageUrl,
    // Each other listing priced with the same wholesale price, as it would be if matched (the alternatives dialog).
    alternatives: alternativesOf(resolved, (other) => listingProfit(other, variant.priceExclVat, terms.fx, { terms: terms.terms }).roiPercentage),
    warnings: dealWarnings({
      market: terms.market,
      currency: getMarket(terms.market).currency,
      numberOfPacks: resolved.numberOfPacks,
      title: listing.title,
      roiPercentage: breakdown.roiPercentage,
      buyBoxPrice: listing.buyBoxPrice! / 100,
      buyBoxSellerId: listing.buyBoxSellerId,
      otherListings: resolved.alternatives.length,
      buyBoxAvg90: listing.buyBoxAvg90 == null ? null : listing.buyBoxAvg90 / 100,
    }),
    buyBoxAvg30: listing.buyBoxAvg30 ?? null,
    buyBoxAvg90: listing.buyBoxAvg90 ?? null,
    profitableShare90: profitableShare90(resolved, variant.priceExclVat, terms.fx, { terms: terms.terms, minRoi: terms.minRoi }),
    matchSource: resolved.matchedBy ?? (resolved.mapped ? 'mapping' : 'rank'),
    breakdown: wireBreakdown(breakdown, terms.fx),
    supplierPriceEur: Math.round(variant.priceExclVat),
    salesEstimate,
    estimatedMonthlyProfit: monthlyProfitOf(salesEstimate, breakdown.profit / 100),
  };
}
