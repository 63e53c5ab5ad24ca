import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DbHandle } from '../../src/db/client.ts';
import { acquireProcessLease } from '../../src/db/process-lease.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { createListingLookup } from '../../src/modules/market-data/listing-lookup.ts';
import type { LookupResult } from '../../src/modules/market-data/market-data.types.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { createDemoRetailProvider } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import type { RetailProvider } from '../../src/modules/market-data/providers/provider.types.ts';
import { countingProvider, openDb, silentLog } from './helpers.ts';

/** Look-ups shared across processes: claims in market_lookup_claims (PostgreSQL only; PGlite has one process). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('look-ups shared across processes (PostgreSQL)', () => {
  let handle: DbHandle;
  let other: DbHandle;
  let clock: TestClock;
  const gtins = demoCatalogue().variants.map((v) => v.gtin);
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
    // A second pool on the same database: what a second API or worker process has.
    other = await openPostgres(handle.url!, 5);
  });
  afterAll(async () => {
    await other.close();
    await handle.close();
  });

  const lookup = (db: DbHandle, provider: RetailProvider) => createListingLookup({ db: db.db, clock, provider, ttlMs: 24 * 3_600_000, log: silentLog });
  const byEan = (result: LookupResult) => Object.fromEntries([...result.resolved].sort(([a], [b]) => a.localeCompare(b)));
  const claimsLeft = async () => (await handle.db.one<{ n: number }>('select count(*)::int as n from market_lookup_claims')).n;
  async function claimAsDeadProcess(eans: string[], until: string) {
    await handle.db.execute(
      `insert into market_lookup_claims (market, key_type, key, claimed_by, claimed_until)
       select 'DE', 'ean', k, gen_random_uuid(), now() + $2::interval from unnest($1::text[]) as k`,
      [eans, until],
    );
  }

  it('two processes looking up the same 300 fresh EANs at once ask the provider for each EAN once, and get the same answers', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const eans = gtins.slice(0, 300);
    const [first, second] = await Promise.all([lookup(handle, provider).lookupListings(eans, 'DE'), lookup(other, provider).lookupListings(eans, 'DE')]);
    expect(calls.codes.length).toBe(300);
    expect(new Set(calls.codes).size).toBe(300);
    expect(first.notLookedUp).toEqual([]);
    expect(second.notLookedUp).toEqual([]);
    expect(first.resolved.size).toBeGreaterThan(0);
    expect(byEan(second)).toEqual(byEan(first));
    expect(await claimsLeft()).toBe(0);
  }, 30_000);

  it('a long list is claimed a few batches at a time: two processes on it each ask for whole batches, each EAN once', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const eans = gtins.slice(1_000, 3_500);
    const [first, second] = await Promise.all([lookup(handle, provider).lookupListings(eans, 'UK'), lookup(other, provider).lookupListings(eans, 'UK')]);
    expect(calls.codes.length).toBe(2_500);
    expect(new Set(calls.codes).size).toBe(2_500);
    expect(first.upstreamRequests + second.upstreamRequests).toBe(25);
    expect(byEan(second)).toEqual(byEan(first));
    expect(await claimsLeft()).toBe(0);
  }, 60_000);

  it('a claim left by a dead process does not block: an expired one at once, a live one once it expires', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const expired = gtins.slice(300, 350);
    await claimAsDeadProcess(expired, '-1 second');
    const started = Date.now();
    const result = await lookup(other, provider).lookupListings(expired, 'DE');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls.codes.sort()).toEqual([...expired].sort());
    expect(result.notLookedUp).toEqual([]);

    const expiring = gtins.slice(350, 400);
    await claimAsDeadProcess(expiring, '1 second');
    const waited = Date.now();
    const late = await lookup(other, provider).lookupListings(expiring, 'DE');
    expect(Date.now() - waited).toBeGreaterThanOrEqual(700);
    expect(calls.codes.length).toBe(100);
    expect(late.notLookedUp).toEqual([]);
    expect(await claimsLeft()).toBe(0);
  }, 30_000);

  it('a process that died holding a lease frees its claims at once, however long they had left', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const lease = await acquireProcessLease(handle.url!, silentLog);
    const held = gtins.slice(420, 450);
    await handle.db.execute(
      `insert into market_lookup_claims (market, key_type, key, claimed_by, lease_id, claimed_until)
       select 'DE', 'ean', k, gen_random_uuid(), $2, now() + interval '1 hour' from unnest($1::text[]) as k`,
      [held, lease.id],
    );
    // While its process lives, the claim holds.
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('still held')), 500);
    await expect(lookup(other, provider).lookupListings(held, 'DE', { signal: controller.signal })).rejects.toThrow('still held');
    expect(calls.codes).toEqual([]);
    // The process dies (PostgreSQL drops its lease's lock): a restarted worker takes the codes over at once.
    await lease.release();
    const started = Date.now();
    const result = await lookup(other, provider).lookupListings(held, 'DE');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls.codes.sort()).toEqual([...held].sort());
    expect(result.notLookedUp).toEqual([]);
    expect(await claimsLeft()).toBe(0);
  }, 30_000);

  it('a caller waiting for keys another process holds stops when aborted, and leaves that claim alone', async () => {
    const { provider, calls } = countingProvider(createDemoRetailProvider(clock));
    const held = gtins.slice(400, 420);
    await claimAsDeadProcess(held, '60 seconds');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 300);
    const started = Date.now();
    await expect(lookup(other, provider).lookupListings(held, 'DE', { signal: controller.signal })).rejects.toThrow('cancelled');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls.eanRequests).toBe(0);
    expect(await claimsLeft()).toBe(20);
  }, 30_000);
});
