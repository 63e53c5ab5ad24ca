import { getMarket, type Market, type MarketId } from './markets.ts';

/**
 * The profit engine: pure functions, all money in integer minor units of the market currency
 * (cents, pence). Intermediate values stay unrounded; every money output is rounded half-up to a
 * whole minor unit at the end. Formulas: docs/market-data.md.
 */

/** Amazon Beauty / Health & Personal Care referral schedule of one market (external-apis.md §5.1). */
export interface ReferralSchedule {
  /** Rate when the buyer-paid price is at or below the threshold. */
  lowRate: number;
  /** Rate above the threshold (applied to the whole price). */
  highRate: number;
  /** Threshold in minor units. */
  threshold: number;
  /** Per-item minimum referral fee in minor units. */
  minimumFee: number;
  /** FBA fee assumed when the listing carries none (a standard small parcel), minor units. */
  fallbackFbaFee: number;
}

export const REFERRAL_SCHEDULES: Record<MarketId, ReferralSchedule> = {
  DE: { lowRate: 0.08, highRate: 0.15, threshold: 1000, minimumFee: 30, fallbackFbaFee: 300 },
  UK: { lowRate: 0.0816, highRate: 0.153, threshold: 1000, minimumFee: 25, fallbackFbaFee: 280 },
  FR: { lowRate: 0.0824, highRate: 0.1545, threshold: 1000, minimumFee: 30, fallbackFbaFee: 350 },
  IT: { lowRate: 0.0824, highRate: 0.1545, threshold: 1000, minimumFee: 30, fallbackFbaFee: 350 },
  ES: { lowRate: 0.0824, highRate: 0.1545, threshold: 1000, minimumFee: 30, fallbackFbaFee: 330 },
  US: { lowRate: 0.08, highRate: 0.15, threshold: 1000, minimumFee: 30, fallbackFbaFee: 350 },
  CA: { lowRate: 0.08, highRate: 0.15, threshold: 1000, minimumFee: 30, fallbackFbaFee: 450 },
};

/** Half-up (away from zero) rounding to a whole minor unit, tolerant of binary floating-point noise. */
export function roundMinor(value: number): number {
  const sign = value < 0 ? -1 : 1;
  const rounded = Math.floor(Math.abs(value) + 0.5 + 1e-9) * sign;
  return rounded === 0 ? 0 : rounded;
}

/** The referral rate the schedule applies at a buyer-paid price. */
export function scheduleRate(schedule: ReferralSchedule, price: number): number {
  return price <= schedule.threshold ? schedule.lowRate : schedule.highRate;
}

export interface ProfitInput {
  market: MarketId;
  /** Buy-box price as the buyer pays it (VAT-inclusive in EU/UK), minor units; null: no buy box. */
  buyBoxPrice: number | null;
  /** Referral fee fraction of the listing (Keepa/import); wins over the market schedule when present. */
  referralFeeRate?: number | null;
  /** FBA pick-and-pack fee per unit, minor units; null: unknown (the market's fallback is used and flagged). */
  fbaFee: number | null;
  /** Units bought per Amazon unit sold (mapping numberOfPacks, else package quantity); at least 1. */
  numberOfPacks: number;
  /** Supplier unit cost excluding VAT in the market currency (minor units, may be fractional after FX); null: unknown. */
  unitCost: number | null;
  /** VAT-registered seller (default true). */
  vatRegistered?: boolean;
  /** VAT rate on the purchase for a seller who cannot reclaim it; default the market's rate. */
  purchaseVatRate?: number;
  /** Optional prep/shipping cost per Amazon unit sold, minor units (default 0). */
  prepCost?: number;
  /** Minimum ROI (fraction) for maxUnitCostForMinRoi; omitted: not computed. */
  minRoi?: number;
}

export type ProfitStatus = 'ok' | 'no_buy_box' | 'no_cost';

