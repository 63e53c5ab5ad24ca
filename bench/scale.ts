/**
 * npm run bench:scale [-- --quick] — scale-out on one PostgreSQL database: 2 API processes (`npm start` with
 * RUN_WORKER=false) and 1, 2, then 4 worker processes (`npm run worker`), each count on a fresh database. For each:
 *   - 8 supplier scans at once (generated German price lists over overlapping halves of the demo catalogue, cold
 *     market-data cache, the demo provider answering each batch of 100 codes after DEMO_LATENCY_MS): rows per second;
 *   - one fresh list scanned twice at once by two users: upstream batches per 100 EANs (1.00 when each code is
 *     fetched once);
 *   - a price refresh of a 500,000-variant catalogue in which 4 % of the prices changed (~10,000 drops), with
 *     1,000 users × 3 alert rules: refresh time, fan-out time (refresh end → every delivery queued) and the workers'
 *     delivery rate (e-mails handed to the outbox within a window, BENCH_SCALE_DELIVERY_SECONDS, default 180);
 *   - the API's p95 under 50 clients (autocannon, 25 per API process, the drops list) during the scans and during
 *     the refresh and deliveries;
 *   - that nothing was done twice: scan results, favorites, drops and deliveries on their unique keys, every scan
 *     completed once, and the upstream batches and tokens per EAN of the scans (from the workers' "scan completed"
 *     log lines: the demo provider counts both).
 * The refresh runs in this process (its catalogue is handed in; a worker's refresh reads the 7,066-variant demo
 * catalogue), with the code and the single-flight run a worker uses. The machine's load (1-minute load average at
 * the start and end of every phase) and cores are printed with each figure.
 * --quick: 50,000 variants, 100 users, 4 smaller scans, a 60 s delivery window. BENCH_SCALE_WORKERS (e.g. "1,4"),
 * BENCH_SCALE_LATENCY_MS (default 400) and BENCH_DATABASE_URL (the PostgreSQL server) override the defaults.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { nextRefreshAt } from '@dealradar/shared/drops-schedule';
import { loadConfig } from '../apps/server/src/config/env.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import { registerAlertJobs } from '../apps/server/src/modules/alerts/alerts.jobs.ts';
import { demoCatalogue } from '../apps/server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { createDemoRetailProvider } from '../apps/server/src/modules/market-data/providers/demo/demo-retail.ts';
import { refreshPrices, type RefreshDeps } from '../apps/server/src/modules/price-drops/price-refresh.service.ts';
import { SCAN_BATCH_SIZE } from '../apps/server/src/modules/scans/scan-engine.ts';
import { createUser, type TestUser } from '../apps/server/test/factories/users.ts';
import { PRICE_DROP_QUERIES, percentile } from './api-load.ts';
import { benchCatalogue } from './drops-catalogue.ts';
import { isPostgresReachable, openBenchDb } from './drops-db.ts';
import { benchMarketData, seedAlertUsers } from './refresh-support.ts';
import { generateSupplierFile } from './scan-file-generator.ts';
import { JWT_SECRET, uploadSupplierFile } from './scan-support.ts';
import { buildServer, startServer, startWorker, stopServer } from './server.ts';

const QUICK = process.argv.includes('--quick');
const SIZES = QUICK
  ? { variants: 50_000, users: 100, scans: 4, scanEans: 600, scanBytes: 400_000, freshBytes: 40_000 }
  : { variants: 500_000, users: 1000, scans: 8, scanEans: 1500, scanBytes: 1_500_000, freshBytes: 100_000 };
/** 4 % of 500,000 prices change, half of them fall: about 10,000 drops. */
const CHANGED_SHARE = 0.04;
const WORKER_COUNTS = (process.env.BENCH_SCALE_WORKERS ?? '1,2,4').split(',').map(Number);
/**
 * Keepa answers a /product request of up to 100 codes in a few hundred milliseconds (more with history, less for a
 * cached product); 400 ms per batch is the demo's stand-in. Only uncached codes pay it (the cache is cold here).
 */
const LATENCY_MS = Number(process.env.BENCH_SCALE_LATENCY_MS ?? 400);
/** How long the workers deliver alerts before their rate is taken (all of them when they finish sooner). */
const DELIVERY_WINDOW_MS = Number(process.env.BENCH_SCALE_DELIVERY_SECONDS ?? (QUICK ? 60 : 180)) * 1000;
const API_PORTS = [3194, 3195];
const CONNECTIONS = 50;
const silent = silentLogger();

