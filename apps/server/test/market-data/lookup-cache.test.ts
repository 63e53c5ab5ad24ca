import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import type { DbHandle } from '../../src/db/client.ts';
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { deleteMapping, insertMapping } from '../../src/modules/market-data/market-data.repository.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import type { AmazonListing } from '../../src/modules/market-data/market-data.types.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { createDemoRetailProvider, demoListings } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import type { RetailProvider } from '../../src/modules/market-data/providers/provider.types.ts';
import { countingProvider, openDb, silentLog, testConfig } from './helpers.ts';

/** 10,000 canonical EANs: the whole demo catalogue plus valid codes it doesn't know. */
function tenThousandEans(): string[] {
  const eans = demoCatalogue().variants.map((v) => v.gtin);
  for (let i = 0; eans.length < 10_000; i += 1) {
    const body = `590${String(i).padStart(9, '0')}`;
    eans.push(body + gs1CheckDigit(body));
  }
  return eans;
}

describe('market-data look-ups through the shared cache', () => {
  let handle: DbHandle;
  let clock: TestClock;
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
  });
  afterAll(async () => handle.close());

  function service(provider: RetailProvider, env: Record<string, string> = {}) {
    return createMarketDataService({ config: testConfig(env), db: handle.db, clock, log: silentLog, providers: { retail: provider } });
  }

  it('a 10,000-EAN scan costs at most 100 upstream requests cold and none warm; a fresh entry costs nothing; TTL expiry refetches', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const md = service(provider);
    const eans = tenThousandEans();

    const cold = await md.lookupListings(eans, 'DE');
    expect(calls.eanRequests).toBe(100);
    expect(cold.upstreamRequests).toBe(100);
    expect(cold.notLookedUp).toEqual([]);
    expect(cold.resolved.size).toBeGreaterThan(5000);
    // unknown codes: looked up, no listing
    expect(cold.resolved.has(eans[9999]!)).toBe(false);

    const warm = await md.lookupListings(eans, 'DE');
    expect(calls.eanRequests).toBe(100);
    expect(warm.upstreamRequests).toBe(0);
    expect(warm.resolved.size).toBe(cold.resolved.size);

    // another "user" (a second service on the same database) shares the cache
    const other = countingProvider(createDemoRetailProvider(clock));
    const second = await service(other.provider).lookupListings(eans.slice(0, 500), 'DE');
    expect(other.calls.eanRequests).toBe(0);
    expect(second.upstreamRequests).toBe(0);

    // another market is a separate cache
    await md.lookupListings(eans.slice(0, 150), 'UK');
    expect(calls.eanRequests).toBe(102);

    // 23 h later still fresh (TTL 24 h), 25 h later stale
    clock.advance(23 * 3_600_000);
    await md.lookupListings(eans.slice(0, 150), 'DE');
    expect(calls.eanRequests).toBe(102);
    clock.advance(2 * 3_600_000);
    const stale = await md.lookupListings(eans.slice(0, 150), 'DE');
    expect(stale.upstreamRequests).toBe(2);
  }, 60_000);

  it('honours MARKET_CACHE_TTL_HOURS', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const md = service(provider, { MARKET_CACHE_TTL_HOURS: '1' });
    const eans = demoCatalogue()
      .variants.slice(0, 10)
      .map((v) => v.gtin);
    await md.lookupListings(eans, 'IT');
    clock.advance(30 * 60_000);
    await md.lookupListings(eans, 'IT');
    expect(calls.eanRequests).toBe(1);
    clock.advance(31 * 60_000);
    await md.lookupListings(eans, 'IT');
    expect(calls.eanRequests).toBe(2);
  });

  it('does not duplicate concurrent look-ups of the same EANs', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const md = service(provider);
    const eans = demoCatalogue()
      .variants.slice(0, 250)
      .map((v) => v.gtin);
    const [a, b, c] = await Promise.all([md.lookupListings(eans, 'FR'), md.lookupListings(eans, 'FR'), md.lookupListings(eans.slice(100), 'FR')]);
    expect(calls.eanRequests).toBe(3);
    expect(new Set(calls.codes).size).toBe(calls.codes.length);
    expect(a.resolved.size).toBe(b.resolved.size);
    expect(c.notLookedUp).toEqual([]);
    expect(a.upstreamRequests + b.upstreamRequests + c.upstreamRequests).toBe(3);
  });

  it('a cancelled look-up stops between batches; another caller waiting for its EANs fetches them itself', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const md = service(provider);
    const eans = demoCatalogue()
      .variants.slice(600, 900)
      .map((v) => v.gtin); // 3 batches
    const controller = new AbortController();
    const first = md.lookupListings(eans, 'US', { signal: controller.signal });
    const second = md.lookupListings(eans, 'US');
    setTimeout(() => controller.abort(), 1);
    await expect(first).rejects.toThrow(/abort/i);
    const result = await second;
    expect(result.notLookedUp).toEqual([]);
    expect(result.resolved.size).toBeGreaterThan(50);
    expect(new Set(calls.codes).size).toBe(300);
    expect(calls.eanRequests).toBeLessThanOrEqual(4);
  });

  it('reports the EANs of a failed batch as not looked up, keeps the rest, and retries them next time', async () => {
    const demo = createDemoRetailProvider(clock);
    let failNext = true;
    const flaky: RetailProvider = {
      ...demo,
      name: 'demo',
      async lookupEans(eans, market) {
        if (failNext) {
          failNext = false;
          return { found: new Map(), failed: eans, requests: 3 };
        }
        return demo.lookupEans(eans, market);
      },
    };
    const md = service(flaky);
    const eans = demoCatalogue()
      .variants.slice(300, 450)
      .map((v) => v.gtin); // 2 batches
    const first = await md.lookupListings(eans, 'ES');
    expect(first.notLookedUp).toEqual(eans.slice(0, 100));
    expect(first.resolved.size).toBeGreaterThan(20);
    expect([...first.resolved.keys()].every((e) => eans.slice(100).includes(e))).toBe(true);
    const second = await md.lookupListings(eans, 'ES');
    expect(second.notLookedUp).toEqual([]);
    expect(second.upstreamRequests).toBe(1);
  });

  it('a provider that throws fails only its batch', async () => {
    const throwing: RetailProvider = {
      ...createDemoRetailProvider(clock),
      async lookupEans() {
        throw new Error('boom');
      },
    };
    const eans = demoCatalogue()
      .variants.slice(500, 510)
      .map((v) => v.gtin);
    const result = await service(throwing).lookupListings(eans, 'CA');
    expect(result.notLookedUp).toEqual(eans);
  });

  it('picks the listing with the best main rank and keeps the others; pack count from the listing', async () => {
    const md = service(createDemoRetailProvider(clock));
    const ean = demoCatalogue().variants.find((v) => demoListings(v.gtin, 'DE', clock.now()).length === 2)!.gtin;
    const listings = demoListings(ean, 'DE', clock.now());
    const best = [...listings].sort((x, y) => x.mainCategoryRank! - y.mainCategoryRank!)[0]!;
    const { resolved } = await md.lookupListings([ean], 'DE');
    const r = resolved.get(ean)!;
    expect(r.listing.asin).toBe(best.asin);
    expect(r.numberOfPacks).toBe(best.packageQuantity);
    expect(r.alternatives.map((l) => l.asin)).toEqual(listings.filter((l) => l.asin !== best.asin).map((l) => l.asin));
    expect(r.mapped).toBe(false);
  });

  it('an EAN-ASIN mapping overrides the match and its numberOfPacks drives the pack count, also for an ASIN listed under another EAN', async () => {
    const md = service(createDemoRetailProvider(clock));
    const at = clock.now();
    const twoListings = demoCatalogue().variants.find((v) => demoListings(v.gtin, 'UK', at).length === 2)!.gtin;
    const listings = demoListings(twoListings, 'UK', at);
    const worst = [...listings].sort((x, y) => y.mainCategoryRank! - x.mainCategoryRank!)[0]!;
    await insertMapping(handle.db, { ean: twoListings, asin: worst.asin, name: 'x', brand: 'y', numberOfPacks: 5 }, at);

    // an EAN without own UK listing mapped to the ASIN of another product
    const donor = demoCatalogue().variants.find((v) => demoListings(v.gtin, 'UK', at).length === 1 && v.gtin !== twoListings)!.gtin;
    const donorAsin = demoListings(donor, 'UK', at)[0]!.asin;
    const orphan = demoCatalogue().variants.find((v) => demoListings(v.gtin, 'UK', at).length === 0)!.gtin;
    await insertMapping(handle.db, { ean: orphan, asin: donorAsin, name: 'x', brand: 'y', numberOfPacks: 2 }, at);

    const { resolved } = await md.lookupListings([twoListings, orphan], 'UK');
    expect(resolved.get(twoListings)).toMatchObject({ mapped: true, numberOfPacks: 5, listing: { asin: worst.asin, ean: twoListings } });
    expect(resolved.get(twoListings)!.alternatives).toHaveLength(1);
    expect(resolved.get(orphan)).toMatchObject({ mapped: true, numberOfPacks: 2, listing: { asin: donorAsin, ean: orphan } });
  });

  it("finds an ASIN's cached listing through its EAN's entry or the ASIN's own, expired too, never upstream (cachedListing)", async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const md = service(provider);
    const at = clock.now();
    const variants = demoCatalogue().variants;
    const ean = variants.find((v) => demoListings(v.gtin, 'CA', at).filter((l) => l.buyBoxPrice).length === 2)!.gtin;
    const [first, second] = demoListings(ean, 'CA', at);
    expect(await md.cachedListing!(first!.asin, 'CA', ean)).toBeUndefined();
    await md.lookupListings([ean], 'CA');
    const upstream = calls.eanRequests + calls.asinRequests;
    expect(await md.cachedListing!(second!.asin, 'CA', ean)).toMatchObject({ asin: second!.asin, buyBoxPrice: second!.buyBoxPrice });
    // Without the EAN only an ASIN's own entry is read (a mapped ASIN's, a buy box fetched by ASIN); another market, none.
    expect(await md.cachedListing!(first!.asin, 'CA')).toBeUndefined();
    expect(await md.cachedListing!(first!.asin, 'US', ean)).toBeUndefined();
    const orphan = variants.find((v) => demoListings(v.gtin, 'CA', at).length === 0)!.gtin;
    const mapping = await insertMapping(handle.db, { ean: orphan, asin: first!.asin, name: 'x', brand: 'y', numberOfPacks: 1 }, at);
    await md.lookupListings([orphan], 'CA');
    await deleteMapping(handle.db, mapping.id); // a mapping holds in every market: the other tests' look-ups stay as they were
    expect(await md.cachedListing!(first!.asin, 'CA')).toMatchObject({ asin: first!.asin, buyBoxPrice: first!.buyBoxPrice });
    const afterMapping = calls.eanRequests + calls.asinRequests;
    // Past its expiry the entry still answers (until purged), and reading it asks nothing upstream.
    clock.advance(2 * 24 * 3_600_000);
    expect(await md.cachedListing!(second!.asin, 'CA', ean)).toMatchObject({ asin: second!.asin });
    expect(calls.eanRequests + calls.asinRequests).toBe(afterMapping);
    expect(afterMapping).toBeGreaterThan(upstream);
  });

  it('purges rows a week after they expired', async () => {
    const { purgeMarketCache } = await import('../../src/modules/market-data/market-data.jobs.ts');
    const md = service(createDemoRetailProvider(clock));
    const eans = demoCatalogue()
      .variants.slice(1000, 1010)
      .map((v) => v.gtin);
    await md.lookupListings(eans, 'ES');
    const ours = async () =>
      (await handle.db.one<{ n: number }>(`select count(*)::int as n from market_listing_cache where market = 'ES' and key = any($1::text[])`, [eans])).n;
    expect(await ours()).toBe(10);
    clock.advance(24 * 3_600_000 + 6 * 24 * 3_600_000); // expired 6 days ago: kept
    await purgeMarketCache({ db: handle.db, clock, log: silentLog });
    expect(await ours()).toBe(10);
    clock.advance(2 * 24 * 3_600_000);
    expect(await purgeMarketCache({ db: handle.db, clock, log: silentLog })).toBeGreaterThanOrEqual(10);
    expect(await ours()).toBe(0);
  });

  it('keeps dates and nulls intact through the cache', async () => {
    const { provider } = countingProvider(createDemoRetailProvider(clock));
    const md = service(provider);
    const ean = demoCatalogue().variants.find((v) => demoListings(v.gtin, 'US', clock.now()).length)!.gtin;
    const cold = (await md.lookupListings([ean], 'US')).resolved.get(ean)!.listing;
    const warm = (await md.lookupListings([ean], 'US')).resolved.get(ean)!.listing;
    expect(warm.fetchedAt).toBeInstanceOf(Date);
    expect(warm).toEqual(cold satisfies AmazonListing);
  });

  it('answers look-ups without the daily buy-box history and gives it for the listings asked (withBuyBoxHistory)', async () => {
    const { provider } = countingProvider(createDemoRetailProvider(clock));
    const md = service(provider);
    const ean = demoCatalogue().variants.find((v) => demoListings(v.gtin, 'DE', clock.now()).some((l) => l.buyBoxDaily90?.length))!.gtin;
    const expected = demoListings(ean, 'DE', clock.now());
    const cold = (await md.lookupListings([ean], 'DE')).resolved.get(ean)!;
    const warm = (await md.lookupListings([ean], 'DE')).resolved.get(ean)!;
    expect(cold.listing.buyBoxDaily90).toBeUndefined();
    expect(warm.listing.buyBoxDaily90).toBeUndefined();
    const [withHistory] = await md.withBuyBoxHistory('DE', [warm]);
    const daily = expected.find((l) => l.asin === warm.listing.asin)!.buyBoxDaily90;
    expect(daily).toHaveLength(90);
    expect(withHistory!.listing.buyBoxDaily90).toEqual(daily);
    expect(withHistory!.listing).toEqual({ ...warm.listing, buyBoxDaily90: daily });
    // Expired entries give no history.
    clock.advance(25 * 3_600_000);
    expect((await md.withBuyBoxHistory('DE', [warm]))[0]!.listing.buyBoxDaily90).toBeNull();
  });

  it('migration 0020 moves the histories cached inside the listings into their own column, in order', async () => {
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '0020_buy_box_history_column.sql'), 'utf8');
    const moveData = sql.slice(sql.indexOf('update market_listing_cache'));
    const daily = [null, 0, ...Array.from({ length: 88 }, (_, i) => 1000 + i)];
    const listings = [
      { asin: 'B0MIGRATE1', ean: '4006381333931', title: 'first', buyBoxDaily90: daily },
      { asin: 'B0MIGRATE2', ean: '4006381333931', title: 'second', buyBoxDaily90: null },
    ];
    await handle.db.execute(
      `insert into market_listing_cache (market, key_type, key, source, listings, fetched_at, expires_at)
       values ('FR', 'ean', '4006381333931', 'keepa', $1::jsonb, now(), now() + interval '1 day')`,
      [JSON.stringify(listings)],
    );
    await handle.db.exec(moveData);
    const row = await handle.db.one<{ listings: unknown; daily: unknown }>(
      `select listings, buy_box_daily as daily from market_listing_cache where market = 'FR' and key = '4006381333931'`,
    );
    expect(row.listings).toEqual([
      { asin: 'B0MIGRATE1', ean: '4006381333931', title: 'first' },
      { asin: 'B0MIGRATE2', ean: '4006381333931', title: 'second' },
    ]);
    expect(row.daily).toEqual({ B0MIGRATE1: daily });
  });
});
