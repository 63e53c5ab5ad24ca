import {
  dsfFor,
  feeVatFor,
  referralTermsFor,
  ruleDate,
  SELLER_COUNTRY_NAMES,
  type FeeRules,
  type FeeVatMode,
  type ReferralTerms,
  type SellerProfile,
} from './fee-rules.ts';
import { CURRENCY_SYMBOLS, getMarket, type Market, type MarketId } from './markets.ts';
import { unrecoverablePurchaseVatRate } from './purchase-vat.ts';

/**
 * The profit engine: pure functions, all money in integer minor units of the market currency
 * (cents, pence). Intermediate values stay unrounded; every money output is rounded half-up to a
 * whole minor unit at the end. Formulas: docs/market-data.md.
 */

/**
 * FBA fee assumed when the listing carries none (a standard small parcel), minor units. An estimate flagged as such
 * (`fbaFeeEstimated`), not a fee rule: FBA rate cards are not encoded (external-apis.md §5.2).
 */
export const FALLBACK_FBA_FEES: Record<MarketId, number> = { DE: 300, UK: 280, FR: 350, IT: 350, ES: 330, US: 350, CA: 450 };

/** Half-up (away from zero) rounding to a whole minor unit, tolerant of binary floating-point noise. */
export function roundMinor(value: number): number {
  const sign = value < 0 ? -1 : 1;
  const rounded = Math.floor(Math.abs(value) + 0.5 + 1e-9) * sign;
  return rounded === 0 ? 0 : rounded;
}

export interface ProfitInput {
  market: MarketId;
  /** Buy-box price as the buyer pays it (VAT-inclusive in EU/UK), minor units; null: no buy box. */
  buyBoxPrice: number | null;
  /**
   * The listing's own referral rate (Keepa's rate at Keepa's price, or an import's): it only identifies the category's
   * schedule; the schedule's rate at the evaluated price is charged. Null: the market's default schedule.
   */
  referralFeeRate?: number | null;
  /** FBA pick-and-pack fee per unit, minor units; null: unknown (the market's fallback is used and flagged). */
  fbaFee: number | null;
  /** Units bought per Amazon unit sold (mapping numberOfPacks, else package quantity); at least 1. */
  numberOfPacks: number;
  /** Supplier unit cost excluding VAT in the market currency (minor units, may be fractional after FX); null: unknown. */
  unitCost: number | null;
  /** Who sells: country of establishment and VAT registration. */
  seller: SellerProfile;
  /** The fee rules (all dated rows; the ones in force at `at` are used). */
  rules: FeeRules;
  /** When the deal is computed: chooses the rules in force. */
  at: Date;
  /** VAT on the purchase for a seller who cannot reclaim it; default the wholesale assumption (purchase-vat.ts). */
  purchaseVatRate?: number;
  /** Optional prep/shipping cost per Amazon unit sold, minor units (default 0). */
  prepCost?: number;
  /** Minimum ROI (fraction) for maxUnitCostForMinRoi; omitted: not computed. */
  minRoi?: number;
  /**
   * Amazon's own fee estimate for this listing, when the organization chose it over the fee rules (docs/seller-account.md):
   * it replaces the referral, FBA, closing and Digital Services fees; VAT on the fees still follows the rules.
   */
  amazonFees?: AmazonFeeParts | null;
}

/**
 * Amazon's Product Fees estimate of one listing at one price, minor units of the market currency, before VAT on fees.
 * At another price (break-even, 90-day stability) the referral fee keeps its share of the price and the other fees stay.
 */
export interface AmazonFeeParts {
  /** The buyer-paid price the estimate was made at. */
  price: number;
  referralFee: number;
  fbaFee: number;
  closingFee: number;
  digitalServicesFee: number;
  /** When Amazon made the estimate (ISO). */
  estimatedAt: string;
}