interface Load {
  start: number;
  end: number;
}
const loadNow = () => os.loadavg()[0]!;
const cores = os.cpus().length;
const fmtLoad = (l: Load) => `load ${l.start.toFixed(1)}→${l.end.toFixed(1)}/${cores} cores`;

interface ApiFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  non200: number;
}

/** 50 clients on the drops list, half on each API process, until stopped. */
function apiLoad(headers: Record<string, string>) {
  const latencies: number[] = [];
  let non200 = 0;
  const instances = API_PORTS.map((port) => {
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS / API_PORTS.length,
      duration: 3600,
      timeout: 60,
      headers,
      requests: PRICE_DROP_QUERIES.map((p) => ({ method: 'GET', path: p })),
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200) non200 += 1;
    });
    return instance;
  });
  return {
    async stop(): Promise<ApiFigures> {
      for (const instance of instances) instance.stop();
      await Promise.all(instances);
      latencies.sort((a, b) => a - b);
      return { requests: latencies.length, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), non200 };
    },
  };
}

async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The processes' PRICE_SCHEDULE_TIMEZONE: the whole-hour zone whose next scheduled price refresh is furthest away.
 * The workers run the scheduler (as `npm run worker` does); a scheduled refresh of the demo catalogue during the
 * benchmark would take the place of its 500,000-variant one.
 */
