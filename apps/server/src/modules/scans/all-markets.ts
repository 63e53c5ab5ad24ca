/**
 * "All markets" (docs/trusted-deals.md "Best market across all markets"): a supplier scan that looks every
 * EAN up in the seven markets (the shared cache and the two-phase look-up per market, as a single-market scan does)
 * and keeps, per EAN, the deal of its best market with the runner-up. The scan engine calls `lookup` and `evaluate`
 * instead of its single-market look-up and evaluateProduct; nothing here runs for a single-market scan.
 */
import { bestMarkets, compareMarkets, convertMinor, meetsMinRoi, type MarketFigures } from '@dealradar/shared/best-market';
import type { MarketComparison, MarketResult } from '@dealradar/shared/contracts/market-comparison';
import { MARKETS, MARKET_IDS, type MarketId } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import type { ProfitTerms } from '../market-data/fee-rules.service.ts';
import { listingProfit } from '../market-data/listing-profit.ts';
import type { EanSample, FxRate, LookupOptions, LookupResult, MarketDataService, ResolvedListing, TokenEstimate } from '../market-data/market-data.types.ts';
import { minutesFor } from '../market-data/token-estimate.ts';
import { reachesMinRoiBelow, referralThresholds } from './buy-box-candidates.ts';
import { evaluateProduct, stabilityOf, toEur, type DealInput, type ScanProduct } from './deal-calculator.ts';

/** The row inputs of the profit engine without the market-specific parts (listing, market, FX). */
export type RowInput = Omit<DealInput, 'resolved'>;

/** Expected Keepa tokens of looking the EANs up in every market: Keepa charges per market (domain). */
export async function estimateAllMarketsTokens(marketData: MarketDataService, eans: EanSample): Promise<TokenEstimate> {
  const estimates: TokenEstimate[] = [];
  for (const market of MARKET_IDS) {
    if (marketData.estimateTokens) estimates.push(await marketData.estimateTokens(eans, market));
  }
  const account = { tokensLeft: estimates[0]?.tokensLeft ?? null, refillRate: estimates[0]?.refillRate ?? null };
  const tokens = estimates.reduce((sum, e) => sum + e.tokens, 0);
  return {
    eans: eans.count,
    newEans: estimates.reduce((sum, e) => sum + e.newEans, 0),
    withoutBuyBoxEans: estimates.reduce((sum, e) => sum + e.withoutBuyBoxEans, 0),
    tokens,
    refillRate: account.refillRate,
    tokensLeft: account.tokensLeft,
    minutes: estimates.length === 0 ? 0 : minutesFor(tokens, account),
  };
}

interface Priced extends MarketFigures {
  resolved: ResolvedListing;
  fx: FxRate;
  /** Profit in minor units of the market's currency. */
  profit: number;
  currency: string;
}

export interface AllMarketsScan {
  /**
   * Looks the batch up in every market. `resolved` holds the EANs with a listing in at least one market (the scan
   * counts them as matched); an EAN whose look-up failed in any market is `notLookedUp` (its best market is unknown).
   */
  lookup(eans: string[], inputOf: (index: number) => RowInput, options: Omit<LookupOptions, 'candidate'>): Promise<LookupResult>;
  /** The product of the EAN's best market with the comparison attached (not a deal when no market is one). */
  evaluate(ean: string, input: RowInput): ScanProduct;
  /** The deals' 90-day stability, each from its best market's daily history and profit rule. */
  addStability(deals: Array<{ product: ScanProduct; input: RowInput }>): Promise<void>;
}