/** The fee rules' own fees at the sale price (minor units, before VAT on fees), kept beside Amazon's when those are used. */
export interface RulesFeeParts {
  referralFee: number;
  fbaFee: number;
  closingFee: number;
  digitalServicesFee: number;
  total: number;
}

export type ProfitStatus = 'ok' | 'no_buy_box' | 'no_cost';

export type FeeLineKind = 'referral' | 'referral-dsf' | 'fba' | 'fba-dsf' | 'closing' | 'fee-vat' | 'fee-vat-reclaimed';

/** One line of Amazon's charges with the rule that produced it. amount: minor units, positive = charged. */
export interface FeeLine {
  kind: FeeLineKind;
  label: string;
  amount: number;
  rule: string;
}

/** Everything a deal's detail shows so the user can check the sum. Money: minor units of `currency`. */
export interface ProfitBreakdown {
  status: ProfitStatus;
  market: MarketId;
  currency: Market['currency'];
  vatRegistered: boolean;
  seller: SellerProfile;
  /** The date whose rules were used (YYYY-MM-DD). */
  rulesDate: string;
  /** Buyer-paid price P. */
  salePrice: number | null;
  vatRate: number;
  /** Output VAT inside P (deducted only when VAT-registered; otherwise kept for display, revenue is P). */
  vat: number | null;
  /** Revenue the profit is computed from: P / (1 + vat) registered, P otherwise. */
  revenue: number | null;
  /** The rate the schedule charges at P (or the listing's flat rate when no schedule matched). */
  referralFeeRate: number;
  /** 'schedule': a fee-rule schedule (identified by the listing's rate or the market default); 'listing': flat. */
  referralFeeSource: 'listing' | 'schedule';
  referralMinimumApplied: boolean;
  /** Referral fee charged, incl. its DSF and VAT on it when that VAT is a cost (not reclaimed). */
  referralFee: number | null;
  /** FBA fee charged, incl. its DSF and unreclaimed VAT. */
  fbaFee: number;
  fbaFeeEstimated: boolean;
  /** VAT on Amazon's fees that is a cost (charged and not reclaimed); 0 otherwise. */
  feesVat: number | null;
  feeVatMode: FeeVatMode;
  /** Every fee line (referral, DSF, FBA, VAT charged / reclaimed) with its rule; empty without a buy box. */
  feeLines: FeeLine[];
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
  /** Present when the fees are Amazon's estimate (the organization's choice): when it was made, and our rules' fees. */
  amazonFees?: { estimatedAt: string; rules: RulesFeeParts | null };
}

interface Terms {
  /** Revenue per unit of P. */
  revenueFactor: number;
  referral: ReferralTerms;
  rates: { from: number; to: number; rate: number }[];
  minimumFee: number;
  fba: number;
  dsfReferral: number;
  dsfFba: number;
  /** VAT on fees that is a cost (0 when reclaimed or reverse-charged). */
  costVat: number;
  /** Multipliers of the base referral and FBA fees: (1 + DSF) × (1 + cost VAT). */
  kReferral: number;
  kFba: number;
}

const pct = (rate: number) => `${Number((rate * 100).toFixed(2))} %`;
const money = (minor: number, currency: string) => `${CURRENCY_SYMBOLS[currency] ?? ''}${(minor / 100).toFixed(2)}`;

function rateAt(terms: Terms, price: number): number {
  // Schedules: rate ≤ threshold is the low one (the first segment includes its upper bound).
  for (const segment of terms.rates) if (price <= segment.to) return segment.rate;
  return terms.rates[terms.rates.length - 1]!.rate;
}

