import { afterEach, describe, expect, it } from 'vitest';
import { estimateSales, monthlyProfitOf } from '@dealradar/shared/sales-estimate';
import { createKeepaProvider } from '../../src/modules/market-data/providers/keepa/keepa-client.ts';
import { amazonBuyBoxShare, toListing, type KeepaProduct } from '../../src/modules/market-data/providers/keepa/keepa-product.ts';
import { keepaProduct, startKeepaFake } from './fakes/keepa-fake.ts';
import { silentLog } from './helpers.ts';

/** The sales estimate's inputs read from Keepa's answer (docs/sales-estimate.md), and the estimate on each fixture. */
const EAN = '4006381333931';
const at = new Date('2026-11-20T10:00:00Z');
const AMAZON_DE = 'A3JWKAKR8XB7XF';
const listing = (p: object) => toListing(p as KeepaProduct, EAN, 'DE', at)!;
/** Keepa minutes of a moment `days` before `at`. */
const keepaDaysAgo = (days: number) => String(Math.floor((at.getTime() - days * 86_400_000) / 60_000) - 21_564_000);

describe('Keepa sales facts', () => {
  it('keeps monthlySold, the rank drops, the rank and root category, the new FBA offers and Amazon on the buy box', () => {
    const facts = listing(
      keepaProduct({
        asin: 'B0FACTS001',
        ean: EAN,
        monthlySold: 300,
        drops30: 25,
        drops90: 70,
        rank: 1520,
        fbaOffers: 4,
        amazonPrice: 1299,
        buyBoxStats: { [AMAZON_DE]: 60, A2MERCHANT0001: 40 },
      }),
    ).sales!;
    expect(facts).toEqual({
      monthlySold: 300,
      rankDrops30: 25,
      rankDrops90: 70,
      salesRank: 1520,
      rootCategory: 64187031,
      newFbaOffers: 4,
      newOffers: 7,
      amazonOffers: true,
      amazonBuyBoxShare: 0.6,
    });
  });

  it('each basis on the fixtures, against a hand computation', () => {
    const est = (o: Parameters<typeof keepaProduct>[0]) => estimateSales('DE', listing(keepaProduct({ ean: EAN, ...o })).sales!);
    // monthlySold 300, 3 FBA offers, no Amazon (holder history: another seller) → 300 / 4 = 75.
    const sold = est({ asin: 'B0SOLD0001' })!;
    expect([sold.basisText, sold.sellerUnitsPerMonth, sold.amazonShare]).toEqual(['≥ 300 bought last month', 75, 0]);
    expect(monthlyProfitOf(sold, 2)).toBe(150);
    // Only rank drops (no monthlySold): 30-day drops 25 / 4 = 6.25 → 6.3; 90-day drops 136 / 3 = 45.33 → 45, / 4 = 11.3.
    expect(est({ asin: 'B0DROPS030', monthlySold: 0 })!.basisText).toBe('≈ 25 from 30-day rank drops');
    expect(est({ asin: 'B0DROPS030', monthlySold: 0 })!.sellerUnitsPerMonth).toBe(6.3);
    const d90 = est({ asin: 'B0DROPS090', monthlySold: 0, drops30: -1, drops90: 136 })!;
    expect([d90.basisText, d90.sellerUnitsPerMonth]).toEqual(['≈ 45 from 90-day rank drops', 11.3]);
    // Only the rank 10,000: 100000 × 10000^-0.8 = 63.1 → 63; / (0 FBA + 1) = 63.
    const rank = est({ asin: 'B0RANKONLY', monthlySold: 0, drops30: -1, drops90: -1, rank: 10_000, fbaOffers: 0 })!;
    expect([rank.basisText, rank.sellerUnitsPerMonth]).toEqual(['≈ 63 from rank', 63]);
    // Nothing: no rank at all.
    const bare = { ...keepaProduct({ asin: 'B0NOTHING1', ean: EAN, monthlySold: 0, drops30: -1, drops90: -1, statsRank: -1 }), salesRanks: {} };
    expect(estimateSales('DE', listing(bare).sales!)).toBeNull();
  });

  it("Amazon's buy-box share from buyBoxStats, else from the holder history of the last 90 days", () => {
    // Stats: Amazon 95 % → no FBA estimate.
    const almost = listing(
      keepaProduct({ asin: 'B0AMAZON95', ean: EAN, amazonPrice: 1299, fbaOffers: 2, buyBoxStats: { [AMAZON_DE]: 95, A2MERCHANT0001: 5 } }),
    ).sales!;
    expect(estimateSales('DE', almost)!.sellerUnitsPerMonth).toBeNull();
    // Stats naming other holders only: 0.
    expect(listing(keepaProduct({ asin: 'B0AMAZON00', ean: EAN, buyBoxStats: { A2MERCHANT0001: 100 } })).sales!.amazonBuyBoxShare).toBe(0);
    // History: another seller 90→30 days ago, Amazon for the last 30 days → 30 / 90 = 1/3.
    const p = { ...keepaProduct({ asin: 'B0HISTORY1', ean: EAN }), buyBoxSellerIdHistory: [keepaDaysAgo(120), 'A1OTHERSELLER1', keepaDaysAgo(30), AMAZON_DE] };
    expect(amazonBuyBoxShare(p as KeepaProduct, 'DE', at)).toBeCloseTo(1 / 3, 3);
    // Without buy-box data (first phase): unknown.
    expect(amazonBuyBoxShare({ asin: 'B0NOBUYBOX' }, 'DE', at)).toBeNull();
  });

  describe('through the adapter and the Keepa look-alike (no extra tokens)', () => {
    let fake: Awaited<ReturnType<typeof startKeepaFake>> | undefined;
    afterEach(async () => fake?.close());

    it('the facts arrive with the one request the look-up makes anyway', async () => {
      const products = new Map([
        [EAN, [keepaProduct({ asin: 'B0ADAPTER1', ean: EAN, monthlySold: 0, drops30: 12, buyBoxStats: { [AMAZON_DE]: 50 }, amazonPrice: 1299 })]],
      ]);
      fake = await startKeepaFake({ key: 'k', products });
      const provider = createKeepaProvider({ apiKey: 'k', baseUrl: fake.url, now: () => at, log: silentLog, backoffBaseMs: 10, timeoutMs: 400 });
      const result = await provider.lookupEans([EAN], 'DE');
      expect(fake.stats.requests).toBe(1);
      expect(fake.stats.tokensConsumed).toBe(3); // 1 product + 2 for the buy box, as before
      const facts = result.found.get(EAN)![0]!.sales!;
      expect(facts).toMatchObject({ rankDrops30: 12, newFbaOffers: 3, amazonOffers: true, amazonBuyBoxShare: 0.5 });
      // 12 drops × (1 − 0.5) / (3 FBA − Amazon's + 1) = 2.
      expect(estimateSales('DE', facts)!.sellerUnitsPerMonth).toBe(2);
    });
  });
});
