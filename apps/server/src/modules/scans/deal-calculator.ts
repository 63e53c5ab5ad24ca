import type { ProfitBreakdown as WireBreakdown } from '@dealradar/shared/contracts/scans';
import type { MarketId } from '@dealradar/shared/markets';
import type { ProfitTerms } from '../market-data/fee-rules.service.ts';
import { listingProfit, profitableShare90, roiPercentageAtBuyBox, toMajor, wireBreakdown } from '../market-data/listing-profit.ts';
import type { FxRate, ResolvedListing } from '../market-data/market-data.types.ts';
import { alternativesOf } from '../market-data/match-rules.service.ts';
import type { MatchAlternative, MatchSource } from '@dealradar/shared/contracts/match-rules';
import { dealWarnings, type DealWarning } from '@dealradar/shared/deal-warnings';
import type { MarketComparison } from '@dealradar/shared/contracts/market-comparison';
import type { PriceTerms } from '@dealradar/shared/price-terms';
import { toListCurrency } from '@dealradar/shared/money';
import { estimateSales, monthlyProfitOf, type SalesEstimate } from '@dealradar/shared/sales-estimate';
import { salesFactsOf } from '../market-data/sales-facts.ts';

/** One product of a scan with every number the deal list and the result file show. EUR amounts in major units. */
export interface ScanProduct {
  ean: string;
  asin: string;
  market: MarketId;
  line: number | null;
  productName: string | null;
  brand: string | null;
  supplierName: string;
  /** Unit cost, EUR excl. VAT (the written price ÷ unitsPerPrice). */
  supplierPrice: number | null;
  /** The price as the supplier wrote it (per case of unitsPerPrice units), EUR excl. VAT. */
  casePrice: number | null;
  unitsPerPrice: number;
  amazonPrice: number | null;
  estimatedProfit: number | null;
  roiPercentage: number | null;
  maxBuyPrice: number | null;
  minRoi: number;
  isDeal: boolean;
  mainCategoryRank: number | null;
  beautyCategoryRank: number | null;
  estimatedMonthlySales: number | null;
  rating: number | null;
  reviewCount: number | null;
  numberOfSellers: number | null;
  buyBoxSellerId: string | null;
  amazonImageUrl: string | null;
  breakdown: WireBreakdown;
  /** Other listings of the EAN in the market, and what chose this one. */
  alternatives: MatchAlternative[];
  matchSource: MatchSource;
  /** Warnings with their reasons (@dealradar/shared/deal-warnings). */
  warnings: DealWarning[];
  /** 30/90-day average buy box, EUR. */
  buyBoxAvg30: number | null;
  buyBoxAvg90: number | null;
  /** Share (0–1) of the last 90 days on which this cost would have met the minimum ROI; null: unknown. */
  profitableShare90: number | null;
  /** All-markets scans (scans/all-markets.ts): best market and runner-up; absent for single-market scans. */
  marketComparison?: MarketComparison | null;
  /** Units a month, its basis and the seller's share (docs/sales-estimate.md); null: nothing to estimate from. */
  salesEstimate: SalesEstimate | null;
  /** The seller's share × estimatedProfit, EUR a month; null without a share or a profit. */
  estimatedMonthlyProfit: number | null;
}

/**
 * The supplier's price as written: its currency, VAT and the rate it was converted with, for the
 * breakdown and the downloads. supplierPriceCents is then this unit price, VAT off, converted to EUR.
 */
export interface WrittenSupplierPrice {
  /** Unit price as written (minor units of terms.currency), incl. VAT when terms.includesVat. */
  unitPriceMinor: number;
  terms: PriceTerms;
  /** EUR → terms.currency. */
  fx: FxRate;
}

export interface DealInput {
  resolved: ResolvedListing;
  market: MarketId;
  /** Supplier unit price excl. VAT, EUR cents; null: none given. */
  supplierPriceCents: number | null;
  /** The price as the supplier wrote it (absent: EUR excl. VAT at 21 %, as stored before prices could carry a currency). */
  written?: WrittenSupplierPrice;
  /** Units the written price is for (the unit price is that price ÷ units); 1 by default. */
  unitsPerPrice?: number;
  /** The brand of the supplier row (used when the listing has none; '' without a brand column). */
  supplierBrand: string;
  supplierName: string;
  line: number | null;
  /** EUR → market currency. */
  fx: FxRate;
  minRoi: number;
  /** Seller profile, fee rules and the moment (loadProfitTerms). */
  terms: ProfitTerms;
}

/**
 * Market-currency minor units → EUR major units by the money rule (docs/money.md): the market amount to the cent (as
 * the breakdown shows it), ÷ rate, to the cent — so the card's EUR is the breakdown's amount converted, word for word.
 */
export const toEur = (minor: number | null, rate: number) =>
  minor === null ? null : toListCurrency(Math.round(minor) / 100, { currency: '', listCurrency: 'EUR', rate, date: '' });

/**
 * True when the row is surely no deal and will not be stored: it has a supplier price, and its ROI at the buy box (the
 * profit engine's own arithmetic, without the breakdown) stays below the minimum or does not exist. evaluateProduct
 * would say isDeal false for it; a scan counts such a row as matched without building its product (most rows of a
 * list are no deal, and the breakdown with its fee lines, alternatives, warnings and sales estimate is most of the
 * work and the garbage of pricing a row).
 */
export function isSurelyNoDeal(input: DealInput): boolean {
  if (input.supplierPriceCents === null) return false;
  const roi = roiPercentageAtBuyBox(input.resolved, input.supplierPriceCents, input.fx, {
    terms: input.terms,
    minRoi: input.minRoi,
    purchaseVatRate: input.written?.terms.vatRate,
  });
  if (roi === undefined) return false;
  return roi === null || roi + 1e-9 < input.minRoi * 100;
}