/** Smallest real P with profit(P) ≥ 0, given the cost basis; profit is increasing inside each rate segment. */
function breakEven(terms: Terms, costBasis: number): number | null {
  const fixed = terms.kFba * terms.fba + costBasis;
  let best: number | null = null;
  for (const segment of terms.rates) {
    const f = segment.rate;
    const slope = terms.revenueFactor - terms.kReferral * f;
    if (slope <= 0) continue;
    // Minimum fee branch first (low prices), then the percentage branch.
    let root = (terms.kReferral * terms.minimumFee + fixed) / terms.revenueFactor;
    if (f * root > terms.minimumFee) root = fixed / slope;
    const lowerOpen = segment.from > 0; // the segment starts just above its lower bound
    if (root <= segment.from) root = lowerOpen ? segment.from + 1e-6 : segment.from;
    if (root > segment.to) continue;
    if (best === null || root < best) best = root;
  }
  return best;
}

function describeReferral(terms: Terms, market: Market): string {
  if (terms.referral.kind === 'listing') {
    return `The listing's own referral rate ${pct(terms.referral.rate)} (no referral schedule in the fee rules matches it), minimum ${money(terms.minimumFee, market.currency)}`;
  }
  const r = terms.referral.rule;
  const how = terms.referral.identifiedBy === 'listing-rate' ? "recognised from the listing's rate" : "the market's default schedule";
  return `${r.categoryName} referral schedule ${market.id} from ${r.effectiveFrom}: ${pct(r.lowRate)} up to ${money(r.threshold, market.currency)}, ${pct(r.highRate)} above, minimum ${money(r.minimumFee, market.currency)} (${how})`;
}

function termsFor(
  input: ProfitInput,
  market: Market,
): Terms & { dsfRule: ReturnType<typeof dsfFor>; vat: ReturnType<typeof feeVatFor>; amazon?: AmazonFeeParts } {
  const registered = input.seller.vatRegistered;
  const dsfRule = dsfFor(input.rules, input.seller, market.id, input.at);
  const dsfReferral = dsfRule?.referralRate ?? 0;
  const dsfFba = dsfRule?.fbaRate ?? 0;
  const referral = referralTermsFor(input.rules, market.id, input.at, input.referralFeeRate ?? null, dsfReferral);
  let rates: Terms['rates'];
  let minimumFee: number;
  if (referral.kind === 'schedule') {
    const r = referral.rule;
    rates = [
      { from: 0, to: r.threshold, rate: r.lowRate },
      { from: r.threshold, to: Number.POSITIVE_INFINITY, rate: r.highRate },
    ];
    minimumFee = r.minimumFee;
  } else {
    rates = [{ from: 0, to: Number.POSITIVE_INFINITY, rate: referral.rate }];
    const fallback = referralTermsFor(input.rules, market.id, input.at, null);
    minimumFee = fallback.kind === 'schedule' ? fallback.rule.minimumFee : 0;
  }
  const vat = feeVatFor(input.rules, input.seller, market.id, input.at);
  const costVat = vat.mode === 'charged' ? vat.rate : 0;
  const amazon = input.amazonFees && input.amazonFees.price > 0 ? input.amazonFees : null;
  if (amazon) {
    // Amazon's estimate: its referral fee as a share of its price, the rest as fixed amounts; no rule-based DSF on top.
    const fixed = amazon.fbaFee + amazon.closingFee + amazon.digitalServicesFee;
    return {
      revenueFactor: registered ? 1 / (1 + market.vatRate) : 1,
      referral,
      rates: [{ from: 0, to: Number.POSITIVE_INFINITY, rate: amazon.referralFee / amazon.price }],
      minimumFee: 0,
      fba: fixed,
      dsfReferral: 0,
      dsfFba: 0,
      costVat,
      kReferral: 1 + costVat,
      kFba: 1 + costVat,
      dsfRule: null,
      vat,
      amazon,
    };
  }
  return {
    revenueFactor: registered ? 1 / (1 + market.vatRate) : 1,
    referral,
    rates,
    minimumFee,
    fba: input.fbaFee ?? FALLBACK_FBA_FEES[market.id],
    dsfReferral,
    dsfFba,
    costVat,
    kReferral: (1 + dsfReferral) * (1 + costVat),
    kFba: (1 + dsfFba) * (1 + costVat),
    dsfRule,
    vat,
  };
}

