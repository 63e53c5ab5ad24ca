import { gs1CheckDigit } from '@dealradar/shared/ean';
import type { MarketId } from '@dealradar/shared/markets';
import type { AmazonListing, MarketDataService, ResolvedListing } from '../../src/modules/market-data/market-data.types.ts';

/** A valid EAN-13 from a 12-digit body. */
export function ean13(body: string): string {
  return body + gs1CheckDigit(body);
}

export function listing(ean: string, market: MarketId, overrides: Partial<AmazonListing> = {}): AmazonListing {
  return {
    ean,
    asin: `B0${ean.slice(-8)}`,
    market,
    title: `Product ${ean}`,
    brand: 'Nivea',
    imageUrl: `https://img.test/${ean}.jpg`,
    buyBoxPrice: 2000,
    lowestFbaPrice: 2000,
    lowestFbmPrice: null,
    offerCount: 4,
    mainCategoryRank: 1200,
    beautyCategoryRank: 80,
    estimatedMonthlySales: 300,
    rating: 4.5,
    reviewCount: 120,
    buyBoxSellerId: 'A3JWKAKR8XB7XF',
    referralFeeRate: 0.15,
    fbaFee: 300,
    packageQuantity: 1,
    fetchedAt: new Date('2026-11-01T00:00:00Z'),
    source: 'demo',
    ...overrides,
  };
}

/**
 * Deterministic market data for API tests: only the listings given; `delayMs` slows each look-up batch down (as an
 * upstream call) so tests can observe a running scan; calls are counted.
 */
export function fakeMarketData(listings: AmazonListing[], options: { delayMs?: number } = {}) {
  const byKey = new Map(listings.map((l) => [`${l.market}:${l.ean}`, l]));
  const state = { calls: 0, eansLookedUp: 0, delayMs: options.delayMs ?? 0 };
  const service: MarketDataService = {
    source: { retail: 'fake', wholesale: 'fake', isDemo: true },
    async lookupListings(eans, market, opts) {
      state.calls += 1;
      state.eansLookedUp += eans.length;
      if (state.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, state.delayMs);
          opts?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(opts.signal!.reason);
          });
        });
      }
      const resolved = new Map<string, ResolvedListing>();
      for (const ean of eans) {
        const l = byKey.get(`${market}:${ean}`);
        if (l) resolved.set(ean, { listing: l, numberOfPacks: l.packageQuantity, alternatives: [], mapped: false });
      }
      // A slowed look-up stands for an upstream call: the scan keeps its batch size for uncached EANs, as with Keepa
      // (a look-up it takes for a cache hit would let its batches grow and the scan outrun the test that watches it).
      return { resolved, notLookedUp: [], upstreamRequests: state.delayMs ? 1 : 0 };
    },
    // The cache holds what was given (and what a test changes in it since).
    cachedListing: async (asin, market) => listings.find((l) => l.asin === asin && l.market === market),
    // The fake listings carry their daily history themselves.
    withBuyBoxHistory: async (_market, items) => items,
    listWholesaleBrands: async () => [],
    listWholesaleVariants: async () => [],
    fetchWholesaleCatalogue: async function* () {},
    fxRate: async (from, to) => ({ from, to, rate: from === to ? 1 : to === 'GBP' ? 0.85 : 1.1, date: '2026-11-20' }),
  };
  return { service, state };
}
