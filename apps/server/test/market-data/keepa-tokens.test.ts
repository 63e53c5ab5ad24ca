import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import { describeTokenCost } from '@dealradar/shared/keepa-tokens';
import type { DbHandle } from '../../src/db/client.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import type { ResolvedListing } from '../../src/modules/market-data/market-data.types.ts';
import { createKeepaProvider } from '../../src/modules/market-data/providers/keepa/keepa-client.ts';
import type { TokenWait } from '../../src/modules/market-data/providers/provider.types.ts';
import { eanSample, ESTIMATE_SAMPLE, estimateTokens, EXPECTED_TOKENS_PER_NEW_EAN } from '../../src/modules/market-data/token-estimate.ts';
import { keepaProduct, startKeepaFake } from './fakes/keepa-fake.ts';
import { openDb, silentLog, testConfig } from './helpers.ts';

/** Tokens counted as Keepa charges them, the estimate, and the two-phase look-up. */
const KEY = 'test-keepa-key';
const ean = (i: number) => {
  const body = `401${String(i).padStart(9, '0')}`;
  return body + gs1CheckDigit(body);
};

/**
 * The fixture list: 200 codes; 180 are on Amazon (one product each, every tenth also as a 2-pack: 198 products),
 * 20 are unknown to Keepa. Buy boxes 10.00–29.90 €; the NEW series peaked 0.50 € above the buy box.
 */
const LIST = Array.from({ length: 200 }, (_, i) => ean(i));
function fixtureProducts() {
  const map = new Map<string, object[]>();
  for (let i = 0; i < 180; i += 1) {
    const buyBox = 1000 + (i % 200) * 11;
    const list = [keepaProduct({ asin: `B0TOK${String(i).padStart(5, '0')}`, ean: ean(i), rank: 1000 + i, buyBox, max90: buyBox + 50 })];
    if (i % 10 === 0) list.push(keepaProduct({ asin: `B0TWO${String(i).padStart(5, '0')}`, ean: ean(i), rank: 90_000 + i, pack: 2, buyBox: buyBox * 2 }));
    map.set(ean(i), list);
    for (const product of list) map.set(product.asin, [product]);
  }
  return map;
}
/** A scan's candidate test stand-in: every sixth listed code (30 of 180, about 15 %) could be a deal. */
const candidate = (code: string, _atHighest: ResolvedListing) => LIST.indexOf(code) % 6 === 0;