/** The cost side of a deal: units per Amazon unit, prep, the unreclaimable purchase VAT rate and the ROI basis. */
function costsOf(input: Omit<ProfitInput, 'buyBoxPrice'>) {
  const n = Math.max(1, Math.floor(input.numberOfPacks || 1));
  const prep = Math.max(0, input.prepCost ?? 0);
  const purchaseVatRate = input.seller.vatRegistered ? 0 : (input.purchaseVatRate ?? unrecoverablePurchaseVatRate(false));
  const costExcl = input.unitCost === null ? null : n * input.unitCost;
  const purchaseVat = costExcl === null ? null : costExcl * purchaseVatRate;
  const costBasis = costExcl === null ? null : costExcl + (purchaseVat ?? 0) + prep;
  return { n, prep, purchaseVatRate, purchaseVat, costBasis };
}

/** Revenue and Amazon's fees at buyer-paid price P (> 0), unrounded. */
function atPrice(terms: Terms, price: number) {
  const revenue = price * terms.revenueFactor;
  const rate = rateAt(terms, price);
  const percentFee = rate * price;
  const referralBase = Math.max(terms.minimumFee, percentFee);
  const referralDsf = referralBase * terms.dsfReferral;
  const fbaDsf = terms.fba * terms.dsfFba;
  const feesBeforeVat = referralBase + referralDsf + terms.fba + fbaDsf;
  const referral = (referralBase + referralDsf) * (1 + terms.costVat);
  const fba = (terms.fba + fbaDsf) * (1 + terms.costVat);
  return { revenue, rate, percentFee, referralBase, referralDsf, fbaDsf, feesBeforeVat, referral, fees: referral + fba };
}

/** ROI (fraction) and in percent with two decimals; null without a positive cost basis. */
function roiOf(profit: number, costBasis: number): { roi: number | null; roiPercentage: number | null } {
  const roi = costBasis > 0 ? profit / costBasis : null;
  return { roi, roiPercentage: roi === null ? null : Math.round(roi * 10000 + (roi >= 0 ? 1e-7 : -1e-7)) / 100 };
}

/**
 * The ROI in percent of one listing and cost at any buy-box price, for asking many prices (the 90-day stability asks up
 * to 90): the fee rules are resolved once, each price runs computeProfit's own arithmetic. Null: no buy box (price ≤ 0)
 * or no cost.
 */
export function roiPercentageAtPrice(input: Omit<ProfitInput, 'buyBoxPrice'>): (price: number) => number | null {
  const terms = termsFor({ ...input, buyBoxPrice: null }, getMarket(input.market));
  const { costBasis } = costsOf(input);
  return (price) => {
    if (costBasis === null || !(price > 0)) return null;
    const v = atPrice(terms, price);
    return roiOf(v.revenue - v.fees - costBasis, costBasis).roiPercentage;
  };
}