/** Everything a deal's detail shows so the user can check the sum. Money: minor units of `currency`. */
export interface ProfitBreakdown {
  status: ProfitStatus;
  market: MarketId;
  currency: Market['currency'];
  vatRegistered: boolean;
  /** Buyer-paid price P. */
  salePrice: number | null;
  vatRate: number;
  /** Output VAT inside P (deducted only when VAT-registered; otherwise kept for display, revenue is P). */
  vat: number | null;
  /** Revenue the profit is computed from: P / (1 + vat) registered, P otherwise. */
  revenue: number | null;
  referralFeeRate: number;
  referralFeeSource: 'listing' | 'schedule';
  referralMinimumApplied: boolean;
  /** Referral fee charged (incl. VAT on the fee when not registered). */
  referralFee: number | null;
  /** FBA fee charged (incl. VAT on the fee when not registered). */
  fbaFee: number;
  fbaFeeEstimated: boolean;
  /** VAT charged on Amazon's fees (not registered only; else 0). */
  feesVat: number | null;
  numberOfPacks: number;
  /** Supplier unit cost excl. VAT in the market currency. */
  unitCost: number | null;
  /** VAT paid on the purchase that cannot be reclaimed (not registered only; else 0). */
  purchaseVat: number | null;
  prepCost: number;
  /** n × unit cost (+ unrecoverable VAT) + prep: the ROI basis. */
  totalCost: number | null;
  profit: number | null;
  /** profit / totalCost as a fraction. */
  roi: number | null;
  /** ROI in percent, two decimals. */
  roiPercentage: number | null;
  /** profit / revenue as a fraction. */
  margin: number | null;
  /** Lowest buyer-paid price (minor units, rounded up) at which profit ≥ 0 with these fees and costs. */
  breakEvenPrice: number | null;
  /** Highest supplier unit cost excl. VAT (market currency, rounded down) that still reaches minRoi. */
  maxUnitCostForMinRoi: number | null;
  minRoi: number | null;
}

interface Terms {
  vatRate: number;
  /** Revenue per unit of P. */
  revenueFactor: number;
  /** Multiplier on Amazon fees (1 + vat when not registered). */
  feeFactor: number;
  rates: { from: number; to: number; rate: number }[];
  minimumFee: number;
  fba: number;
}

function termsFor(input: ProfitInput, market: Market, schedule: ReferralSchedule): Terms {
  const registered = input.vatRegistered ?? true;
  const vatRate = market.vatRate;
  const listingRate = input.referralFeeRate ?? null;
  const rates = listingRate !== null
    ? [{ from: 0, to: Number.POSITIVE_INFINITY, rate: listingRate }]
    : [
        { from: 0, to: schedule.threshold, rate: schedule.lowRate },
        { from: schedule.threshold, to: Number.POSITIVE_INFINITY, rate: schedule.highRate },
      ];
  return {
    vatRate,
    revenueFactor: registered ? 1 / (1 + vatRate) : 1,
    feeFactor: registered ? 1 : 1 + vatRate,
    rates,
    minimumFee: schedule.minimumFee,
    fba: input.fbaFee ?? schedule.fallbackFbaFee,
  };
}

function rateAt(terms: Terms, price: number): number {
  // Schedules: rate ≤ threshold is the low one (the first segment includes its upper bound).
  for (const segment of terms.rates) if (price <= segment.to) return segment.rate;
  return terms.rates[terms.rates.length - 1]!.rate;
}

/** Smallest real P with profit(P) ≥ 0, given the cost basis; profit is increasing inside each rate segment. */
function breakEven(terms: Terms, costBasis: number): number | null {
  const fixed = terms.feeFactor * terms.fba + costBasis;
  let best: number | null = null;
  for (const segment of terms.rates) {
    const f = segment.rate;
    const slope = terms.revenueFactor - terms.feeFactor * f;
    if (slope <= 0) continue;
    // Minimum fee branch first (low prices), then the percentage branch.
    let root = (terms.feeFactor * terms.minimumFee + fixed) / terms.revenueFactor;
    if (f * root > terms.minimumFee) root = fixed / slope;
    const lowerOpen = segment.from > 0; // the segment starts just above its lower bound
    if (root <= segment.from) root = lowerOpen ? segment.from + 1e-6 : segment.from;
    if (root > segment.to) continue;
    if (best === null || root < best) best = root;
  }
  return best;
}