describe('Keepa tokens', () => {
  let handle: DbHandle;
  let clock: TestClock;
  let fake: Awaited<ReturnType<typeof startKeepaFake>>;
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
  });
  afterAll(async () => handle?.close());
  afterEach(async () => {
    await fake?.close();
    await handle.db.execute('delete from market_listing_cache');
  });

  const keepa = (extra: Partial<Parameters<typeof createKeepaProvider>[0]> = {}) =>
    createKeepaProvider({ apiKey: KEY, baseUrl: fake.url, now: () => clock.now(), log: silentLog, backoffBaseMs: 10, timeoutMs: 2000, ...extra });
  const service = (provider = keepa()) =>
    createMarketDataService({
      config: testConfig({ MARKET_DATA: 'keepa', KEEPA_API_KEY: KEY }),
      db: handle.db,
      clock,
      log: silentLog,
      providers: { retail: provider },
    });

  it('the first phase asks without buybox (1 token per product) and reads the highest price Keepa shows; tokens come from tokensConsumed', async () => {
    fake = await startKeepaFake({ key: KEY, products: fixtureProducts() });
    const provider = keepa();
    const phase1 = await provider.lookupEans([ean(0), ean(1), ean(100), ean(190)], 'DE', undefined, { buyBox: false });
    expect(fake.requests.at(-1)!.query.get('buybox')).toBeNull();
    expect(fake.requests.at(-1)!.query.get('rating')).toBeNull();
    // ean(0) and ean(100): single + 2-pack, ean(1): single, ean(190): unknown → 5 products, 5 tokens
    expect(phase1.tokens).toBe(5);
    const single = phase1.found.get(ean(1))![0]!;
    expect(single).toMatchObject({ withoutBuyBox: true, buyBoxPrice: null, buyBoxSellerId: null, highestSeenPrice: 1399 });
    // the highest of: current FBA 12.49, current FBM 13.99, the NEW series' 90-day maximum (buy box + 0.50)
    expect(phase1.found.get(ean(100))![0]!.highestSeenPrice).toBe(1000 + 100 * 11 + 50);

    const phase2 = await provider.lookupAsins([single.asin], 'DE');
    expect(fake.requests.at(-1)!.query.get('buybox')).toBe('1');
    expect(phase2.tokens).toBe(3); // 1 + 2 for the buy box
    expect(phase2.found.get(single.asin)).toMatchObject({ buyBoxPrice: 1011 });
    expect(phase2.found.get(single.asin)!.withoutBuyBox).toBeUndefined();
    expect(fake.stats.tokensConsumed).toBe(8);
  });

  it('estimate vs tokens actually charged on the fixture list; ≤ 1.5 tokens per new EAN; 0 warm; one phase costs about 3', async () => {
    fake = await startKeepaFake({ key: KEY, products: fixtureProducts() });
    const md = service();
    const listSample = eanSample(LIST.length, (k) => LIST[k]!);
    const estimate = await md.estimateTokens!(listSample, 'DE');
    expect(estimate).toMatchObject({ eans: 200, newEans: 200, refillRate: 20, tokens: Math.ceil(200 * EXPECTED_TOKENS_PER_NEW_EAN) });

    const cold = await md.lookupListings(LIST, 'DE', { candidate });
    // phase 1: 198 products × 1; phase 2: the 30 candidates' chosen listing × (1 + 2)
    expect(cold.tokensSpent).toBe(198 + 30 * 3);
    expect(cold.tokensSpent).toBe(fake.stats.tokensConsumed);
    expect(cold.tokensSpent! / LIST.length).toBeLessThanOrEqual(1.5);
    // the estimate is within 15 % of what Keepa charged
    expect(Math.abs(estimate.tokens - cold.tokensSpent!) / cold.tokensSpent!).toBeLessThan(0.15);
    // candidates carry their buy box, the others only their first-phase data
    expect(cold.resolved.get(ean(0))!.listing).toMatchObject({ asin: 'B0TOK00000', buyBoxPrice: 1000 });
    expect(cold.resolved.get(ean(1))!.listing).toMatchObject({ withoutBuyBox: true, buyBoxPrice: null });

    // warm: the same list again costs nothing, and the estimate says so
    const warmEstimate = await md.estimateTokens!(listSample, 'DE');
    expect(warmEstimate.newEans).toBe(0);
    const warm = await md.lookupListings(LIST, 'DE', { candidate });
    expect(warm.tokensSpent).toBe(0);
    expect(warm.upstreamRequests).toBe(0);
    expect(warm.resolved.get(ean(0))!.listing.buyBoxPrice).toBe(1000);

    // one phase (every listing with its buy box), on an empty cache: 3 tokens per product
    await handle.db.execute('delete from market_listing_cache');
    const before = fake.stats.tokensConsumed;
    const onePhase = await service().lookupListings(LIST, 'DE');
    expect(onePhase.tokensSpent).toBe(198 * 3);
    expect(fake.stats.tokensConsumed - before).toBe(198 * 3);
  });

  it('a caller without a candidate test gets the buy box of listings a scan cached from its first phase', async () => {
    fake = await startKeepaFake({ key: KEY, products: fixtureProducts() });
    const md = service();
    await md.lookupListings(LIST.slice(0, 20), 'DE', { candidate: () => false });
    const full = await md.lookupListings(LIST.slice(0, 20), 'DE');
    expect(full.resolved.get(ean(1))!.listing).toMatchObject({ buyBoxPrice: 1011 });
    expect(full.resolved.get(ean(1))!.listing.withoutBuyBox).toBeUndefined();
  });

  it('waits for tokens when the bucket is empty, says so, and a cancel ends the wait at once', async () => {
    fake = await startKeepaFake({ key: KEY, products: fixtureProducts(), tokensLeft: -400, enforceTokens: true });
    const waits: Array<TokenWait | null> = [];
    const controller = new AbortController();
    const md = service(keepa());
    const lookup = md.lookupListings(LIST.slice(0, 5), 'DE', { signal: controller.signal, onTokenWait: (w) => waits.push(w) });
    for (let i = 0; i < 100 && waits.length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(waits[0]).toMatchObject({ tokensLeft: -400, refillRate: 20 });
    expect(waits[0]!.reason).toBe('The Keepa account is 400 tokens in debt; it refills 20 tokens per minute.');
    // 30 s until the refill + 400 / 20 = 20 min for the debt
    expect(waits[0]!.until.getTime() - Date.now()).toBeGreaterThan(20 * 60_000);
    controller.abort(new Error('canceled'));
    await expect(lookup).rejects.toThrow('canceled');
    expect(waits.at(-1)).toBeNull();
  });

  it('describes a cost as the screens show it', () => {
    const estimate = estimateTokens({ eans: 2400, complete: 50, withoutBuyBox: 0, account: { tokensLeft: null, refillRate: 20 } });
    expect(estimate.tokens).toBe(Math.ceil(2350 * 1.45));
    expect(describeTokenCost({ tokens: 3400, minutes: 170, refillRate: 20, newEans: 2345 })).toBe(
      'about 3,400 Keepa tokens, about 2 h 50 min at 20 tokens/min',
    );
    expect(describeTokenCost({ tokens: 0, minutes: 0, refillRate: 20, newEans: 0 })).toBe('no Keepa tokens (every EAN is in the shared cache)');
    expect(estimateTokens({ eans: 100, complete: 0, withoutBuyBox: 0, account: { tokensLeft: 1000, refillRate: 20 } }).minutes).toBe(0);
    expect(estimateTokens({ eans: 1000, complete: 0, withoutBuyBox: 0, account: { tokensLeft: 50, refillRate: 20 } }).minutes).toBe(
      Math.ceil((1450 - 50) / 20),
    );
  });

  it('judges a long list by an even sample of its EANs, a short one by all of them', () => {
    const at = (k: number) => String(k).padStart(13, '0');
    expect(eanSample(3, at)).toEqual({ count: 3, sample: [at(0), at(1), at(2)] });
    const long = eanSample(800_000, at);
    expect(long.count).toBe(800_000);
    expect(long.sample).toHaveLength(ESTIMATE_SAMPLE);
    expect(new Set(long.sample).size).toBe(ESTIMATE_SAMPLE);
    expect([long.sample[0], long.sample[1], long.sample.at(-1)]).toEqual([at(0), at(40), at(799_960)]);
  });
});
