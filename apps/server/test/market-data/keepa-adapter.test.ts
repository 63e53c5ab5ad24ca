import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import type { DbHandle } from '../../src/db/client.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import { createKeepaProvider, KeepaTokenBudget } from '../../src/modules/market-data/providers/keepa/keepa-client.ts';
import { keepaTimeToDate } from '../../src/modules/market-data/providers/keepa/keepa-product.ts';
import { keepaProduct, startKeepaFake } from './fakes/keepa-fake.ts';
import { openDb, silentLog, testConfig } from './helpers.ts';

const KEY = 'test-keepa-key';
const ean = (i: number) => {
  const body = `400${String(i).padStart(9, '0')}`;
  return body + gs1CheckDigit(body);
};

function products() {
  const map = new Map<string, object[]>();
  for (let i = 0; i < 300; i += 1) map.set(ean(i), [keepaProduct({ asin: `B0TEST${String(i).padStart(4, '0')}`, ean: ean(i), rank: 1000 + i })]);
  // several listings for one code: the single (rank 5000) and a 3-pack (rank 900)
  map.set(ean(1000), [
    keepaProduct({ asin: 'B0SINGLE01', ean: ean(1000), rank: 5000 }),
    keepaProduct({ asin: 'B0THREEPK1', ean: ean(1000), rank: 900, pack: 3 }),
  ]);
  map.set(ean(1001), [keepaProduct({ asin: 'B0NOBUYBOX', ean: ean(1001), buyBox: -1, fba: null, referral: null })]);
  map.set(ean(1002), [keepaProduct({ asin: 'B0PARENT01', ean: ean(1002), productType: 5 })]);
  map.set('036000291452', [keepaProduct({ asin: 'B0USUPC001', upc: '036000291452' })]);
  return map;
}

describe('Keepa adapter against a local Keepa', () => {
  let fake: Awaited<ReturnType<typeof startKeepaFake>>;
  afterEach(async () => fake?.close());
  const provider = (extra: Partial<Parameters<typeof createKeepaProvider>[0]> = {}) =>
    createKeepaProvider({
      apiKey: KEY,
      baseUrl: fake.url,
      now: () => new Date('2026-11-20T10:00:00Z'),
      log: silentLog,
      backoffBaseMs: 10,
      timeoutMs: 400,
      ...extra,
    });

  it('maps the product fields (cents, -1, ranks, fees, pack, image) and returns several listings per code', async () => {
    fake = await startKeepaFake({ key: KEY, products: products() });
    const result = await provider().lookupEans([ean(0), ean(1000), ean(1001), ean(1002), ean(2000)], 'DE');
    expect(result.failed).toEqual([]);
    expect(result.requests).toBe(1);
    const q = fake.requests[0]!.query;
    expect(q.get('key')).toBe(KEY);
    expect(q.get('domain')).toBe('3');
    expect(q.get('code')!.split(',')).toHaveLength(5);
    expect(q.get('code-limit')).toBe('5');
    expect(q.get('buybox')).toBe('1');
    expect(result.found.get(ean(0))![0]).toMatchObject({
      ean: ean(0),
      asin: 'B0TEST0000',
      market: 'DE',
      buyBoxPrice: 1299,
      lowestFbaPrice: 1249,
      lowestFbmPrice: 1399,
      offerCount: 7,
      mainCategoryRank: 1000,
      beautyCategoryRank: 88,
      rating: 4.5,
      reviewCount: 812,
      estimatedMonthlySales: 300,
      referralFeeRate: 0.15,
      fbaFee: 290,
      packageQuantity: 1,
      imageUrl: 'https://m.media-amazon.com/images/I/41aaaa.jpg',
      source: 'keepa',
    });
    expect(result.found.get(ean(1000))!.map((l) => l.asin)).toEqual(['B0SINGLE01', 'B0THREEPK1']);
    expect(result.found.get(ean(1001))![0]).toMatchObject({ buyBoxPrice: null, fbaFee: null, referralFeeRate: null });
    expect(result.found.has(ean(1002))).toBe(false); // variation parent skipped
    expect(result.found.has(ean(2000))).toBe(false); // unknown code: no product
  });

  it('asks North American marketplaces with the UPC-A form and maps the answer back', async () => {
    fake = await startKeepaFake({ key: KEY, products: products() });
    const result = await provider().lookupEans(['0036000291452'], 'US');
    expect(fake.requests[0]!.query.get('domain')).toBe('1');
    expect(fake.requests[0]!.query.get('code')).toBe('036000291452');
    expect(result.found.get('0036000291452')![0]!.asin).toBe('B0USUPC001');
  });

  it('waits for the announced refill on 429 and retries the same request', async () => {
    fake = await startKeepaFake({ key: KEY, products: products(), script: ['429'] });
    const started = Date.now();
    const result = await provider().lookupEans([ean(1)], 'DE');
    const waited = Date.now() - started;
    // refillIn 200 ms + 5 missing tokens at 600/min (500 ms)
    expect(waited).toBeGreaterThanOrEqual(700);
    expect(result.requests).toBe(2);
    expect(fake.requests[0]!.query.toString()).toBe(fake.requests[1]!.query.toString());
    expect(result.found.get(ean(1))).toHaveLength(1);
  });

  it('retries transient failures (500, timeout, malformed JSON) with backoff and accepts gzip', async () => {
    fake = await startKeepaFake({ key: KEY, products: products(), script: ['500', 'hang', 'malformed', 'gzip'] });
    const p = provider();
    const first = await p.lookupEans([ean(2)], 'DE');
    expect(first.requests).toBe(4);
    expect(first.found.get(ean(2))).toHaveLength(1);
  });

  it('gives a batch up after the retries and reports its codes as failed', async () => {
    fake = await startKeepaFake({ key: KEY, products: products(), script: ['500', '500', '500', '500', '500'] });
    const result = await provider({ maxRetries: 3 }).lookupEans([ean(3), ean(4)], 'DE');
    expect(result.failed).toEqual([ean(3), ean(4)]);
    expect(result.requests).toBe(4);
  });

  it('does not retry a refused key', async () => {
    fake = await startKeepaFake({ key: 'another', products: products() });
    const result = await provider().lookupEans([ean(5)], 'DE');
    expect(result.failed).toEqual([ean(5)]);
    expect(fake.requests).toHaveLength(1);
  });

  it('looks up ASINs (for mappings)', async () => {
    const map = products();
    map.set('B0MAPPED01', [keepaProduct({ asin: 'B0MAPPED01', ean: ean(7), pack: 2 })]);
    fake = await startKeepaFake({ key: KEY, products: map });
    const result = await provider().lookupAsins(['B0MAPPED01'], 'FR');
    expect(fake.requests[0]!.query.get('asin')).toBe('B0MAPPED01');
    expect(fake.requests[0]!.query.get('domain')).toBe('4');
    expect(result.found.get('B0MAPPED01')).toMatchObject({ asin: 'B0MAPPED01', packageQuantity: 2 });
  });
});