/** Profit, ROI, margin, break-even and the maximum buy price for one listing and one supplier cost. */
export function computeProfit(input: ProfitInput): ProfitBreakdown {
  const market = getMarket(input.market);
  const schedule = REFERRAL_SCHEDULES[input.market];
  const registered = input.vatRegistered ?? true;
  const n = Math.max(1, Math.floor(input.numberOfPacks || 1));
  const prep = Math.max(0, input.prepCost ?? 0);
  const purchaseVatRate = registered ? 0 : (input.purchaseVatRate ?? market.vatRate);
  const terms = termsFor(input, market, schedule);
  const listingRate = input.referralFeeRate ?? null;

  const base: ProfitBreakdown = {
    status: 'ok',
    market: market.id,
    currency: market.currency,
    vatRegistered: registered,
    salePrice: input.buyBoxPrice,
    vatRate: market.vatRate,
    vat: null,
    revenue: null,
    referralFeeRate: listingRate ?? scheduleRate(schedule, input.buyBoxPrice ?? 0),
    referralFeeSource: listingRate !== null ? 'listing' : 'schedule',
    referralMinimumApplied: false,
    referralFee: null,
    fbaFee: roundMinor(terms.fba * terms.feeFactor),
    fbaFeeEstimated: input.fbaFee === null,
    feesVat: null,
    numberOfPacks: n,
    unitCost: input.unitCost === null ? null : roundMinor(input.unitCost),
    purchaseVat: null,
    prepCost: roundMinor(prep),
    totalCost: null,
    profit: null,
    roi: null,
    roiPercentage: null,
    margin: null,
    breakEvenPrice: null,
    maxUnitCostForMinRoi: null,
    minRoi: input.minRoi ?? null,
  };

  const costExcl = input.unitCost === null ? null : n * input.unitCost;
  const purchaseVat = costExcl === null ? null : costExcl * purchaseVatRate;
  const costBasis = costExcl === null ? null : costExcl + (purchaseVat ?? 0) + prep;
  base.purchaseVat = purchaseVat === null ? null : roundMinor(purchaseVat);
  base.totalCost = costBasis === null ? null : roundMinor(costBasis);
  if (costBasis !== null) {
    const be = breakEven(terms, costBasis);
    base.breakEvenPrice = be === null ? null : Math.ceil(be - 1e-9);
  }

  const price = input.buyBoxPrice;
  if (price === null || !(price > 0)) return { ...base, status: 'no_buy_box', salePrice: null };

  const revenue = price * terms.revenueFactor;
  const rate = rateAt(terms, price);
  const percentFee = rate * price;
  const referralNet = Math.max(terms.minimumFee, percentFee);
  const referral = referralNet * terms.feeFactor;
  const fba = terms.fba * terms.feeFactor;
  const feesVat = (referralNet + terms.fba) * (terms.feeFactor - 1);
  const fees = referral + fba;

  base.vat = roundMinor(price - price / (1 + market.vatRate));
  base.revenue = roundMinor(revenue);
  base.referralFeeRate = rate;
  base.referralMinimumApplied = terms.minimumFee > percentFee;
  base.referralFee = roundMinor(referral);
  base.feesVat = roundMinor(feesVat);

  if (input.minRoi !== undefined) {
    const denominator = n * (1 + purchaseVatRate) * (1 + input.minRoi);
    base.maxUnitCostForMinRoi = Math.floor((revenue - fees - prep * (1 + input.minRoi)) / denominator + 1e-9);
  }

  if (costBasis === null) return { ...base, status: 'no_cost' };
  const profit = revenue - fees - costBasis;
  const roi = costBasis > 0 ? profit / costBasis : null;
  return {
    ...base,
    profit: roundMinor(profit),
    roi,
    roiPercentage: roi === null ? null : Math.round(roi * 10000 + (roi >= 0 ? 1e-7 : -1e-7)) / 100,
    margin: revenue > 0 ? profit / revenue : null,
  };
}

/** Convenience: converts a cost given in EUR minor units to the market currency with a EUR-based rate. */
export function convertMinor(amount: number, rate: number): number {
  return amount * rate;
}
