/**
 * npm run bench:alerts — a price refresh that creates ~10,000 drops while 1,000 Growth users hold 3 alert rules each:
 * the seconds from the refresh's end (snapshot applied, ROI step done) to every delivery being queued as a pg-boss job,
 * and the process's peak memory (RSS, sampled every 20 ms; on PGlite the database lives in the process too).
 * Goal (issue 15): all deliveries of a refresh queued within 60 s of its end. Embedded database and PostgreSQL.
 * BENCH_SKIP_POSTGRES / BENCH_SKIP_PGLITE skip one database; BENCH_DATABASE_URL names the PostgreSQL server.
 */
import { loadConfig } from '../apps/server/src/config/env.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import { refreshPrices, type RefreshDeps } from '../apps/server/src/modules/price-drops/price-refresh.service.ts';
import { registerAlertJobs } from '../apps/server/src/modules/alerts/alerts.jobs.ts';
import { queueAlertsAfterRefresh } from '../apps/server/src/modules/alerts/alert-dispatch.service.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { benchCatalogue } from './drops-catalogue.ts';
import { isPostgresReachable, openBenchDb } from './drops-db.ts';
import { benchMarketData as marketData, seedAlertUsers } from './refresh-support.ts';

/** 40,000 variants with half the prices changed: ~10,000 falls (5–60 %) and ~10,000 rises. */
const SIZE = 40_000;
const CHANGED = 0.5;
const USERS = 1000;
const GOAL_SECONDS = 60;
const silent = silentLogger();

function peakRss() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return {
    reset: () => (peak = process.memoryUsage().rss),
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

async function run(kind: 'pglite' | 'postgres') {
  const handle = await openBenchDb(kind);
  const queue = await startQueue(handle, silent);
  try {
    let now = Date.parse('2026-11-23T08:00:00Z');
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const deps: RefreshDeps = { db: handle.db, clock: { now: () => new Date(now) }, marketData, log: silent, config, queue };
    await registerAlertJobs({ ...deps, queue } as unknown as AppDeps, { worker: false, scheduler: false });
    await refreshPrices(deps, { trigger: 'bench', catalogue: benchCatalogue(false, SIZE, CHANGED) });
    await seedAlertUsers(handle.db, USERS);
    // The rules have looked at the (empty) drop list once, as rules in use have — a day before the benchmark's clock
    // (not the database's now(): with a fixed clock, a run days later would find every rule evaluated after the drops).
    const dayBefore = new Date(now - 86_400_000).toISOString();
    await handle.db.exec(`update alert_rules set created_at = '${dayBefore}', evaluated_at = '${dayBefore}'`);
    if (kind === 'postgres') await handle.db.exec('vacuum analyze');
    now += 3600_000;
    const memory = peakRss();
    const result = await refreshPrices(deps, { trigger: 'bench', catalogue: benchCatalogue(true, SIZE, CHANGED) });
    // What the refresh's announcement sets off (the alerts-after-refresh job's work), run here in the same process.
    const alerts = await queueAlertsAfterRefresh({ ...deps, queue }, result.runId, result.detectedAt);
    const peak = memory.stop();
    const jobs = await handle.db.one<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'alert-delivery'`);
    const stats = await handle.db.one<{ rules: number; matched: number; items: number }>(
      `select (select count(*)::int from alert_rules) as rules, (select count(*)::int from alert_drop_state) as matched,
              (select coalesce(sum(drop_count), 0)::int from alert_deliveries) as items`,
    );
    console.log(
      `${kind.padEnd(8)} ${result.dropsCreated.toLocaleString('en-US')} drops · ${stats.rules.toLocaleString('en-US')} rules · ` +
        `${stats.matched.toLocaleString('en-US')} (rule, drop) matches → ${alerts.deliveries.toLocaleString('en-US')} deliveries, ${jobs.n.toLocaleString('en-US')} jobs queued · ` +
        `refresh end → all queued ${alerts.seconds.toFixed(2)} s ${alerts.seconds <= GOAL_SECONDS ? '✓' : '✗'} goal ≤ ${GOAL_SECONDS} s · ` +
        `whole refresh ${result.seconds.toFixed(1)} s · peak RSS ${Math.round(peak / 1024 / 1024)} MB`,
    );
    if (jobs.n !== alerts.deliveries) throw new Error(`Expected ${alerts.deliveries} jobs, found ${jobs.n}.`);
    return alerts.seconds;
  } finally {
    await queue.stop({ graceful: false, timeout: 2000 });
    await handle.close();
    await handle.dropAll();
  }
}

console.log(`Alerts after a refresh: ${SIZE.toLocaleString('en-US')} variants (${CHANGED * 100} % changed), ${USERS.toLocaleString('en-US')} users × 3 rules`);
let worst = process.env.BENCH_SKIP_PGLITE ? 0 : await run('pglite');
if (process.env.BENCH_SKIP_POSTGRES) console.log('postgres skipped: BENCH_SKIP_POSTGRES');
else if (await isPostgresReachable()) worst = Math.max(worst, await run('postgres'));
else console.log('postgres skipped: no server at BENCH_DATABASE_URL');
process.exit(worst <= GOAL_SECONDS ? 0 : 1);