/**
 * Profit, ROI and the maximum buy price of one supplier row against its Amazon listing (profit engine of
 * @dealradar/shared/profit; the supplier's EUR cost converted with the scan's FX rate).
 */
export function evaluateProduct(input: DealInput): ScanProduct {
  const { listing } = input.resolved;
  const rate = input.fx.rate;
  const breakdown = listingProfit(input.resolved, input.supplierPriceCents, input.fx, {
    terms: input.terms,
    minRoi: input.minRoi,
    purchaseVatRate: input.written?.terms.vatRate,
  });
  const roi = breakdown.roi;
  const isDeal = roi !== null && breakdown.roiPercentage !== null && breakdown.roiPercentage + 1e-9 >= input.minRoi * 100;
  const maxUnit = breakdown.maxUnitCostForMinRoi;
  const estimatedProfit = toEur(breakdown.profit, rate);
  const salesEstimate = estimateSales(input.market, salesFactsOf(listing));
  return {
    ean: listing.ean,
    asin: listing.asin,
    market: input.market,
    line: input.line,
    productName: listing.title,
    brand: listing.brand ?? (input.supplierBrand || null),
    supplierName: input.supplierName,
    supplierPrice: input.supplierPriceCents === null ? null : Math.round(input.supplierPriceCents * 100) / 10000,
    casePrice: input.supplierPriceCents === null ? null : Math.round(input.supplierPriceCents * (input.unitsPerPrice ?? 1) * 100) / 10000,
    unitsPerPrice: input.unitsPerPrice ?? 1,
    amazonPrice: toEur(listing.buyBoxPrice, rate),
    estimatedProfit,
    roiPercentage: breakdown.roiPercentage,
    // Rounded down so buying at this price still reaches the minimum ROI; 0 when no price would.
    maxBuyPrice: maxUnit === null ? null : Math.max(0, Math.floor(maxUnit / rate) / 100),
    minRoi: input.minRoi,
    isDeal,
    mainCategoryRank: listing.mainCategoryRank,
    beautyCategoryRank: listing.beautyCategoryRank,
    estimatedMonthlySales: listing.estimatedMonthlySales,
    rating: listing.rating,
    reviewCount: listing.reviewCount,
    numberOfSellers: listing.offerCount,
    buyBoxSellerId: listing.buyBoxSellerId,
    amazonImageUrl: listing.imageUrl,
    // Each other listing priced with this row's cost, as it would be if matched (the alternatives dialog).
    alternatives: alternativesOf(
      input.resolved,
      (other) =>
        listingProfit(other, input.supplierPriceCents, input.fx, { terms: input.terms, minRoi: input.minRoi, purchaseVatRate: input.written?.terms.vatRate })
          .roiPercentage,
    ),
    warnings: dealWarnings({
      market: input.market,
      currency: breakdown.currency,
      numberOfPacks: input.resolved.numberOfPacks,
      title: listing.title,
      roiPercentage: breakdown.roiPercentage,
      buyBoxPrice: toMajor(listing.buyBoxPrice),
      buyBoxSellerId: listing.buyBoxSellerId,
      otherListings: input.resolved.alternatives.length,
      buyBoxAvg90: toMajor(listing.buyBoxAvg90 ?? null),
    }),
    buyBoxAvg30: toEur(listing.buyBoxAvg30 ?? null, rate),
    buyBoxAvg90: toEur(listing.buyBoxAvg90 ?? null, rate),
    // Filled in for deals only, by stabilityOf, once their daily histories are read (withBuyBoxHistory).
    profitableShare90: null,
    matchSource: input.resolved.matchedBy ?? (input.resolved.mapped ? 'mapping' : 'rank'),
    salesEstimate,
    estimatedMonthlyProfit: monthlyProfitOf(salesEstimate, estimatedProfit),
    breakdown: {
      ...wireBreakdown(breakdown, { rate, date: input.fx.date }),
      ...(input.written && input.supplierPriceCents !== null ? { supplierCost: supplierCostOf(input.written, input.unitsPerPrice ?? 1) } : {}),
    },
  };
}

const cents = (minor: number) => Math.round(minor) / 100;

/** The breakdown's "as written" part: the price per case and unit, the VAT taken off, the net unit price and the rate. */
export function supplierCostOf(written: WrittenSupplierPrice, unitsPerPrice: number): NonNullable<WireBreakdown['supplierCost']> {
  const { terms, unitPriceMinor } = written;
  const net = terms.includesVat ? unitPriceMinor / (1 + terms.vatRate) : unitPriceMinor;
  return {
    currency: terms.currency,
    price: cents(unitPriceMinor * unitsPerPrice),
    unitPrice: cents(unitPriceMinor),
    includesVat: terms.includesVat,
    vatRate: terms.vatRate,
    vatRemoved: cents(unitPriceMinor - net),
    netUnitPrice: cents(net),
    fxRate: written.fx.rate,
    fxDate: written.fx.date,
  };
}

/**
 * The 90-day stability of a deal (profitableShare90); `input.resolved` must carry the listing's daily history
 * (marketData.withBuyBoxHistory) — look-ups leave it out, so a list is priced without it and only deals read it.
 */
export function stabilityOf(input: DealInput): number | null {
  return profitableShare90(input.resolved, input.supplierPriceCents, input.fx, {
    terms: input.terms,
    minRoi: input.minRoi,
    purchaseVatRate: input.written?.terms.vatRate,
  });
}
