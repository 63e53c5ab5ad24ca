import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '../../src/db/client.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { createListingLookup } from '../../src/modules/market-data/listing-lookup.ts';
import { readFreshCache } from '../../src/modules/market-data/market-data.repository.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { createDemoRetailProvider } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import { openDb, silentLog } from './helpers.ts';

/**
 * Worker processes share only the database cache. A cache read that another process's write overtakes must still
 * classify every key: answered from the cache, or missing (to be fetched) — never silently dropped.
 */
describe('the shared cache read while another process writes it', () => {
  let handle: DbHandle;
  let clock: TestClock;
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
  });
  afterAll(async () => handle.close());

  /** The database as one process sees it: `between` runs once, after the cache read's first statement. */
  function racingDb(between: () => Promise<unknown>): Db {
    let reads = 0;
    let fired = false;
    const db = handle.db;
    return {
      ...db,
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      maybeOne: (sql, params) => db.maybeOne(sql, params),
      execute: (sql, params) => db.execute(sql, params),
      exec: (sql) => db.exec(sql),
      tx: (fn) => db.tx(fn),
      session: (fn) => db.session(fn),
      one: async (sql, params) => {
        if (sql.includes('market_listing_cache') && (reads += 1) === 2 && !fired) {
          fired = true;
          await between();
        }
        return db.one(sql, params);
      },
    };
  }

  const lookupOn = (db: Db) => createListingLookup({ db, clock, provider: createDemoRetailProvider(clock), ttlMs: 24 * 3_600_000, log: silentLog });

  it('keys another process cached between the statements of one read are answered, not lost', async () => {
    const eans = demoCatalogue()
      .variants.slice(1000, 1100)
      .map((v) => v.gtin);
    const otherProcess = lookupOn(handle.db);
    const read = await readFreshCache(
      racingDb(() => otherProcess.lookupListings(eans, 'DE')),
      'DE',
      'ean',
      eans,
      clock.now(),
    );
    const cached = await readFreshCache(handle.db, 'DE', 'ean', eans, clock.now());
    expect(cached.missing).toEqual([]);
    expect(cached.listed.size).toBeGreaterThan(20);
    // Each EAN the other process found listed is answered by this read, or left missing to be fetched.
    const lost = [...cached.listed.keys()].filter((ean) => !read.listed.has(ean) && !read.missing.includes(ean));
    expect(lost).toEqual([]);
  });

  it("a scan's look-up finds the same listings when another process fetches the same EANs at the same moment", async () => {
    const eans = demoCatalogue()
      .variants.slice(1200, 1300)
      .map((v) => v.gtin);
    const alone = await lookupOn(handle.db).lookupListings(eans, 'FR');
    await handle.db.execute(`delete from market_listing_cache where market = 'FR'`);

    const otherProcess = lookupOn(handle.db);
    const scan = lookupOn(racingDb(() => otherProcess.lookupListings(eans, 'FR')));
    const raced = await scan.lookupListings(eans, 'FR');
    expect(raced.notLookedUp).toEqual([]);
    expect(alone.resolved.size).toBeGreaterThan(20);
    expect([...raced.resolved.keys()].sort()).toEqual([...alone.resolved.keys()].sort());
  });

  it('a phase-1 entry cached (or being fetched) for a scan it is no candidate for still gets its buy box for a scan it is one for', async () => {
    const eans = demoCatalogue()
      .variants.slice(1400, 1500)
      .map((v) => v.gtin);
    const full = await lookupOn(handle.db).lookupListings(eans, 'ES');
    await handle.db.execute(`delete from market_listing_cache where market = 'ES'`);
    const buyBoxes = (r: typeof full) =>
      new Map([...r.resolved].map(([ean, c]) => [ean, [c.listing.asin, c.listing.buyBoxPrice, c.listing.withoutBuyBox ?? false]]));

    // From the cache a scan it was no candidate for left (first phase only)...
    const never = await lookupOn(handle.db).lookupListings(eans, 'ES', { candidate: () => false });
    expect([...never.resolved.values()].every((c) => c.listing.withoutBuyBox)).toBe(true);
    const later = await lookupOn(handle.db).lookupListings(eans, 'ES', { candidate: () => true });
    expect(buyBoxes(later)).toEqual(buyBoxes(full));
    // ...and joining that scan's look-up in flight.
    await handle.db.execute(`delete from market_listing_cache where market = 'ES'`);
    const lookup = lookupOn(handle.db);
    const [, joined] = await Promise.all([
      lookup.lookupListings(eans, 'ES', { candidate: () => false }),
      lookup.lookupListings(eans, 'ES', { candidate: () => true }),
    ]);
    expect(buyBoxes(joined)).toEqual(buyBoxes(full));
  });
});