/** Profit, ROI, margin, break-even and the maximum buy price for one listing and one supplier cost. */
export function computeProfit(input: ProfitInput): ProfitBreakdown {
  const market = getMarket(input.market);
  const registered = input.seller.vatRegistered;
  const { n, prep, purchaseVatRate, purchaseVat, costBasis } = costsOf(input);
  const terms = termsFor(input, market);

  const base: ProfitBreakdown = {
    status: 'ok',
    market: market.id,
    currency: market.currency,
    vatRegistered: registered,
    seller: { ...input.seller },
    rulesDate: ruleDate(input.at),
    salePrice: input.buyBoxPrice,
    vatRate: market.vatRate,
    vat: null,
    revenue: null,
    referralFeeRate: rateAt(terms, input.buyBoxPrice ?? 0),
    referralFeeSource: terms.referral.kind,
    referralMinimumApplied: false,
    referralFee: null,
    fbaFee: roundMinor(terms.fba * terms.kFba),
    fbaFeeEstimated: input.fbaFee === null && !terms.amazon,
    feesVat: null,
    feeVatMode: terms.vat.mode,
    feeLines: [],
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

  base.purchaseVat = purchaseVat === null ? null : roundMinor(purchaseVat);
  base.totalCost = costBasis === null ? null : roundMinor(costBasis);
  if (costBasis !== null) {
    const be = breakEven(terms, costBasis);
    base.breakEvenPrice = be === null ? null : Math.ceil(be - 1e-9);
  }

  const price = input.buyBoxPrice;
  if (price === null || !(price > 0)) return { ...base, status: 'no_buy_box', salePrice: null };

  const { revenue, rate, percentFee, referralBase, referralDsf, fbaDsf, feesBeforeVat, referral, fees } = atPrice(terms, price);
  const feeVat = feesBeforeVat * terms.vat.rate;

  base.vat = roundMinor(price - price / (1 + market.vatRate));
  base.revenue = roundMinor(revenue);
  base.referralFeeRate = rate;
  base.referralMinimumApplied = terms.minimumFee > percentFee;
  base.referralFee = roundMinor(referral);
  base.feesVat = roundMinor(feesBeforeVat * terms.costVat);
  base.feeLines = feeLines(terms, market, { rate, percentFee, referralBase, referralDsf, fbaDsf, feeVat }, input);
  if (terms.amazon) base.amazonFees = { estimatedAt: terms.amazon.estimatedAt, rules: rulesFeeParts({ ...input, amazonFees: null }, price) };

  if (input.minRoi !== undefined) {
    const denominator = n * (1 + purchaseVatRate) * (1 + input.minRoi);
    base.maxUnitCostForMinRoi = Math.floor((revenue - fees - prep * (1 + input.minRoi)) / denominator + 1e-9);
  }

  if (costBasis === null) return { ...base, status: 'no_cost' };
  const profit = revenue - fees - costBasis;
  return { ...base, profit: roundMinor(profit), ...roiOf(profit, costBasis), margin: revenue > 0 ? profit / revenue : null };
}

/** The fee rules' referral, FBA and DSF at price P (minor units, before VAT on fees), without any Amazon estimate. */
export function rulesFeeParts(input: Omit<ProfitInput, 'buyBoxPrice'>, price: number): RulesFeeParts {
  const terms = termsFor({ ...input, buyBoxPrice: price, amazonFees: null }, getMarket(input.market));
  const v = atPrice(terms, price);
  const referralFee = roundMinor(v.referralBase);
  const fbaFee = roundMinor(terms.fba);
  const digitalServicesFee = roundMinor(v.referralDsf + v.fbaDsf);
  return { referralFee, fbaFee, closingFee: 0, digitalServicesFee, total: referralFee + fbaFee + digitalServicesFee };
}

/** Fee lines of Amazon's estimate (the organization chose it for this listing). */
function amazonFeeLines(amazon: AmazonFeeParts, market: Market, referral: number): FeeLine[] {
  const source = `Amazon's fee estimate for your seller account at ${money(amazon.price, market.currency)} on ${amazon.estimatedAt.slice(0, 10)} (your choice for this listing)`;
  const lines: FeeLine[] = [
    { kind: 'referral', label: "Referral fee (Amazon's estimate)", amount: roundMinor(referral), rule: source },
    { kind: 'fba', label: "FBA fee (Amazon's estimate)", amount: amazon.fbaFee, rule: source },
  ];
  if (amazon.closingFee > 0) lines.push({ kind: 'closing', label: "Closing fee (Amazon's estimate)", amount: amazon.closingFee, rule: source });
  if (amazon.digitalServicesFee > 0) {
    lines.push({ kind: 'referral-dsf', label: "Digital Services Fee (Amazon's estimate)", amount: amazon.digitalServicesFee, rule: source });
  }
  return lines;
}

function feeLines(
  terms: ReturnType<typeof termsFor>,
  market: Market,
  v: { rate: number; percentFee: number; referralBase: number; referralDsf: number; fbaDsf: number; feeVat: number },
  input: ProfitInput,
): FeeLine[] {
  const lines: FeeLine[] = terms.amazon ? amazonFeeLines(terms.amazon, market, v.referralBase) : ruleFeeLines(terms, market, v, input);
  feeVatLines(lines, terms, v, input);
  return lines;
}

function ruleFeeLines(
  terms: ReturnType<typeof termsFor>,
  market: Market,
  v: { rate: number; percentFee: number; referralBase: number; referralDsf: number; fbaDsf: number; feeVat: number },
  input: ProfitInput,
): FeeLine[] {
  const lines: FeeLine[] = [];
  const minimum = terms.minimumFee > v.percentFee;
  lines.push({
    kind: 'referral',
    label: minimum ? 'Referral fee (minimum)' : 'Referral fee',
    amount: roundMinor(v.referralBase),
    rule: `${minimum ? `the minimum ${money(terms.minimumFee, market.currency)}` : `${pct(v.rate)} of the price`} — ${describeReferral(terms, market)}`,
  });
  const dsf = terms.dsfRule;
  const dsfWho = dsf
    ? `${dsf.sellerCountry === '*' ? 'sellers established elsewhere' : `sellers established in ${dsf.sellerCountry}`}, ${dsf.market === '*' ? 'every store' : `the ${dsf.market} store`}, from ${dsf.effectiveFrom}`
    : '';
  if (v.referralDsf > 0) {
    lines.push({
      kind: 'referral-dsf',
      label: `Digital Services Fee ${pct(terms.dsfReferral)} on the referral fee`,
      amount: roundMinor(v.referralDsf),
      rule: `Digital Services Fee rule: ${dsfWho}`,
    });
  }
  lines.push({
    kind: 'fba',
    label: input.fbaFee === null ? 'FBA fee (estimated)' : 'FBA fee',
    amount: roundMinor(terms.fba),
    rule:
      input.fbaFee === null
        ? `No FBA fee known for the listing: a standard small parcel in ${market.id} is assumed`
        : "The listing's FBA pick & pack fee (Keepa / import)",
  });
  if (v.fbaDsf > 0) {
    lines.push({
      kind: 'fba-dsf',
      label: `Digital Services Fee ${pct(terms.dsfFba)} on the FBA fee`,
      amount: roundMinor(v.fbaDsf),
      rule: `Digital Services Fee rule: ${dsfWho}`,
    });
  }
  return lines;
}

function feeVatLines(lines: FeeLine[], terms: ReturnType<typeof termsFor>, v: { feeVat: number }, input: ProfitInput): void {
  const vat = terms.vat;
  if ((vat.mode === 'charged' || vat.mode === 'charged-and-reclaimed') && vat.rule) {
    const country = SELLER_COUNTRY_NAMES[input.seller.country];
    const why =
      vat.mode === 'charged'
        ? `not VAT-registered: charged at the standard rate of the seller's country (${country}), not the store's`
        : `VAT-registered seller established in ${country}, where Amazon charges local VAT on its fees`;
    lines.push({
      kind: 'fee-vat',
      label: `VAT ${pct(vat.rate)} on Amazon's fees`,
      amount: roundMinor(v.feeVat),
      rule: `VAT on fees rule ${vat.rule.sellerCountry} from ${vat.rule.effectiveFrom}: ${why}`,
    });
    if (vat.mode === 'charged-and-reclaimed') {
      lines.push({
        kind: 'fee-vat-reclaimed',
        label: "VAT on Amazon's fees reclaimed",
        amount: -roundMinor(v.feeVat),
        rule: 'Reclaimed as input VAT by a VAT-registered seller: net zero',
      });
    }
  }
}

/** Convenience: converts a cost given in EUR minor units to the market currency with a EUR-based rate. */
export function convertMinor(amount: number, rate: number): number {
  return amount * rate;
}