describe('Keepa token budget', () => {
  it('follows tokensLeft / refillIn / refillRate', () => {
    const budget = new KeepaTokenBudget();
    expect(budget.waitMs(0)).toBe(0);
    budget.update({ tokensLeft: 50, refillIn: 1000, refillRate: 20 }, 0);
    expect(budget.waitMs(0)).toBe(0);
    budget.update({ tokensLeft: 0, refillIn: 1000, refillRate: 20 }, 0);
    expect(budget.waitMs(400)).toBe(600 + 100);
    budget.update({ tokensLeft: -10, refillIn: 1000, refillRate: 20 }, 0);
    expect(budget.waitMs(0)).toBe(1000 + 30_000 + 100); // 10 tokens at 20/min = 30 s
  });

  it('converts Keepa time', () => {
    expect(keepaTimeToDate(7_000_000).toISOString()).toBe('2024-04-23T02:40:00.000Z');
  });
});

describe('MARKET_DATA=keepa through the shared cache', () => {
  let handle: DbHandle;
  let clock: TestClock;
  let fake: Awaited<ReturnType<typeof startKeepaFake>>;
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
  });
  afterAll(async () => {
    await fake?.close();
    await handle.close();
  });

  it('batches ≤ 100 codes per request, none warm, best rank with alternatives, failed batch → notLookedUp', async () => {
    fake = await startKeepaFake({ key: KEY, products: products() });
    const md = createMarketDataService({
      config: testConfig({ MARKET_DATA: 'keepa', KEEPA_API_KEY: KEY, KEEPA_BASE_URL: fake.url }),
      db: handle.db,
      clock,
      log: silentLog,
    });
    expect(md.source).toEqual({ retail: 'keepa', wholesale: 'demo', isDemo: true });
    const eans = [...Array.from({ length: 249 }, (_, i) => ean(i)), ean(1000)];
    const cold = await md.lookupListings(eans, 'DE');
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.every((r) => r.query.get('code')!.split(',').length <= 100)).toBe(true);
    expect(cold.upstreamRequests).toBe(3);
    expect(cold.resolved.size).toBe(250);
    const multi = cold.resolved.get(ean(1000))!;
    expect(multi.listing.asin).toBe('B0THREEPK1');
    expect(multi.numberOfPacks).toBe(3);
    expect(multi.alternatives.map((l) => l.asin)).toEqual(['B0SINGLE01']);

    const warm = await md.lookupListings(eans, 'DE');
    expect(warm.upstreamRequests).toBe(0);
    expect(fake.requests).toHaveLength(3);

    await fake.close();
    fake = await startKeepaFake({ key: 'nope', products: products() });
    const md2 = createMarketDataService({
      config: testConfig({ MARKET_DATA: 'keepa', KEEPA_API_KEY: KEY, KEEPA_BASE_URL: fake.url }),
      db: handle.db,
      clock,
      log: silentLog,
    });
    const failed = await md2.lookupListings([ean(0), ean(280), ean(281)], 'DE');
    expect(failed.resolved.has(ean(0))).toBe(true); // cached
    expect(failed.notLookedUp).toEqual([ean(280), ean(281)]);
  });
});
