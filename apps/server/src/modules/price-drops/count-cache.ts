import type { Db } from '../../db/client.ts';

/**
 * Aggregates over the active drops (table totals, dashboard overview and analytics, stats) change only when a
 * refresh finishes or a drop expires, but recomputing them over 200,000 drops on every request costs more than
 * the page itself. They are kept per database, keyed by what was asked, the last finished refresh and the
 * current minute (so expiries show within a minute). Pages of the drops table are cached the same way.
 */
const MAX_ENTRIES = 1000;
const caches = new WeakMap<Db, Map<string, unknown>>();

export async function cachedAggregate<T>(db: Db, key: unknown[], compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const id = JSON.stringify(key);
  if (cache.has(id)) return cache.get(id) as T;
  const value = await compute();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(id, value);
  return value;
}
