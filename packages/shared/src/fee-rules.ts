import { getMarket, type MarketId } from './markets.ts';

/**
 * Amazon's fee rules as dated data. The rows live in the database (tables fee_referral_schedules,
 * fee_dsf_rules, fee_vat_rules; seeded and extended by migrations, sources in docs/market-data.md "Fee rules"); this
 * module only chooses the rows in force on a date and never holds a rate itself.
 *
 * In force: for every key (see each type), the row with the latest effectiveFrom on or before the date. A later
 * migration adds next year's rows with their date; older rows stay for deals computed before it.
 */

/** Countries a seller can be established in (the seller profile in Settings). */
export const SELLER_COUNTRIES = ['DE', 'UK', 'FR', 'IT', 'ES', 'NL', 'PL', 'BE', 'SE', 'AT', 'IE', 'US', 'CA'] as const;
export type SellerCountry = (typeof SELLER_COUNTRIES)[number];
export const SELLER_COUNTRY_NAMES: Record<SellerCountry, string> = {
  DE: 'Germany',
  UK: 'United Kingdom',
  FR: 'France',
  IT: 'Italy',
  ES: 'Spain',
  NL: 'Netherlands',
  PL: 'Poland',
  BE: 'Belgium',
  SE: 'Sweden',
  AT: 'Austria',
  IE: 'Ireland',
  US: 'United States',
  CA: 'Canada',
};

export function isSellerCountry(value: unknown): value is SellerCountry {
  return typeof value === 'string' && (SELLER_COUNTRIES as readonly string[]).includes(value);
}

/** Who sells: country of establishment and VAT registration (they decide DSF and VAT on Amazon's fees). */
export interface SellerProfile {
  country: SellerCountry;
  vatRegistered: boolean;
}

/** The profile a user has before saving one: established in the primary region's country, VAT-registered. */
export function defaultSellerProfile(primaryCountry: string | null | undefined): SellerProfile {
  return { country: primaryCountry === 'UK' ? 'UK' : isSellerCountry(primaryCountry) ? primaryCountry : 'DE', vatRegistered: true };
}

/** A referral fee schedule of one category in one market. Key: (market, category). Money in minor units. */
export interface ReferralRule {
  id: number;
  market: MarketId;
  category: string;
  categoryName: string;
  /** The market's schedule when the listing carries no usable rate. */
  isDefault: boolean;
  effectiveFrom: string;
  /** Rate when the buyer-paid total is at or below the threshold. */
  lowRate: number;
  /** Rate above the threshold (on the whole price). */
  highRate: number;
  threshold: number;
  minimumFee: number;
  source: string;
}

/**
 * Digital Services Fee: a percentage added to the referral fee and to the FBA fee. Key: (sellerCountry, market);
 * '*' as sellerCountry = sellers established anywhere else, '*' as market = every store.
 */
export interface DsfRule {
  id: number;
  sellerCountry: string;
  market: string;
  effectiveFrom: string;
  referralRate: number;
  fbaRate: number;
  source: string;
}

/**
 * VAT on Amazon's fees for sellers established in one country. Key: sellerCountry. vatRate is that country's standard
 * rate; amazonChargesLocalVat: Amazon charges it to registered sellers too (they reclaim it), else registered sellers
 * are reverse-charged (no VAT line).
 */
export interface FeeVatRule {
  id: number;
  sellerCountry: string;
  effectiveFrom: string;
  vatRate: number;
  amazonChargesLocalVat: boolean;
  source: string;
}

export interface FeeRules {
  referral: ReferralRule[];
  dsf: DsfRule[];
  feeVat: FeeVatRule[];
}

/** YYYY-MM-DD of a moment (UTC). */
export function ruleDate(at: Date | string): string {
  if (typeof at === 'string') return at.slice(0, 10);
  // A scan prices thousands of deals at one moment, each asking several times: the last answer is kept.
  const time = at.getTime();
  if (time !== lastRuleTime) {
    lastRuleDate = at.toISOString().slice(0, 10);
    lastRuleTime = time;
  }
  return lastRuleDate;
}
let lastRuleTime = Number.NaN;
let lastRuleDate = '';

/** The rows in force on `date`: per key, the one with the latest effectiveFrom ≤ date. */
export function inForce<T extends { effectiveFrom: string }>(rows: readonly T[], key: (row: T) => string, date: string): T[] {
  const best = new Map<string, T>();
  for (const row of rows) {
    if (row.effectiveFrom > date) continue;
    const k = key(row);
    const current = best.get(k);
    if (!current || row.effectiveFrom > current.effectiveFrom) best.set(k, row);
  }
  return [...best.values()];
}

/** Every rule in force on a date (what the admin table shows). */
export function feeRulesInForce(rules: FeeRules, at: Date | string): FeeRules {
  const date = ruleDate(at);
  return {
    referral: inForce(rules.referral, (r) => `${r.market}|${r.category}`, date),
    dsf: inForce(rules.dsf, (r) => `${r.sellerCountry}|${r.market}`, date),
    feeVat: inForce(rules.feeVat, (r) => r.sellerCountry, date),
  };
}

