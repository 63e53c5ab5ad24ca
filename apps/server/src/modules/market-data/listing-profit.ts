import { getMarket } from '@dealradar/shared/markets';
import { computeProfit, roiPercentageAtPrice, type ProfitBreakdown, type ProfitInput } from '@dealradar/shared/profit';
import { profitableShare } from '@dealradar/shared/stability';
import type { ProfitTerms } from './fee-rules.service.ts';
import type { ProfitBreakdown as WireBreakdown } from '@dealradar/shared/contracts/scans';
import type { FxRate, ResolvedListing } from './market-data.types.ts';

export interface ListingProfit extends ProfitBreakdown {
  /** The supplier unit cost as given (EUR minor units, excl. VAT). */
  unitCostEur: number | null;
  /** The EUR → market-currency rate used for the cost. */
  fx: FxRate;
  /** maxUnitCostForMinRoi converted back to EUR minor units (rounded down); null when not computed. */
  maxUnitCostEurForMinRoi: number | null;
  asin: string;
  mapped: boolean;
}

export interface ListingProfitOptions {
  /** Seller profile, fee rules and the moment (loadProfitTerms). */
  terms: ProfitTerms;
  /** Prep/shipping per Amazon unit sold, minor units of the market currency. */
  prepCost?: number;
  /** Minimum ROI (fraction) for maxUnitCostForMinRoi. */
  minRoi?: number;
  /**
   * The VAT a seller who is not VAT-registered pays on the purchase (fraction); default the wholesale rule's 21 %.
   * Supplier scans pass the supplier's own rate (@dealradar/shared/price-terms).
   */
  purchaseVatRate?: number;
}

/** The profit engine's input for a resolved listing and a supplier unit cost in EUR (minor units, excl. VAT). */
function profitInput(resolved: ResolvedListing, unitCostEur: number | null, fx: FxRate, options: ListingProfitOptions): ProfitInput {
  const { listing } = resolved;
  const market = getMarket(listing.market);
  if (fx.from !== 'EUR' || fx.to !== market.currency) {
    throw new Error(`listingProfit needs the EUR → ${market.currency} rate, got ${fx.from} → ${fx.to}.`);
  }
  return {
    market: listing.market,
    buyBoxPrice: listing.buyBoxPrice,
    referralFeeRate: listing.referralFeeRate,
    fbaFee: listing.fbaFee,
    numberOfPacks: resolved.numberOfPacks,
    unitCost: unitCostEur === null ? null : unitCostEur * fx.rate,
    seller: options.terms.seller,
    rules: options.terms.rules,
    at: options.terms.at,
    prepCost: options.prepCost,
    minRoi: options.minRoi,
    purchaseVatRate: options.purchaseVatRate,
    amazonFees: options.terms.amazonFees?.get(`${listing.asin}|${listing.market}`) ?? null,
  };
}

/**
 * The one way consumers (scans, brand analysis) price a deal: a supplier unit cost in EUR (excl. VAT, minor units)
 * is converted with `fx` (EUR → the listing's market currency; get it from marketData.fxRate('EUR', currency)),
 * then the profit engine runs with the resolved listing's price, fees and pack count.
 */
export function listingProfit(resolved: ResolvedListing, unitCostEur: number | null, fx: FxRate, options: ListingProfitOptions): ListingProfit {
  const breakdown = computeProfit(profitInput(resolved, unitCostEur, fx, options));
  const maxEur = breakdown.maxUnitCostForMinRoi === null ? null : Math.floor(breakdown.maxUnitCostForMinRoi / fx.rate + 1e-9);
  return { ...breakdown, unitCostEur, fx, maxUnitCostEurForMinRoi: maxEur, asin: resolved.listing.asin, mapped: resolved.mapped };
}

/**
 * The listing's ROI in percent at its buy box, exactly as listingProfit gives it, but without building the breakdown
 * (no fee lines, no texts): for telling the many rows of a list that are no deal from the few that are. Null where
 * listingProfit's ROI is null (no buy box, no cost); undefined where only listingProfit can tell (the organization
 * chose Amazon's own fees for this listing).
 */
export function roiPercentageAtBuyBox(
  resolved: ResolvedListing,
  unitCostEur: number | null,
  fx: FxRate,
  options: ListingProfitOptions,
): number | null | undefined {
  const input = profitInput(resolved, unitCostEur, fx, options);
  if (input.amazonFees) return undefined;
  return input.buyBoxPrice === null ? null : roiPercentageAtPrice(input)(input.buyBoxPrice);
}

/** Converts a market-currency amount back to EUR minor units (display of supplier deals in EUR). */
export function toEurMinor(amount: number | null, fx: FxRate): number | null {
  return amount === null ? null : Math.round(amount / fx.rate);
}

/**
 * 90-day stability: the share (0–1, 4 decimals) of the buy box's last 90 days on which this supplier cost
 * would have met `minRoi` (a fraction) — the profit engine's arithmetic run once per distinct daily price, its fee rules
 * resolved once. Null without a cost,
 * without history, or with fewer than MIN_KNOWN_DAYS known days.
 */
export function profitableShare90(
  resolved: ResolvedListing,
  unitCostEur: number | null,
  fx: FxRate,
  options: ListingProfitOptions & { minRoi: number },
): number | null {
  const daily = resolved.listing.buyBoxDaily90;
  if (unitCostEur === null || !daily?.length) return null;
  const roiAt = roiPercentageAtPrice(profitInput(resolved, unitCostEur, fx, options));
  const result = profitableShare(daily, (price) => {
    const roi = roiAt(price);
    return roi !== null && roi + 1e-9 >= options.minRoi * 100;
  });
  return result === null ? null : Math.round(result.share * 10_000) / 10_000;
}

/** Minor units → major units (2 decimals); null stays null. */
export const toMajor = (minor: number | null) => (minor === null ? null : Math.round(minor) / 100);

/**
 * A listing's profit as the API carries it (deals and favorites alike): amounts in major units of the market's
 * currency, every fee line with its rule, the break-even price, and the EUR → market rate with its day.
 */
export function wireBreakdown(breakdown: ProfitBreakdown, fx: { rate: number; date: string }): WireBreakdown {
  return {
    currency: breakdown.currency,
    price: toMajor(breakdown.salePrice) ?? 0,
    vat: toMajor(breakdown.vat) ?? 0,
    referralFee: toMajor(breakdown.referralFee) ?? 0,
    fbaFee: toMajor(breakdown.fbaFee) ?? 0,
    cost: toMajor(breakdown.totalCost),
    profit: toMajor(breakdown.profit),
    roi: breakdown.roi,
    numberOfPacks: breakdown.numberOfPacks,
    fxRate: fx.rate,
    fxDate: fx.date,
    feeLines: breakdown.feeLines.map((line) => ({ ...line, amount: line.amount / 100 })),
    seller: breakdown.seller,
    rulesDate: breakdown.rulesDate,
    breakEvenPrice: toMajor(breakdown.breakEvenPrice),
    ...(breakdown.amazonFees
      ? {
          amazonFees: {
            estimatedAt: breakdown.amazonFees.estimatedAt,
            rules: breakdown.amazonFees.rules && {
              referralFee: breakdown.amazonFees.rules.referralFee / 100,
              fbaFee: breakdown.amazonFees.rules.fbaFee / 100,
              closingFee: breakdown.amazonFees.rules.closingFee / 100,
              digitalServicesFee: breakdown.amazonFees.rules.digitalServicesFee / 100,
              total: breakdown.amazonFees.rules.total / 100,
            },
          },
        }
      : {}),
  };
}
