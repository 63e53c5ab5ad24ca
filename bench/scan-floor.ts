/**
 * The set-wise floor of a warm scan's look-up (bench/scan.ts prints it after each shape): the scan's distinct EANs sent
 * to the database in bulk and joined once with the market-data cache, handing back what a scan needs — how many keys
 * have a fresh entry and the entries with listings, as one JSON text parsed here. No batches, no bookkeeping, nothing
 * per key in JavaScript: a scan's look-up cannot take less than the fastest of these. Three ways of sending the keys,
 * each timed twice (best kept), because the fastest differs between the databases:
 * - `any`: one statement, `key = any(string_to_array($1, ','))` with every key in one text parameter;
 * - `unnest join`: the same text unnested and joined with the cache;
 * - `temp table`: the keys inserted into a temporary table (no index) in one statement, analyzed, then joined.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Db } from '../apps/server/src/db/client.ts';

export interface FloorMeasure {
  method: string;
  seconds: number;
  /** CPU of this process (on the embedded database, the database's own work included). */
  cpuSeconds: number;
  fresh: number;
  listed: number;
  load: number;
}

/** What each way returns: the count of fresh entries and the entries with listings as one JSON text. */
const HANDED_BACK = `count(*)::int as fresh,
  '[' || coalesce(string_agg('{"key":' || to_json(c.key)::text || ',"listings":' || c.listings::text || '}', ',') filter (where c.listings <> '[]'::jsonb), '') || ']' as found`;

const METHODS: Record<string, (db: Db, market: string, text: string, now: Date) => Promise<{ fresh: number; found: string }>> = {
  any: (db, market, text, now) =>
    db.one(
      `select ${HANDED_BACK} from market_listing_cache c
        where c.market = $1 and c.key_type = 'ean' and c.key = any(string_to_array($2, ',')) and c.expires_at > $3`,
      [market, text, now],
    ),
  'unnest join': (db, market, text, now) =>
    db.one(
      `select ${HANDED_BACK} from unnest(string_to_array($2, ',')) as k(key)
         join market_listing_cache c on c.market = $1 and c.key_type = 'ean' and c.key = k.key and c.expires_at > $3`,
      [market, text, now],
    ),
  'temp table': (db, market, text, now) =>
    db.tx(async (tx) => {
      await tx.exec('create temp table floor_keys (key text not null) on commit drop');
      await tx.execute(`insert into floor_keys select unnest(string_to_array($1, ','))`, [text]);
      await tx.exec('analyze floor_keys');
      return tx.one(
        `select ${HANDED_BACK} from floor_keys k
           join market_listing_cache c on c.market = $1 and c.key_type = 'ean' and c.key = k.key and c.expires_at > $2`,
        [market, now],
      );
    }),
};

/** Every way, twice each (the best of the two kept), and the fastest of them: the floor. */
export async function setWiseFloor(db: Db, keys: string[], market = 'DE'): Promise<{ best: FloorMeasure; all: FloorMeasure[] }> {
  const now = new Date();
  const all: FloorMeasure[] = [];
  for (const [method, run] of Object.entries(METHODS)) {
    let best: FloorMeasure | undefined;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const t = performance.now();
      const cpu0 = process.cpuUsage();
      // The keys are put into one text inside the measure: a scan has them as numbers and must do the same.
      const row = await run(db, market, keys.join(','), now);
      const listed = (JSON.parse(row.found) as unknown[]).length;
      const cpu = process.cpuUsage(cpu0);
      const measure = {
        method,
        seconds: (performance.now() - t) / 1000,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        fresh: row.fresh,
        listed,
        load: os.loadavg()[0]!,
      };
      if (!best || measure.seconds < best.seconds) best = measure;
    }
    all.push(best!);
  }
  const best = all.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  return { best, all };
}

export const describeFloor = (m: FloorMeasure) =>
  `${m.method} ${m.seconds.toFixed(2)} s (CPU here ${m.cpuSeconds.toFixed(2)} s; ${m.fresh.toLocaleString('en-US')} fresh, ${m.listed.toLocaleString('en-US')} with listings; load ${m.load.toFixed(1)})`;