function quietTimeZone(): { zone: string; minutes: number } {
  const now = new Date();
  const zones = Array.from({ length: 25 }, (_, i) => i - 12).map((h) => (h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '+' : '-'}${Math.abs(h)}`));
  const zone = zones.reduce((best, z) => (nextRefreshAt(now, z) > nextRefreshAt(now, best) ? z : best));
  return { zone, minutes: (nextRefreshAt(now, zone).getTime() - now.getTime()) / 60_000 };
}

interface ScanFile {
  file: string;
  rows: number;
}

/**
 * One supplier list per scan, each over a window of the demo catalogue overlapping half of the next one's; and a list
 * of products the demo catalogue does not have, each once (every code is a fresh upstream look-up).
 */
function generateScanFiles(dir: string): { lists: ScanFile[]; fresh: ScanFile } {
  const catalogue = demoCatalogue();
  const gtins = catalogue.variants.map((v) => v.gtin);
  const brandOf = new Map(catalogue.variants.map((v) => [v.gtin, v.brand]));
  const step = SIZES.scanEans / 2;
  const lists = Array.from({ length: SIZES.scans }, (_, i) => {
    const file = path.join(dir, `supplier-${i}.csv`);
    const window = gtins.slice(i * step, i * step + SIZES.scanEans);
    const generated = generateSupplierFile(file, { targetBytes: SIZES.scanBytes, catalogueGtins: window, brandOf: (g) => brandOf.get(g)! });
    return { file, rows: generated.rows };
  });
  const file = path.join(dir, 'fresh.csv');
  const generated = generateSupplierFile(file, { targetBytes: SIZES.freshBytes, catalogueGtins: gtins, brandOf: (g) => brandOf.get(g)!, otherShare: 1 });
  return { lists, fresh: { file, rows: generated.rows } };
}

interface RunResult {
  workers: number;
  refresh: { seconds: number; drops: number; load: Load };
  fanOut: { seconds: number; deliveries: number; sent: number; perSecond: number; deliveredSeconds: number; load: Load };
  refreshApi: ApiFigures;
  scans: { rows: number; eans: number; seconds: number; deals: number; load: Load };
  scanApi: ApiFigures;
  upstream: { requests: number; tokens: number; cachedEans: number };
  /** The fresh list scanned twice at once: each scan's upstream batches and the worker that ran it. */
  sameList: { eans: number; alone: number; scans: Array<{ worker: number; requests: number }> };
  duplicates: Record<string, number>;
}

async function run(workers: number, files: ScanFile[], fresh: ScanFile): Promise<RunResult> {
  console.log(`\n== ${workers} worker process${workers > 1 ? 'es' : ''}, ${API_PORTS.length} API processes, one PostgreSQL database ==`);
  const handle = await openBenchDb('postgres');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const children: ChildProcess[] = [];
  const queue = await startQueue(handle, silent);
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: work, JWT_SECRET });
    const deps = { config, db: handle.db, clock: systemClock, log: silent, jwtSecret: new TextEncoder().encode(JWT_SECRET) } as unknown as AppDeps;
    const refreshDeps: RefreshDeps = { db: handle.db, clock: systemClock, marketData: benchMarketData, log: silent, config };

    // The catalogue as the previous refresh left it, the users with their rules, evaluated a day ago.
    const t = performance.now();
    await refreshPrices(refreshDeps, { trigger: 'bench', catalogue: benchCatalogue(false, SIZES.variants, CHANGED_SHARE) });
    await seedAlertUsers(handle.db, SIZES.users);
    await handle.db.exec(`update alert_rules set created_at = now() - interval '1 day', evaluated_at = now() - interval '1 day'`);
    const apiUser = await createUser(deps, { tier: 'GROWTH', country: 'DE' });
    const scanUsers: TestUser[] = [];
    for (let i = 0; i < files.length; i += 1) scanUsers.push(await createUser(deps, { tier: 'PRO', minRoiThreshold: 0.15 }));
    await handle.db.exec('vacuum analyze');
    console.log(
      `seeded ${SIZES.variants.toLocaleString('en-US')} variants and ${SIZES.users.toLocaleString('en-US')} users in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const quiet = quietTimeZone();
    console.log(`price schedule in ${quiet.zone}: its next refresh is ${quiet.minutes.toFixed(0)} min away`);
    const env = { DATABASE_URL: handle.location, DATA_DIR: work, JWT_SECRET, DEMO_LATENCY_MS: String(LATENCY_MS), PRICE_SCHEDULE_TIMEZONE: quiet.zone };
    for (const port of API_PORTS) children.push(await startServer(port, { ...env, RUN_WORKER: 'false' }));
    const logs = Array.from({ length: workers }, (_, k) => path.join(work, `worker-${k}.log`));
    for (const log of logs) children.push(startWorker({ ...env, LOG_LEVEL: 'info' }, log));
    await waitFor('the workers', 120_000, async () => {
      const row = await handle.db.one<{ n: number }>(`select count(*)::int as n from process_heartbeats where role = 'worker' and stopped_at is null`);
      return row.n >= workers;
    });
    // Warm-up of both API processes (connections, plans), not measured.
    await Promise.all(API_PORTS.map((port) => autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: 2, headers: apiUser.headers })));

    /** Starts one scan per file at once (scan i by user i, through the API processes in turn) and waits for them all. */
    const runScans = async (lists: ScanFile[]): Promise<string[]> => {
      const ids = await Promise.all(
        lists.map(async ({ file }, i) => {
          const upload = await uploadSupplierFile(`http://127.0.0.1:${API_PORTS[i % API_PORTS.length]}`, scanUsers[i]!.headers.authorization, file, 'text/csv');
          if (upload.status !== '200') throw new Error(`scan ${i} not started: ${upload.status} ${upload.body}`);
          return (JSON.parse(upload.body) as { scanId: string }).scanId;
        }),
      );
      await waitFor('the scans', 30 * 60_000, async () => {
        const row = await handle.db.one<{ n: number }>(`select count(*)::int as n from scans where id = any($1::uuid[]) and status in ('COMPLETED', 'ERROR')`, [
          ids,
        ]);
        return row.n === ids.length;
      });
      return ids;
    };
    /** The workers' own account of each scan run: upstream batches and tokens (the demo provider counts both). */
    const completions = () =>
      logs.flatMap((log, worker) =>
        fs
          .readFileSync(log, 'utf8')
          .split('\n')
          .filter((line) => line.includes('"scan completed"'))
          .map((line) => ({ worker, ...(JSON.parse(line) as { scanId: string; upstreamRequests: number; tokensSpent: number }) })),
      );

    // Phase 1: the supplier scans, all started at once through both API processes.
    const scanLoad: Load = { start: loadNow(), end: 0 };
    let api = apiLoad(apiUser.headers);
    const scansStarted = Date.now();
    const started = await runScans(files);
    scanLoad.end = loadNow();
    const scanApi = await api.stop();
    const scanRows = await handle.db.query<{ status: string; error: string | null; total_eans: number; deals_found: number; completed_at: Date }>(
      `select status, error, total_eans, deals_found, completed_at from scans where id = any($1::uuid[]) order by array_position($1::uuid[], id)`,
      [started],
    );
    const failed = scanRows.filter((s) => s.status !== 'COMPLETED');
    if (failed.length) throw new Error(`${failed.length} scans ended ${failed.map((s) => `${s.status}: ${s.error}`).join('; ')}`);
    const scanSeconds = (Math.max(...scanRows.map((s) => s.completed_at.getTime())) - scansStarted) / 1000;
    const rows = files.reduce((sum, f) => sum + f.rows, 0);
    const eans = scanRows.reduce((sum, s) => sum + s.total_eans, 0);
    const deals = scanRows.reduce((sum, s) => sum + s.deals_found, 0);
    console.log(
      `${files.length} scans, ${rows.toLocaleString('en-US')} rows (${eans.toLocaleString('en-US')} distinct EANs over the lists): ${scanSeconds.toFixed(1)} s → ` +
        `${Math.round(rows / scanSeconds).toLocaleString('en-US')} rows/s, ${Math.round(eans / scanSeconds)} EANs/s; ${deals} deals (${scanRows.map((s) => s.deals_found).join(' + ')}) · ` +
        `API p95 ${scanApi.p95.toFixed(0)} ms (${scanApi.requests.toLocaleString('en-US')} requests, ${scanApi.non200} non-200) · ${fmtLoad(scanLoad)}`,
    );

    const cachedEans = (await handle.db.one<{ n: number }>(`select count(*)::int as n from market_listing_cache where key_type = 'ean'`)).n;

    // The same fresh list twice at once (two users): one process joins its look-ups; two processes each fetch every code.
    const sameIds = await runScans([fresh, fresh]);
    const sameEans = (await handle.db.one<{ n: number }>('select max(total_eans)::int as n from scans where id = any($1::uuid[])', [sameIds])).n;
    const sameList = {
      eans: sameEans,
      alone: batchesAlone(sameEans),
      scans: completions()
        .filter((c) => sameIds.includes(c.scanId))
        .map((c) => ({ worker: c.worker, requests: c.upstreamRequests })),
    };
    console.log(
      `one fresh list of ${sameEans.toLocaleString('en-US')} EANs scanned twice at once: ` +
        `${sameList.scans.map((c) => `${c.requests} upstream batches in worker ${c.worker + 1}`).join(', ')} → ` +
        `${sameListCell(sameList)} (×: batches against the ${sameList.alone} the list needs alone; 1.00 when each code is fetched once)`,
    );

    // Phase 2: the refresh (single-flight: this process runs it, as one worker would) and its alerts, delivered by the workers.
    await registerAlertJobs({ ...deps, queue } as AppDeps, { worker: false, scheduler: false });
    const refreshLoad: Load = { start: loadNow(), end: 0 };
    api = apiLoad(apiUser.headers);
    const refresh = await refreshPrices({ ...refreshDeps, queue }, { trigger: 'bench', catalogue: benchCatalogue(true, SIZES.variants, CHANGED_SHARE) });
    refreshLoad.end = loadNow();
    const refreshEnd = Date.now();
    // The refresh announces itself; a worker process matches the drops and queues the deliveries (alerts-after-refresh).
    let alerts = { deliveries: 0, seconds: 0 };
    let queuedAt = refreshEnd;
    await waitFor('the alerts of the refresh', 600_000, async () => {
      const job = await handle.db.maybeOne<{ state: string; output: typeof alerts | null; completed_on: Date | null }>(
        `select state, output, completed_on from pgboss.job where name = 'alerts-after-refresh' and (data->>'runId')::bigint = $1 order by created_on desc limit 1`,
        [refresh.runId],
      );
      if (job?.state !== 'completed' || !job.output) return false;
      alerts = job.output;
      queuedAt = job.completed_on?.getTime() ?? Date.now();
      return true;
    });
    const fanOutLoad: Load = { start: refreshLoad.end, end: 0 };
    // Each worker process takes at most 2 deliveries every 2 s (alert-delivery: localConcurrency 2, polling every 2 s,
    // one job per fetch): all of them would take an hour on one worker. The rate is measured over a window instead.
    const windowEnd = Date.now() + DELIVERY_WINDOW_MS;
    await waitFor('the deliveries', DELIVERY_WINDOW_MS + 60_000, async () => {
      const row = await handle.db.one<{ n: number }>(
        `select count(*)::int as n from alert_deliveries where kind = 'drops' and status in ('queued', 'retrying')`,
      );
      return row.n === 0 || Date.now() >= windowEnd;
    });
    fanOutLoad.end = loadNow();
    const sent = await handle.db.one<{ at: Date | null; n: number }>(
      `select max(sent_at) as at, count(*)::int as n from alert_deliveries where kind = 'drops' and status = 'sent'`,
    );
    const refreshApi = await api.stop();
    // Refresh end → every delivery queued (the worker's matching job done), then the sending rate from there.
    const queuedAfter = (queuedAt - refreshEnd) / 1000;
    const sentSeconds = ((sent.at?.getTime() ?? queuedAt) - queuedAt) / 1000;
    const perSecond = sent.n / Math.max(sentSeconds, 0.001);
    const deliveredSeconds = sent.n === alerts.deliveries ? sentSeconds : alerts.deliveries / perSecond;
    console.log(
      `refresh of ${SIZES.variants.toLocaleString('en-US')} variants ${refresh.seconds.toFixed(1)} s (${refresh.dropsCreated.toLocaleString('en-US')} drops) · ` +
        `refresh end → ${alerts.deliveries.toLocaleString('en-US')} deliveries queued ${queuedAfter.toFixed(1)} s (the matching ${alerts.seconds.toFixed(2)} s) → ${sent.n.toLocaleString('en-US')} sent in ${sentSeconds.toFixed(1)} s from there (${perSecond.toFixed(1)}/s${sent.n === alerts.deliveries ? '' : `; all of them at this rate: ${deliveredSeconds.toFixed(0)} s`}) · ` +
        `API p95 ${refreshApi.p95.toFixed(0)} ms (${refreshApi.requests.toLocaleString('en-US')} requests, ${refreshApi.non200} non-200) · ${fmtLoad(refreshLoad)}`,
    );

    for (const child of children.splice(0)) await stopServer(child);

    // Nothing done twice.
    const count = async (sql: string) => (await handle.db.one<{ n: number }>(`select count(*)::int as n from (${sql}) as x`)).n;
    const duplicates: Record<string, number> = {
      'scan results (scan, EAN)': await count('select scan_id, ean from scan_results group by 1, 2 having count(*) > 1'),
      'scans whose stored results ≠ deals found': await count(
        'select s.id from scans s left join scan_results r on r.scan_id = s.id group by s.id, s.deals_found having count(r.id) <> s.deals_found',
      ),
      'favorites (user, EAN, market)': await count('select user_id, ean, market from brand_favorites group by 1, 2, 3 having count(*) > 1'),
      'active drops per GTIN': await count(`select gtin from price_drops where status = 'active' group by 1 having count(*) > 1`),
      'active drops ≠ drops created': Math.abs((await count(`select 1 from price_drops where status = 'active'`)) - refresh.dropsCreated),
      'deliveries per (rule, refresh)': await count(
        `select rule_id, refresh_run_id from alert_deliveries where kind = 'drops' group by 1, 2 having count(*) > 1`,
      ),
      'deliveries sent more than once': await count(`select 1 from alert_deliveries where kind = 'drops' and attempts > 1`),
      'mails in the outbox − deliveries sent': Math.abs(
        (fs.existsSync(path.join(work, 'outbox')) ? fs.readdirSync(path.join(work, 'outbox')).length : 0) -
          (await count(`select 1 from alert_deliveries where status = 'sent'`)),
      ),
      'refresh runs beyond the two started': (await count('select 1 from price_refresh_runs')) - 2,
    };
    const runs = completions();
    duplicates['scans completed more than once'] = runs.length - files.length - sameIds.length;
    const listRuns = runs.filter((c) => started.includes(c.scanId));
    const upstream = {
      requests: listRuns.reduce((sum, c) => sum + c.upstreamRequests, 0),
      tokens: listRuns.reduce((sum, c) => sum + c.tokensSpent, 0),
      cachedEans,
    };
    console.log(
      `upstream: ${upstream.requests} batches, ${upstream.tokens.toLocaleString('en-US')} tokens for ${cachedEans.toLocaleString('en-US')} EANs looked up ` +
        `(${((upstream.requests * 100) / cachedEans).toFixed(2)} batches and ${(upstream.tokens / cachedEans).toFixed(2)} tokens per EAN)`,
    );
    console.log(
      `done twice: ${Object.entries(duplicates)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · ')}`,
    );
    return {
      workers,
      refresh: { seconds: refresh.seconds, drops: refresh.dropsCreated, load: refreshLoad },
      fanOut: { seconds: queuedAfter, deliveries: alerts.deliveries, sent: sent.n, perSecond, deliveredSeconds, load: fanOutLoad },
      refreshApi,
      scans: { rows, eans, seconds: scanSeconds, deals, load: scanLoad },
      scanApi,
      upstream,
      sameList,
      duplicates,
    };
  } finally {
    for (const child of children) await stopServer(child);
    await queue.stop({ graceful: false, timeout: 2000 });
    await handle.close();
    await handle.dropAll();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Upstream batches one scan of `eans` fresh codes sends: its batches of SCAN_BATCH_SIZE, each in the provider's batches. */
function batchesAlone(eans: number): number {
  const perRequest = createDemoRetailProvider(systemClock).batchSize;
  return Math.floor(eans / SCAN_BATCH_SIZE) * Math.ceil(SCAN_BATCH_SIZE / perRequest) + Math.ceil((eans % SCAN_BATCH_SIZE) / perRequest);
}

function sameListCell(same: RunResult['sameList']): string {
  const batches = same.scans.reduce((sum, c) => sum + c.requests, 0);
  return `${(batches / same.alone).toFixed(2)}× (workers ${same.scans.map((c) => c.worker + 1).join(' + ')})`;
}

async function main() {
  if (!(await isPostgresReachable())) {
    console.log('bench:scale skipped: no PostgreSQL server at BENCH_DATABASE_URL');
    return;
  }
  buildServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-files-'));
  const { lists: files, fresh } = generateScanFiles(dir);
  console.log(
    `Scale-out on PostgreSQL${QUICK ? ' (--quick)' : ''}: ${SIZES.variants.toLocaleString('en-US')} variants (${CHANGED_SHARE * 100} % changed), ` +
      `${SIZES.users.toLocaleString('en-US')} users × 3 rules, ${files.length} scans of ${files[0]!.rows.toLocaleString('en-US')} rows over ${SIZES.scanEans} EANs each, ` +
      `DEMO_LATENCY_MS=${LATENCY_MS}, ${CONNECTIONS} API clients; ${cores} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const results: RunResult[] = [];
  try {
    for (const workers of WORKER_COUNTS) results.push(await run(workers, files, fresh));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const base = results[0]!;
  console.log(
    '\n| workers | scans: rows/s (× first) | scan load | API p95 during scans | refresh | fan-out queued | delivered (rate; all at that rate) | refresh load | API p95 during refresh | upstream batches / tokens per EAN | same list twice at once: upstream batches × alone (which workers) | done twice |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const rate = r.scans.rows / r.scans.seconds;
    const twice = Object.values(r.duplicates).reduce((a, b) => a + Math.abs(b), 0);
    console.log(
      `| ${r.workers} | ${Math.round(rate).toLocaleString('en-US')} (${(rate / (base.scans.rows / base.scans.seconds)).toFixed(2)}×) | ${fmtLoad(r.scans.load)} | ` +
        `${r.scanApi.p95.toFixed(0)} ms | ${r.refresh.seconds.toFixed(1)} s | ${r.fanOut.seconds.toFixed(2)} s (${r.fanOut.deliveries}) | ${r.fanOut.sent} in window (${r.fanOut.perSecond.toFixed(1)}/s; ${r.fanOut.deliveredSeconds.toFixed(0)} s) | ` +
        `${fmtLoad(r.refresh.load)} → ${r.fanOut.load.end.toFixed(1)} | ${r.refreshApi.p95.toFixed(0)} ms | ` +
        `${((r.upstream.requests * 100) / r.upstream.cachedEans).toFixed(2)} / ${(r.upstream.tokens / r.upstream.cachedEans).toFixed(2)} | ${sameListCell(r.sameList)} | ${twice === 0 ? 'nothing' : `${twice} ✗`} |`,
    );
  }
  const twice = results.some((r) => Object.values(r.duplicates).some((v) => v !== 0));
  process.exit(twice ? 1 : 0);
}

await main();
