import type { MarketId } from '@dealradar/shared/markets';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { resolveListing } from './listing-resolution.ts';
import { mappingsForEans, readFreshCache, writeCache, type CacheKeyType } from './market-data.repository.ts';
import type { AmazonListing, LookupResult, ResolvedListing } from './market-data.types.ts';
import type { RetailProvider } from './providers/provider.types.ts';

export interface ListingLookupDeps {
  db: Db;
  clock: Clock;
  provider: RetailProvider;
  ttlMs: number;
  log: { warn(obj: object, msg?: string): void };
}

/** undefined: the key could not be looked up (upstream failure). */
type KeyResult = AmazonListing[] | undefined;
/** What waiters receive when the caller that was fetching their key gave up (aborted): they fetch it themselves. */
const ABANDONED = Symbol('abandoned');
type Settled = KeyResult | typeof ABANDONED;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Look-ups through the shared database cache:
 * - fresh entries (also "no listing" answers) cost no upstream call;
 * - the rest go upstream in batches of provider.batchSize (Keepa: 100 codes per request);
 * - a key already being fetched by another caller in this process is awaited, not fetched again.
 */
export function createListingLookup(deps: ListingLookupDeps) {
  const inflight = new Map<string, Promise<Settled>>();

  /** Fresh cache entries first, without any bookkeeping (a warm scan's keys are all answered here); then the misses. */
  async function fetchKeys(market: MarketId, keyType: CacheKeyType, keys: string[], signal?: AbortSignal): Promise<{ results: Map<string, KeyResult>; requests: number }> {
    const unique = [...new Set(keys)];
    const results: Map<string, KeyResult> = await readFreshCache(deps.db, market, keyType, unique, deps.clock.now());
    const misses = unique.filter((key) => !results.has(key));
    if (misses.length === 0) return { results, requests: 0 };
    signal?.throwIfAborted();
    const fetched = await claimAndFetch(market, keyType, misses, signal);
    for (const [key, value] of fetched.results) results.set(key, value);
    return { results, requests: fetched.requests };
  }

  /** Keys not in the cache: claimed (or awaited when another caller has them), read again, then fetched upstream. */
  async function claimAndFetch(market: MarketId, keyType: CacheKeyType, unique: string[], signal?: AbortSignal): Promise<{ results: Map<string, KeyResult>; requests: number }> {
    const results = new Map<string, KeyResult>();
    const waits: Array<Promise<void>> = [];
    const claimed: string[] = [];
    const abandoned: string[] = [];
    const settle = new Map<string, (value: Settled) => void>();
    // Claim every key nobody in this process is already looking up, before the first await, so concurrent callers
    // join the claim (and its cache read or upstream batch) instead of duplicating it.
    for (const key of unique) {
      const id = `${market}|${keyType}|${key}`;
      const pending = inflight.get(id);
      if (pending) {
        waits.push(pending.then((value) => void (value === ABANDONED ? abandoned.push(key) : results.set(key, value))));
      } else {
        claimed.push(key);
        inflight.set(id, new Promise<Settled>((resolve) => settle.set(key, resolve)));
      }
    }
    const release = (key: string, value: Settled) => {
      settle.get(key)!(value);
      inflight.delete(`${market}|${keyType}|${key}`);
    };

    let requests = 0;
    try {
      const cached = await readFreshCache(deps.db, market, keyType, claimed, deps.clock.now());
      const toFetch: string[] = [];
      for (const key of claimed) {
        const listings = cached.get(key);
        if (listings) {
          results.set(key, listings);
          release(key, listings);
        } else toFetch.push(key);
      }
      const batches: string[][] = [];
      for (let i = 0; i < toFetch.length; i += deps.provider.batchSize) batches.push(toFetch.slice(i, i + deps.provider.batchSize));
      for (const batch of batches) {
        signal?.throwIfAborted();
        const fetched = await fetchBatch(market, keyType, batch, signal);
        requests += fetched.requests;
        for (const key of batch) {
          const value = fetched.values.get(key);
          results.set(key, value);
          release(key, value);
        }
        if (deps.db.kind === 'pglite') await yieldToEventLoop();
      }
    } finally {
      // Keys left unsettled (this caller aborted, or an unexpected throw): waiters fetch them themselves.
      for (const key of claimed) {
        if (!results.has(key)) release(key, ABANDONED);
      }
    }
    await Promise.all(waits);
    // A cancelled caller that only waited for other callers' keys stops here too.
    signal?.throwIfAborted();
    if (abandoned.length) {
      const retry = await fetchKeys(market, keyType, abandoned, signal);
      for (const [key, value] of retry.results) results.set(key, value);
      requests += retry.requests;
    }
    return { results, requests };
  }

  async function fetchBatch(market: MarketId, keyType: CacheKeyType, batch: string[], signal?: AbortSignal): Promise<{ values: Map<string, KeyResult>; requests: number }> {
    const values = new Map<string, KeyResult>();
    let failed: string[];
    let requests: number;
    let found: Map<string, AmazonListing[]>;
    try {
      if (keyType === 'ean') {
        const answer = await deps.provider.lookupEans(batch, market, signal);
        ({ failed, requests, found } = answer);
      } else {
        const answer = await deps.provider.lookupAsins(batch, market, signal);
        failed = answer.failed;
        requests = answer.requests;
        found = new Map([...answer.found].map(([asin, listing]) => [asin, [listing]]));
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      deps.log.warn({ market, keyType, codes: batch.length, err: (error as Error).message }, 'market-data batch failed');
      return { values, requests: 1 };
    }
    const failedSet = new Set(failed);
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + deps.ttlMs);
    const entries = [];
    for (const key of batch) {
      if (failedSet.has(key)) continue;
      const listings = found.get(key) ?? [];
      values.set(key, listings);
      entries.push({ key, listings, source: deps.provider.name, fetchedAt: now, expiresAt });
    }
    await writeCache(deps.db, market, keyType, entries);
    return { values, requests };
  }

  /** Resolved listings for canonical EANs in one market (mappings applied). */
  async function lookupListings(eans: string[], market: MarketId, options: { signal?: AbortSignal } = {}): Promise<LookupResult> {
    options.signal?.throwIfAborted();
    const unique = [...new Set(eans)];
    const { results, requests: eanRequests } = await fetchKeys(market, 'ean', unique, options.signal);
    const mappings = await mappingsForEans(deps.db, unique);

    // Mapped ASINs that the EAN's own listings don't contain are looked up by ASIN (also cached).
    const missingAsins: string[] = [];
    for (const [ean, mapping] of mappings) {
      const listings = results.get(ean);
      if (!listings?.some((l) => l.asin === mapping.asin)) missingAsins.push(mapping.asin);
    }
    const asinLookup = missingAsins.length ? await fetchKeys(market, 'asin', missingAsins, options.signal) : { results: new Map<string, KeyResult>(), requests: 0 };

    const resolved = new Map<string, ResolvedListing>();
    const notLookedUp: string[] = [];
    for (const ean of unique) {
      const listings = results.get(ean);
      const mapping = mappings.get(ean);
      const mappedListing = mapping ? asinLookup.results.get(mapping.asin)?.[0] : undefined;
      if (listings === undefined && !mappedListing) {
        notLookedUp.push(ean);
        continue;
      }
      const choice = resolveListing(ean, listings ?? [], mapping, mappedListing);
      if (choice) resolved.set(ean, choice);
    }
    return { resolved, notLookedUp, upstreamRequests: eanRequests + asinLookup.requests };
  }

  return { lookupListings };
}
