/**
 * npm run bench:drops — one price refresh of a 500,000-variant wholesale catalogue in which 5 % of the prices
 * changed, on the embedded database (PGlite) and on PostgreSQL, against a plain bulk load of the same rows into
 * the same database in the same run. Goal: the refresh within 2× of the bulk load.
 * BENCH_DROPS_SIZE overrides the catalogue size; BENCH_DATABASE_URL the PostgreSQL server.
 */
import { loadConfig } from '../apps/server/src/config/env.ts';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import { loadStagingBatch } from '../apps/server/src/modules/price-drops/snapshot.repository.ts';
import { refreshPrices, type RefreshDeps } from '../apps/server/src/modules/price-drops/price-refresh.service.ts';
import { benchCatalogue, CATALOGUE_SIZE, CHANGED_SHARE } from './drops-catalogue.ts';
import { isPostgresReachable, openBenchDb } from './drops-db.ts';
import { benchMarketData as marketData } from './refresh-support.ts';

const SIZE = Number(process.env.BENCH_DROPS_SIZE ?? CATALOGUE_SIZE);
const silent = silentLogger();

/** The comparison: the same rows, same batches, same INSERT … SELECT unnest, into a plain table with the same primary key. */
async function plainBulkLoad(db: Db): Promise<number> {
  await db.exec(`drop table if exists bench_bulk_load; create table bench_bulk_load (like wholesale_snapshot_staging including all);`);
  // loadStagingBatch writes the staging table: time it into an identical plain (logged) table instead.
  await db.exec('alter table wholesale_snapshot_staging rename to bench_staging_real; alter table bench_bulk_load rename to wholesale_snapshot_staging;');
  const t0 = performance.now();
  try {
    for await (const batch of benchCatalogue(true, SIZE)) {
      await loadStagingBatch(db, batch);
      await new Promise((r) => setImmediate(r));
    }
    return (performance.now() - t0) / 1000;
  } finally {
    await db.exec(
      'alter table wholesale_snapshot_staging rename to bench_bulk_load; alter table bench_staging_real rename to wholesale_snapshot_staging; drop table bench_bulk_load;',
    );
  }
}

async function run(kind: 'pglite' | 'postgres') {
  const handle = await openBenchDb(kind);
  try {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const deps: RefreshDeps = { db: handle.db, clock: { now: () => new Date(now) }, marketData, log: silent, config: loadConfig({ LOG_LEVEL: 'silent' }) };
    const t0 = performance.now();
    await refreshPrices(deps, { trigger: 'bench', catalogue: benchCatalogue(false, SIZE) });
    const initial = (performance.now() - t0) / 1000;
    if (kind === 'postgres') await handle.db.exec('vacuum analyze');
    now += 3600_000;
    const result = await refreshPrices(deps, { trigger: 'bench', catalogue: benchCatalogue(true, SIZE) });
    const bulk = await plainBulkLoad(handle.db);
    const ratio = result.seconds / bulk;
    console.log(
      `${kind.padEnd(8)} refresh ${result.seconds.toFixed(1)} s (${Math.round(SIZE / result.seconds).toLocaleString('en-US')} rows/s; ` +
        `${result.priceChanges.toLocaleString('en-US')} changes → ${result.dropsCreated.toLocaleString('en-US')} drops, ${result.dropsRemoved} removed) · ` +
        `plain bulk load ${bulk.toFixed(1)} s (${Math.round(SIZE / bulk).toLocaleString('en-US')} rows/s) · refresh/bulk ${ratio.toFixed(2)}× ${ratio <= 2 ? '✓ goal ≤ 2×' : '✗ goal ≤ 2×'} · first (empty) load ${initial.toFixed(1)} s`,
    );
    return ratio;
  } finally {
    await handle.close();
    await handle.dropAll();
  }
}

console.log(`Price refresh of ${SIZE.toLocaleString('en-US')} variants, ${CHANGED_SHARE * 100} % with a changed price`);
await run('pglite');
if (process.env.BENCH_SKIP_POSTGRES) console.log('postgres skipped: BENCH_SKIP_POSTGRES');
else if (await isPostgresReachable()) await run('postgres');
else console.log('postgres skipped: no server at BENCH_DATABASE_URL');
