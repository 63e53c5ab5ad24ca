/**
 * npm run bench:api — GET /price-alerts/price-drops with filters and sorting over 200,000 active drops,
 * 50 concurrent clients (autocannon) against the real server (built and started as `npm start` does, bench/server.ts),
 * on PostgreSQL (goal: p95 < 50 ms) and on the embedded database. BENCH_API_SECONDS sets the duration.
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config/env.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { categorySql, prioritySql } from '../apps/server/src/modules/price-drops/drop-rules.sql.ts';
import { createUser } from '../apps/server/test/factories/users.ts';
import { PRICE_DROP_QUERIES, percentile } from './api-load.ts';
import { isPostgresReachable, openBenchDb } from './drops-db.ts';
import { buildServer, startServer, stopServer } from './server.ts';

const DROPS = 200_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-000000';

const QUERIES = PRICE_DROP_QUERIES;

async function seed(kind: 'pglite' | 'postgres') {
  const handle = await openBenchDb(kind);
  const pct = `(((i * 7919) % 9000) / 100.0)`;
  await handle.db.query(
    `insert into price_drops (gtin, product_name, brand, category, stock, product_url, image_url, old_price_excl_vat, old_price_incl_vat,
                              new_price_excl_vat, new_price_incl_vat, drop_percentage, drop_category, priority, first_detected_at, detected_at, expires_at)
     select lpad(i::text, 13, '0'), 'Bench Product ' || i || ' ' || (array['Cream','Serum','Shampoo','Lotion','Mascara'])[1 + i % 5],
            'Brand ' || (i % 400), 'Skin Care', (i * 13) % 2000, 'https://www.qogita.com/products/' || i || '/', null,
            500 + (i * 37) % 9000, round((500 + (i * 37) % 9000) * 1.21),
            round((500 + (i * 37) % 9000) * (1 - ${pct} / 100)), round((500 + (i * 37) % 9000) * (1 - ${pct} / 100) * 1.21),
            round(${pct}, 2), ${categorySql(pct)}, ${prioritySql(pct)},
            $1::timestamptz - (i % 72000) * interval '1 second', $1::timestamptz - (i % 72000) * interval '1 second',
            $1::timestamptz - (i % 72000) * interval '1 second' + interval '24 hours'
       from generate_series(1, ${DROPS}) as i`,
    [new Date()],
  );
  // Statistics as a real installation has them: autovacuum on PostgreSQL, the analyze after each refresh on PGlite.
  await handle.db.exec('vacuum analyze price_drops');
  const config = loadConfig({ JWT_SECRET, LOG_LEVEL: 'silent' });
  const deps = { db: handle.db, clock: { now: () => new Date() }, jwtSecret: new TextEncoder().encode(JWT_SECRET), config } as unknown as AppDeps;
  const user = await createUser(deps, { tier: 'GROWTH', country: 'DE' });
  await handle.close();
  return { handle, token: user.token };
}

/**
 * Pages no request has asked for yet (pages are cached per refresh and minute): every sort in both orders, pages 1–10,
 * with and without a category filter — what a single user meets when paging around right after a refresh.
 */
const UNCACHED = ['detectedAt', 'priceDropPercentage', 'newPriceExclVat', 'oldPriceExclVat', 'productName', 'productBrand', 'stock']
  .flatMap((sortBy) => ['asc', 'desc'].map((sortOrder) => `sortBy=${sortBy}&sortOrder=${sortOrder}`))
  .flatMap((sort) => ['', '&dropCategory=SMALL'].map((filter) => sort + filter))
  .flatMap((q) => Array.from({ length: 10 }, (_, i) => `/api/price-alerts/price-drops?size=100&page=${i + 1}&${q}`));

async function run(kind: 'pglite' | 'postgres', port: number) {
  const { handle, token } = await seed(kind);
  const server = await startServer(port, {
    JWT_SECRET,
    ...(kind === 'postgres' ? { DATABASE_URL: handle.location } : { DATA_DIR: path.dirname(handle.location) }),
  });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(`http://127.0.0.1:${port}${QUERIES[1]}`, { headers });
    const body = (await check.json()) as { totalElements?: number; error?: string };
    if (!check.ok) throw new Error(`bench request failed: ${check.status} ${body.error}`);
    // Warm-up, then the measured run.
    await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: 2, headers, requests: QUERIES.map((p) => ({ method: 'GET', path: p })) });
    const latencies: number[] = [];
    let errors = 0;
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 60,
      headers,
      requests: QUERIES.map((p) => ({ method: 'GET', path: p })),
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode !== 200) errors += 1;
    });
    const result = await instance;
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    console.log(
      `${kind.padEnd(8)} ${Math.round(result.requests.average).toLocaleString('en-US')} req/s · p50 ${percentile(latencies, 50).toFixed(1)} ms · ` +
        `p95 ${p95.toFixed(1)} ms · p99 ${percentile(latencies, 99).toFixed(1)} ms · ${latencies.length.toLocaleString('en-US')} requests, ${errors} non-200` +
        (kind === 'postgres' ? ` · ${p95 < 50 ? '✓' : '✗'} goal p95 < 50 ms` : ''),
    );
    // One client, each page asked for the first time: the database's share of a request.
    const cold: number[] = [];
    for (const pathname of UNCACHED) {
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${pathname}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
      cold.push(performance.now() - t0);
    }
    cold.sort((a, b) => a - b);
    console.log(
      `${''.padEnd(8)} uncached pages, one client: ${cold.length} pages, p50 ${percentile(cold, 50).toFixed(1)} ms · p95 ${percentile(cold, 95).toFixed(1)} ms · max ${cold.at(-1)!.toFixed(1)} ms`,
    );
  } finally {
    await stopServer(server);
    await handle.dropAll();
  }
}

buildServer();
console.log(`GET /price-alerts/price-drops (filters + sort) over ${DROPS.toLocaleString('en-US')} active drops, ${CONNECTIONS} clients, ${SECONDS} s`);
if (process.env.BENCH_SKIP_POSTGRES) console.log('postgres skipped: BENCH_SKIP_POSTGRES');
else if (await isPostgresReachable()) await run('postgres', 3190);
else console.log('postgres skipped: no server at BENCH_DATABASE_URL');
await run('pglite', 3191);
