import { MARKET_IDS, isMarketId, type MarketId } from './markets.ts';

/**
 * "All markets" in the Supplier Level Analyzer (docs/trusted-deals.md "Best market across all markets"):
 * each EAN is priced in all seven markets, each in its own currency through the one profit rule; the profits are
 * converted to the region's currency with the EUR-based reference rates and compared here.
 */

/** The market choice that asks for every market at once (plans with multi-market analysis). */
export const ALL_MARKETS = 'ALL';
export type MarketChoice = MarketId | typeof ALL_MARKETS;

export function isMarketChoice(value: unknown): value is MarketChoice {
  return value === ALL_MARKETS || isMarketId(value);
}

/**
 * An amount in minor units of one currency → minor units of another, both given by their EUR reference rate
 * (1 EUR = rate units): amount ÷ fromRate × toRate, rounded half away from zero to the minor unit.
 * Example: £4.00 (400) with 1 EUR = 0.8745 GBP → EUR (rate 1): 400 / 0.8745 = 457.40… → 457 (€4.57).
 */
export function convertMinor(amount: number, fromRate: number, toRate: number): number {
  if (!(fromRate > 0) || !(toRate > 0)) throw new Error('Exchange rates must be positive.');
  if (fromRate === toRate) return Math.round(amount);
  const value = (amount / fromRate) * toRate;
  // A tiny allowance so an exact half (e.g. 0.5 after a division that lands a hair below) rounds away from zero.
  const rounded = Math.floor(Math.abs(value) + 0.5 + 1e-9);
  return value < 0 ? -rounded : rounded;
}

/** One market's figures for one product. */
export interface MarketFigures {
  market: MarketId;
  /** Profit in minor units of the comparison (region's) currency, converted with convertMinor. */
  comparableProfit: number;
  /** ROI as a percentage (25.3 = 25.3 %). */
  roiPercentage: number;
  /** ROI at or above the user's minimum ROI in this market (the deal rule of a single-market scan). */
  meetsMinRoi: boolean;
}

/** The deal rule of every scan: ROI (percent) at or above the minimum ROI (fraction). */
export function meetsMinRoi(roiPercentage: number | null, minRoi: number): boolean {
  return roiPercentage !== null && roiPercentage + 1e-9 >= minRoi * 100;
}

const marketOrder = (market: MarketId) => MARKET_IDS.indexOf(market);

/**
 * The order of the markets of one product: higher profit in the region's currency first; equal profit (to the minor
 * unit) → higher ROI first; still equal → the market order DE, UK, FR, IT, ES, US, CA.
 */
export function compareMarkets(a: MarketFigures, b: MarketFigures): number {
  if (a.comparableProfit !== b.comparableProfit) return b.comparableProfit - a.comparableProfit;
  if (a.roiPercentage !== b.roiPercentage) return b.roiPercentage - a.roiPercentage;
  return marketOrder(a.market) - marketOrder(b.market);
}

/**
 * Best market and runner-up of one product. Only markets where the product meets the minimum ROI take part (a market
 * below it is no deal there, however large its profit: a six-pack can earn more per sale at a far lower ROI); they are
 * ranked by compareMarkets. best: the first (null: no market is a deal); runnerUp: the second (null: only one is).
 */
export function bestMarkets<T extends MarketFigures>(markets: readonly T[]): { best: T | null; runnerUp: T | null; ranked: T[] } {
  const ranked = markets.filter((m) => m.meetsMinRoi).sort(compareMarkets);
  return { best: ranked[0] ?? null, runnerUp: ranked[1] ?? null, ranked };
}
