import type { MarketId } from './markets.ts';
import { formatCount } from './number-format.ts';

/**
 * The sales estimate of an Amazon listing and the seller's share of it (docs/sales-estimate.md). Pure: the inputs are
 * what the retail provider already returns (Keepa's monthlySold, sales-rank drops, rank and root category, the new FBA
 * offer count and Amazon's share of the buy box); every figure it gives is an estimate.
 */

/** What a listing tells us about its sales (all optional: null = unknown). */
export interface SalesFacts {
  /** Amazon's "bought in past month" badge as Keepa reports it (a floor: 1000 means "1K+"). */
  monthlySold: number | null;
  /** Times the sales rank fell over the last 30 / 90 days (Keepa stats.salesRankDrops30/90; roughly one sale each). */
  rankDrops30: number | null;
  rankDrops90: number | null;
  /** The current sales rank in the root category, and that category's id. */
  salesRank: number | null;
  rootCategory: number | null;
  /** New FBA offers on the listing (Keepa COUNT_NEW_FBA, which counts Amazon's own offer when it has one). */
  newFbaOffers: number | null;
  /** All new offers (used for the competitors when the FBA count is unknown). */
  newOffers?: number | null;
  /** True when Amazon itself has an offer on the listing (then one of the FBA offers is Amazon's). */
  amazonOffers?: boolean | null;
  /** Share (0–1) of the time Amazon itself held the buy box (Keepa buyBoxStats or the buy-box seller history). */
  amazonBuyBoxShare: number | null;
}

export type SalesBasis = 'monthlySold' | 'rankDrops30' | 'rankDrops90' | 'rank';

export interface SalesEstimate {
  /** Units the listing sells per month (all sellers together), rounded to whole units. */
  unitsPerMonth: number;
  basis: SalesBasis;
  /** The basis as the screens say it: "≥ 300 bought last month", "≈ 45 from 90-day rank drops", "≈ 20 from rank". */
  basisText: string;
  /** The sellers the rest is divided among: third-party FBA offers + 1 (you). */
  competitors: number;
  /** Amazon's share of the buy box taken off before dividing (0–1); null: unknown (nothing taken off). */
  amazonShare: number | null;
  /** The seller's units per month (one decimal); null when Amazon holds the buy box almost always (no FBA estimate). */
  sellerUnitsPerMonth: number | null;
  /** Why there is no seller share (sellerUnitsPerMonth null), as a sentence. */
  noShareReason: string | null;
}

/** Amazon at or above this share of the buy box: no FBA estimate (peers show none either). */
export const AMAZON_ALMOST_ALWAYS = 0.9;

/**
 * The rank-to-sales curve: monthly units ≈ k × rank^(−b). Not fitted to data — no verified table exists for the EU
 * Beauty root categories. b = 0.8 is the middle of the published exponents (0.6–0.85); k is anchored to the common
 * US rule of thumb for Beauty & Personal Care (rank 10,000 ≈ 250 units a month) and scaled by each store's size
 * relative to amazon.com. Its error is unknown; published curves miss by 10–50 %, expect ours to miss by more.
 */
export const RANK_CURVE_EXPONENT = 0.8;
export interface RankCurve {
  market: MarketId;
  /** The Beauty root category of the store (Amazon browse node id). */
  rootCategory: number;
  k: number;
}
export const RANK_CURVES: readonly RankCurve[] = [
  { market: 'US', rootCategory: 3760911, k: 396_000 },
  { market: 'DE', rootCategory: 64187031, k: 100_000 },
  { market: 'UK', rootCategory: 117332031, k: 90_000 },
  { market: 'FR', rootCategory: 197858031, k: 55_000 },
  { market: 'IT', rootCategory: 6198082031, k: 45_000 },
  { market: 'ES', rootCategory: 6198054031, k: 40_000 },
  { market: 'CA', rootCategory: 6205124011, k: 30_000 },
];

/** The curve for a market and root category: the store's Beauty curve (also for other roots: we have no other). */
export function rankCurveOf(market: MarketId): RankCurve | null {
  return RANK_CURVES.find((c) => c.market === market) ?? null;
}

/** Monthly units the curve gives for a rank (whole units); null without a curve or a rank. */
export function unitsFromRank(market: MarketId, rank: number | null): number | null {
  const curve = rankCurveOf(market);
  if (!curve || rank === null || !(rank > 0)) return null;
  return Math.round(curve.k * Math.pow(rank, -RANK_CURVE_EXPONENT));
}

const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
const count = (n: number) => formatCount(Math.round(n));

/** Units per month and the basis, in order: monthlySold, 30-day rank drops, 90-day rank drops ÷ 3, the rank curve. */
function monthlyUnits(market: MarketId, f: SalesFacts): { units: number; basis: SalesBasis; basisText: string } | null {
  if (positive(f.monthlySold)) return { units: Math.round(f.monthlySold), basis: 'monthlySold', basisText: `≥ ${count(f.monthlySold)} bought last month` };
  if (positive(f.rankDrops30)) return { units: Math.round(f.rankDrops30), basis: 'rankDrops30', basisText: `≈ ${count(f.rankDrops30)} from 30-day rank drops` };
  if (positive(f.rankDrops90)) {
    const units = Math.round(f.rankDrops90 / 3);
    return { units, basis: 'rankDrops90', basisText: `≈ ${count(units)} from 90-day rank drops` };
  }
  const fromRank = unitsFromRank(market, f.salesRank);
  if (fromRank === null) return null;
  return { units: fromRank, basis: 'rank', basisText: fromRank < 1 ? '< 1 from rank' : `≈ ${count(fromRank)} from rank` };
}