/**
 * The rows of one rules table in force on a date, by `key`, remembered per table: a scan prices thousands of rows with
 * the same rules, and need not filter the tables again for each row. Rules are not changed once loaded (a change loads
 * new ones), so a table's answers stay right; the memo goes with the table.
 */
const inForceMemo = new WeakMap<readonly object[], Map<string, readonly object[]>>();
function inForceOnce<T extends { effectiveFrom: string }>(table: readonly T[], memoKey: string, compute: () => T[]): readonly T[] {
  let byKey = inForceMemo.get(table);
  if (!byKey) {
    byKey = new Map();
    inForceMemo.set(table, byKey);
  }
  let rows = byKey.get(memoKey) as readonly T[] | undefined;
  if (!rows) {
    rows = compute();
    byKey.set(memoKey, rows);
  }
  return rows;
}

/** Keepa's rate may carry the DSF uplift already (15 % × 1.03 = 15.45 %): both forms identify a schedule. */
const RATE_TOLERANCE = 0.0025;

export type ReferralTerms = { kind: 'schedule'; rule: ReferralRule; identifiedBy: 'listing-rate' | 'market-default' } | { kind: 'listing'; rate: number };

/**
 * The referral schedule for a listing: the category whose low or high rate (with or without the DSF uplift) is nearest
 * to the listing's own rate — Keepa's rate at Keepa's price only tells the category; the schedule then gives the rate
 * at the evaluated price. No listing rate: the market's default schedule. A listing rate that matches no schedule is
 * used as a flat rate (a category we hold no schedule for).
 */
export function referralTermsFor(rules: FeeRules, market: MarketId, at: Date | string, listingRate: number | null, dsfReferralRate = 0): ReferralTerms {
  const date = ruleDate(at);
  const schedules = inForceOnce(rules.referral, `${market}|${date}`, () =>
    inForce(
      rules.referral.filter((r) => r.market === market),
      (r) => r.category,
      date,
    ),
  );
  if (listingRate !== null && listingRate > 0 && listingRate <= 0.5) {
    let best: { rule: ReferralRule; distance: number } | null = null;
    for (const rule of schedules) {
      for (const rate of [rule.lowRate, rule.highRate]) {
        for (const candidate of [rate, rate * (1 + dsfReferralRate)]) {
          const distance = Math.abs(candidate - listingRate);
          if (distance <= RATE_TOLERANCE + 1e-12 && (best === null || distance < best.distance)) best = { rule, distance };
        }
      }
    }
    if (best) return { kind: 'schedule', rule: best.rule, identifiedBy: 'listing-rate' };
    return { kind: 'listing', rate: listingRate };
  }
  const fallback = schedules.find((r) => r.isDefault) ?? schedules[0];
  if (!fallback) throw new Error(`No referral fee schedule is in force for ${market} on ${ruleDate(at)}.`);
  return { kind: 'schedule', rule: fallback, identifiedBy: 'market-default' };
}

/** The DSF in force for a seller in a store: the most specific row (seller & store, seller & every store, anyone & store). */
export function dsfFor(rules: FeeRules, seller: SellerProfile, market: MarketId, at: Date | string): DsfRule | null {
  const date = ruleDate(at);
  const rows = inForceOnce(rules.dsf, date, () => inForce(rules.dsf, (r) => `${r.sellerCountry}|${r.market}`, date));
  const find = (country: string, store: string) => rows.find((r) => r.sellerCountry === country && r.market === store);
  return find(seller.country, market) ?? find(seller.country, '*') ?? find('*', market) ?? find('*', '*') ?? null;
}

export type FeeVatMode = 'none' | 'charged' | 'charged-and-reclaimed' | 'reverse-charge';

/**
 * VAT on Amazon's fees (European stores only; Amazon's US/CA fees carry none): not registered → charged at the rate of
 * the seller's country (not the store's) and a cost; registered where Amazon charges local VAT → charged and reclaimed
 * (net zero); other registered sellers → reverse charge (no line).
 */
export function feeVatFor(
  rules: FeeRules,
  seller: SellerProfile,
  market: MarketId,
  at: Date | string,
): { mode: FeeVatMode; rate: number; rule: FeeVatRule | null } {
  if (getMarket(market).region !== 'Europe') return { mode: 'none', rate: 0, rule: null };
  const date = ruleDate(at);
  const rule =
    inForceOnce(rules.feeVat, `${seller.country}|${date}`, () =>
      inForce(
        rules.feeVat.filter((r) => r.sellerCountry === seller.country),
        () => 'k',
        date,
      ),
    )[0] ?? null;
  if (!rule || rule.vatRate <= 0) return { mode: 'none', rate: 0, rule };
  if (!seller.vatRegistered) return { mode: 'charged', rate: rule.vatRate, rule };
  return rule.amazonChargesLocalVat ? { mode: 'charged-and-reclaimed', rate: rule.vatRate, rule } : { mode: 'reverse-charge', rate: 0, rule };
}
