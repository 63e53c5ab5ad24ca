import type { Db } from '../../db/client.ts';

/**
 * Aggregates over the active drops (table totals, dashboard overview and analytics, stats) change only when a
 * refresh finishes or a drop expires, but recomputing them over 200,000 drops on every request costs more than
 * the page itself. They are kept per database, keyed by what was asked, the last finished refresh and the
 * current minute (so expiries show within a minute). Pages of the drops table are kept the same way, already
 * serialized: turning 100 drops into JSON on every request was the biggest cost of a page.
 */
const MAX_ENTRIES = 1000;
const MAX_JSON_BYTES = 32 * 1024 * 1024;

interface Caches {
  values: Map<string, unknown>;
  json: Map<string, Buffer>;
  jsonBytes: number;
}
const caches = new WeakMap<Db, Caches>();

function cachesOf(db: Db): Caches {
  let found = caches.get(db);
  if (!found) {
    found = { values: new Map(), json: new Map(), jsonBytes: 0 };
    caches.set(db, found);
  }
  return found;
}

export async function cachedAggregate<T>(db: Db, key: unknown[], compute: () => Promise<T>): Promise<T> {
  const { values } = cachesOf(db);
  const id = JSON.stringify(key);
  if (values.has(id)) return values.get(id) as T;
  const value = await compute();
  if (values.size >= MAX_ENTRIES) values.delete(values.keys().next().value as string);
  values.set(id, value);
  return value;
}

/** The JSON body of an answer, serialized once; the oldest bodies go first when the cache passes 32 MB. */
export async function cachedJson(db: Db, key: unknown[], compute: () => Promise<unknown>): Promise<Buffer> {
  const cache = cachesOf(db);
  const id = JSON.stringify(key);
  const hit = cache.json.get(id);
  if (hit) return hit;
  const body = Buffer.from(JSON.stringify(await compute()));
  if (cache.json.has(id)) return cache.json.get(id)!;
  cache.json.set(id, body);
  cache.jsonBytes += body.length;
  for (const [oldest, value] of cache.json) {
    if (cache.jsonBytes <= MAX_JSON_BYTES) break;
    cache.json.delete(oldest);
    cache.jsonBytes -= value.length;
  }
  return body;
}
