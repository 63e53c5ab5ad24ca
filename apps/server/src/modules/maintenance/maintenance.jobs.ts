import { performance } from 'node:perf_hooks';
import type { AppDeps } from '../../deps.ts';
import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { vacuumAnalyzeAll } from './maintenance.repository.ts';

/**
 * The embedded database (PGlite) runs PostgreSQL without its autovacuum daemon (verified: a table of 100,000 new rows
 * had no statistics and no vacuum after several minutes). Nothing would reclaim the dead rows every price refresh and
 * scan leaves, and the planner would have no statistics: an uncached page of 200,000 drops took 145 ms instead of
 * 6 ms. This job does autovacuum's work once an hour on the embedded database (`vacuum analyze` of the whole
 * database, ~0.2 s for half a million rows); PostgreSQL servers run their own autovacuum, so it does nothing there.
 * The price refresh additionally analyzes its own tables as soon as it finishes.
 */
export const DB_MAINTENANCE_QUEUE = 'db-maintenance';
const SCHEDULE = '50 * * * *';

export async function maintainEmbeddedDatabase(deps: Pick<AppDeps, 'db' | 'log'>): Promise<void> {
  if (deps.db.kind !== 'pglite') return;
  const t0 = performance.now();
  await vacuumAnalyzeAll(deps.db);
  deps.log.info({ ms: Math.round(performance.now() - t0) }, 'embedded database vacuumed and analyzed');
}

export const dbMaintenanceJob = defineJob({
  name: DB_MAINTENANCE_QUEUE,
  payload: NO_PAYLOAD,
  options: { policy: 'exclusive', retryLimit: 0 },
  schedule: [{ cron: SCHEDULE }],
  enabled: (deps) => deps.db.kind === 'pglite',
  handler: (deps) => maintainEmbeddedDatabase(deps),
});

export const MAINTENANCE_JOBS = [dbMaintenanceJob];