/**
 * The listing's monthly sales and the seller's share of them; null when nothing is known (no monthlySold, no rank
 * drops, no rank). The share: Amazon's share of the buy box is taken off first (whatever its size: those sales are
 * Amazon's), the rest is divided among the third-party FBA offers + 1 (the seller joining them). Amazon's own offer
 * is not counted among the FBA offers when it has one. At AMAZON_ALMOST_ALWAYS or more there is no FBA estimate.
 */
export function estimateSales(market: MarketId, facts: SalesFacts): SalesEstimate | null {
  const monthly = monthlyUnits(market, facts);
  if (!monthly) return null;
  const fba = facts.newFbaOffers !== null && facts.newFbaOffers >= 0 ? facts.newFbaOffers : null;
  const offers = fba ?? (typeof facts.newOffers === 'number' && facts.newOffers >= 0 ? facts.newOffers : 0);
  const thirdParty = Math.max(0, offers - (facts.amazonOffers && offers > 0 ? 1 : 0));
  const competitors = thirdParty + 1;
  const amazonShare = facts.amazonBuyBoxShare === null ? null : Math.min(1, Math.max(0, facts.amazonBuyBoxShare));
  const base = { unitsPerMonth: monthly.units, basis: monthly.basis, basisText: monthly.basisText, competitors, amazonShare };
  if (amazonShare !== null && amazonShare >= AMAZON_ALMOST_ALWAYS) {
    const percent = Math.round(amazonShare * 100);
    return { ...base, sellerUnitsPerMonth: null, noShareReason: `Amazon holds the buy box ${percent} % of the time: no FBA estimate.` };
  }
  const seller = (monthly.units * (1 - (amazonShare ?? 0))) / competitors;
  return { ...base, sellerUnitsPerMonth: Math.round(seller * 10) / 10, noShareReason: null };
}

/** The seller's units per month before rounding (for the monthly profit). */
function sellerUnitsExact(e: SalesEstimate): number | null {
  if (e.sellerUnitsPerMonth === null) return null;
  return (e.unitsPerMonth * (1 - (e.amazonShare ?? 0))) / e.competitors;
}

/** Estimated monthly profit = the seller's share × profit per unit, to the cent; null without a share or a profit. */
export function monthlyProfitOf(estimate: SalesEstimate | null, profitPerUnit: number | null): number | null {
  if (!estimate || profitPerUnit === null) return null;
  const units = sellerUnitsExact(estimate);
  return units === null ? null : Math.round(units * profitPerUnit * 100) / 100;
}

/** "12.5 units a month" as the share line says it. */
export function sellerShareText(estimate: SalesEstimate): string {
  if (estimate.sellerUnitsPerMonth === null) return estimate.noShareReason ?? 'No FBA estimate.';
  const units = estimate.sellerUnitsPerMonth;
  const sellers = estimate.competitors === 1 ? 'no other FBA seller' : `${estimate.competitors} FBA sellers incl. you`;
  const amazon = estimate.amazonShare && estimate.amazonShare > 0 ? `, after Amazon's ${Math.round(estimate.amazonShare * 100)} % of the buy box` : '';
  return `≈ ${units < 10 ? units.toFixed(1) : Math.round(units)} units/month your share (${sellers}${amazon})`;
}

/** Units of an ungating invoice by default (Settings). */
export const DEFAULT_UNGATING_INVOICE_UNITS = 10;
export const MAX_UNGATING_INVOICE_UNITS = 1000;

/**
 * "Is approval worth it?": what approval would earn a month (the seller's share × profit per unit) beside what an
 * ungating invoice costs (its units at the supplier's unit price). Amounts in the caller's currency.
 */
export function approvalWorth(input: {
  estimate: SalesEstimate | null;
  profitPerUnit: number | null;
  supplierUnitPrice: number | null;
  invoiceUnits: number;
}): { monthlyProfit: number | null; invoiceCost: number | null; invoiceUnits: number } {
  return {
    monthlyProfit: monthlyProfitOf(input.estimate, input.profitPerUnit),
    invoiceCost: input.supplierUnitPrice === null ? null : Math.round(input.supplierUnitPrice * input.invoiceUnits * 100) / 100,
    invoiceUnits: input.invoiceUnits,
  };
}

/** An estimated amount in whole units of the currency ("€84"); "—" when unknown. */
export function estimateMoney(value: number | null, currency = 'EUR'): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(value);
}

/** The "Is approval worth it?" line: "Approval would earn ≈ €84/month (estimate) · an ungating invoice of 10 units costs ≈ €72". */
export function approvalWorthText(worth: ReturnType<typeof approvalWorth>, estimate: SalesEstimate | null, currency = 'EUR'): string {
  const invoice =
    worth.invoiceCost === null
      ? `an ungating invoice of ${worth.invoiceUnits} units: no supplier price`
      : `an ungating invoice of ${worth.invoiceUnits} units costs ≈ ${estimateMoney(worth.invoiceCost, currency)}`;
  if (worth.monthlyProfit !== null) return `Approval would earn ≈ ${estimateMoney(worth.monthlyProfit, currency)}/month (estimate) · ${invoice}`;
  if (estimate && estimate.sellerUnitsPerMonth === null)
    return `Approval would earn little: ${estimate.noShareReason ?? 'Amazon holds the buy box.'} · ${invoice}`;
  return `No sales estimate for this listing, so what approval would earn is unknown · ${invoice}`;
}