export async function createAllMarketsScan(
  deps: AppDeps,
  context: { terms: ProfitTerms; minRoi: number; comparisonCurrency: string },
): Promise<AllMarketsScan> {
  const fxOf = new Map<MarketId, FxRate>();
  for (const market of MARKETS) fxOf.set(market.id, await deps.marketData.fxRate('EUR', market.currency));
  const comparison = await deps.marketData.fxRate('EUR', context.comparisonCurrency);
  const thresholdsOf = new Map(MARKET_IDS.map((market) => [market, referralThresholds(context.terms, market)]));
  /** The last batch's listings per market (evaluate reads them). */
  let listings = new Map<MarketId, Map<string, ResolvedListing>>();
  /** The listing each deal of `evaluate` was priced with (its best market's). */
  const listingOf = new WeakMap<ScanProduct, ResolvedListing>();

  const inMarket = (input: RowInput, market: MarketId): RowInput => ({ ...input, market, fx: fxOf.get(market)! });

  /** Two-phase look-up per market: a listing gets its buy box when it could reach the minimum ROI there. */
  const candidateFor = (market: MarketId, rowOf: Map<string, RowInput>) => (ean: string, atHighest: ResolvedListing) => {
    const input = rowOf.get(ean);
    if (!input) return true;
    if (input.supplierPriceCents === null) return false; // no price: never a deal, the buy box is not worth tokens
    return reachesMinRoiBelow(atHighest, inMarket(input, market), thresholdsOf.get(market)!);
  };

  const priced = (ean: string, input: RowInput): Priced[] => {
    const out: Priced[] = [];
    for (const market of MARKET_IDS) {
      const resolved = listings.get(market)?.get(ean);
      if (!resolved) continue;
      const fx = fxOf.get(market)!;
      const breakdown = listingProfit(resolved, input.supplierPriceCents, fx, {
        terms: context.terms,
        minRoi: context.minRoi,
        purchaseVatRate: input.written?.terms.vatRate,
      });
      if (breakdown.profit === null || breakdown.roiPercentage === null) continue;
      out.push({
        market,
        resolved,
        fx,
        profit: breakdown.profit,
        currency: breakdown.currency,
        comparableProfit: convertMinor(breakdown.profit, fx.rate, comparison.rate),
        roiPercentage: breakdown.roiPercentage,
        meetsMinRoi: meetsMinRoi(breakdown.roiPercentage, context.minRoi),
      });
    }
    return out;
  };

  const resultOf = (p: Priced): MarketResult => ({
    market: p.market,
    profit: p.comparableProfit / 100,
    roiPercentage: p.roiPercentage,
    marketProfit: p.profit / 100,
    marketCurrency: p.currency,
    buyBoxPrice: (p.resolved.listing.buyBoxPrice ?? 0) / 100,
    asin: p.resolved.listing.asin,
    // The list's EUR, computed as the deal's own EUR figures are (deal-calculator), so the best market's equals them.
    listProfit: toEur(p.profit, p.fx.rate)!,
    fxRate: p.fx.rate,
  });

  return {
    async lookup(eans, inputOf, options) {
      const rowOf = new Map(eans.map((ean, k) => [ean, inputOf(k)]));
      const next = new Map<MarketId, Map<string, ResolvedListing>>();
      const failed = new Set<string>();
      let upstreamRequests = 0;
      let tokensSpent = 0;
      for (const market of MARKET_IDS) {
        options.signal?.throwIfAborted();
        const result = await deps.marketData.lookupListings(eans, market, { ...options, candidate: candidateFor(market, rowOf) });
        next.set(market, result.resolved);
        upstreamRequests += result.upstreamRequests;
        tokensSpent += result.tokensSpent ?? 0;
        for (const ean of result.notLookedUp) failed.add(ean);
      }
      listings = next;
      const resolved = new Map<string, ResolvedListing>();
      for (const ean of eans) {
        if (failed.has(ean)) continue;
        for (const market of MARKET_IDS) {
          const found = next.get(market)!.get(ean);
          if (found) {
            resolved.set(ean, found);
            break;
          }
        }
      }
      return { resolved, notLookedUp: [...failed], upstreamRequests, tokensSpent };
    },

    evaluate(ean, input) {
      const markets = priced(ean, input);
      const { best, runnerUp, ranked } = bestMarkets(markets);
      if (!best) {
        // No market is a deal: the product of the most profitable market (or any listed one) is counted, not kept.
        const top = [...markets].sort(compareMarkets)[0];
        const market = top?.market ?? MARKET_IDS.find((m) => listings.get(m)?.has(ean))!;
        return evaluateProduct({ ...inMarket(input, market), resolved: top?.resolved ?? listings.get(market)!.get(ean)! });
      }
      const product = evaluateProduct({ ...inMarket(input, best.market), resolved: best.resolved });
      const marketComparison: MarketComparison = {
        currency: comparison.to,
        fxDate: comparison.date,
        fxRate: comparison.rate,
        best: resultOf(best),
        runnerUp: runnerUp ? resultOf(runnerUp) : null,
        dealMarkets: ranked.map(resultOf),
        listedIn: MARKET_IDS.filter((m) => listings.get(m)?.has(ean)),
      };
      const deal = { ...product, marketComparison };
      listingOf.set(deal, best.resolved);
      return deal;
    },

    async addStability(deals) {
      for (const market of MARKET_IDS) {
        const here = deals.filter((d) => d.product.market === market && listingOf.has(d.product));
        if (!here.length) continue;
        const withHistory = await deps.marketData.withBuyBoxHistory(
          market,
          here.map((d) => listingOf.get(d.product)!),
        );
        here.forEach((d, k) => (d.product.profitableShare90 = stabilityOf({ ...inMarket(d.input, market), resolved: withHistory[k]! })));
      }
    },
  };
}
