import { REFRESH_SCHEDULE, cronOf } from '@dealradar/shared/drops-schedule';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { DbHandle } from '../../db/client.ts';
import { AppError, conflict } from '../../errors/app-error.ts';
import { defineJob, enqueue, registerJobDefinitions, type RunFlags } from '../../jobs/define-job.ts';
import { RUN_SWEEP_INTERVAL_MS, RunStopped, type DurableRuns } from '../../jobs/durable-run.ts';
import { hasAnyRun, isRunning, takeLeftJob, type RefreshRunRow } from './refresh-runs.repository.ts';
import { createRefreshRuns, PRICE_REFRESH_QUEUE, REFRESH_ALREADY_RUNNING, refreshPrices } from './price-refresh.service.ts';

export { PRICE_REFRESH_QUEUE } from './price-refresh.service.ts';

/**
 * The durable runs of each app instance's refresh worker (keyed by its database handle: a process, or a test's app),
 * created with the worker. Once stopped (shutdown) they take no new refresh: it stays pending for the next worker.
 */
const refreshWorkers = new WeakMap<DbHandle, DurableRuns<RefreshRunRow>>();

function refreshRuns(deps: AppDeps, options: { fresh?: boolean } = {}): DurableRuns<RefreshRunRow> {
  let runs = refreshWorkers.get(deps.dbHandle);
  if (!runs || options.fresh) {
    runs = createRefreshRuns(deps, (id) => resendRefresh(deps, id));
    refreshWorkers.set(deps.dbHandle, runs);
  }
  return runs;
}

/**
 * Sends the job that resumes the pending refresh. The job its dead process left 'active' is failed first, so the
 * 'exclusive' queue takes jobs again (it would block scheduled refreshes until its 3-hour expiry); the resume job has
 * its own singleton key, so a job that is still finishing (a hand-back on shutdown) does not refuse it.
 */
async function resendRefresh(deps: AppDeps, runId: string): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  const left = await takeLeftJob(deps.db, runId);
  if (left) await queue.fail(PRICE_REFRESH_QUEUE, left, { message: 'its process is gone; the refresh is resumed by another job' }).catch(() => undefined);
  await enqueue(queue, priceRefreshJob, { trigger: 'resume' }, { singletonKey: 'resume' });
}

/**
 * The price monitor on the job queue. The refresh run is a durable run (price_refresh_runs: claim token, heartbeat,
 * checkpoint, attempts; jobs/durable-run.ts): one refresh at a time across processes, also `npm run prices:refresh`,
 * and a refresh whose process died is resumed by the sweep. The queue's 'exclusive' policy allows one
 * queued-or-active job. Schedule (SPEC §9) in PRICE_SCHEDULE_TIMEZONE: the cron entries are derived from
 * REFRESH_SCHEDULE of the shared package, the one declaration nextRefreshAt() and isScheduledHour() read too.
 */
export const priceRefreshJob = defineJob({
  name: PRICE_REFRESH_QUEUE,
  payload: z.object({ trigger: z.string().optional() }).nullish(),
  options: { policy: 'exclusive', expireInSeconds: 3 * 3600, retryLimit: 0 },
  schedule: REFRESH_SCHEDULE.map((entry) => ({ cron: cronOf(entry), data: { trigger: 'schedule' }, key: entry.key, timeZone: 'price-schedule' as const })),
  handler: async (deps, job) => {
    try {
      return await refreshPrices(deps, { trigger: job.data?.trigger ?? 'schedule', runs: refreshRuns(deps), jobId: job.id });
    } catch (error) {
      // Another process is refreshing right now: this run is simply not needed.
      if (error instanceof AppError && error.code === 'conflict') return { skipped: error.message };
      // Handed back on shutdown, or taken over by another worker: that one finishes it.
      if (error instanceof RunStopped) return { stopped: error.message };
      deps.log.error({ err: (error as Error).message }, 'price refresh failed');
      throw error;
    }
  },
  onStart: async (deps, flags) => {
    if (flags.workerId && deps.queue) {
      // Created with the worker: a refresh interrupted by a restart (embedded database) or whose process died
      // (PostgreSQL, then every RUN_SWEEP_INTERVAL_MS) is resumed. The embedded database has one process: its own run is
      // never an orphan while it lives, also when a long statement of the comparison holds the thread past RUN_STALE_AFTER_MS.
      const runs = refreshRuns(deps, { fresh: true });
      await sweepRefreshes(deps, { startup: true });
      if (deps.db.kind === 'postgres') runs.startSweeper(RUN_SWEEP_INTERVAL_MS, () => sweepRefreshes(deps, { startup: false }));
      deps.queue.once('stopped', () => runs.stopSweeper());
    }
    // A fresh install has never refreshed: take the first snapshot now rather than at the next scheduled hour, so
    // the screens have data (with demo data, drops) minutes after the first start. The queue's 'exclusive' policy
    // keeps several starting processes from queueing it twice.
    if (flags.scheduler && deps.queue && !(await hasAnyRun(deps.db))) await enqueue(deps.queue, priceRefreshJob, { trigger: 'first start' });
  },
});

export const PRICE_DROP_JOBS = [priceRefreshJob];

export async function registerPriceDropJobs(deps: AppDeps, options: RunFlags): Promise<void> {
  await registerJobDefinitions(deps, PRICE_DROP_JOBS, options);
}

/**
 * A refresh whose process is gone goes back to pending and its job is sent again (resumed from its checkpoint), or
 * ends as failed after MAX_REFRESH_ATTEMPTS. On the embedded database a running refresh at start is such a refresh.
 */
export async function sweepRefreshes(deps: AppDeps, options: { startup: boolean }): Promise<{ requeued: number; failed: number }> {
  return refreshRuns(deps).sweep({ everyProcessing: options.startup && deps.db.kind === 'pglite', resendPending: options.startup });
}

/** Graceful shutdown: a running refresh stops between batches and is handed back (pending, resumed by the next worker). */
export async function handBackRefresh(deps: AppDeps, timeoutMs: number): Promise<string[]> {
  const runs = refreshWorkers.get(deps.dbHandle);
  runs?.stopSweeper();
  if (deps.queue) await deps.queue.offWork(PRICE_REFRESH_QUEUE, { wait: false }).catch(() => undefined);
  return runs ? runs.handBackAll(timeoutMs) : [];
}

/** The admin's "refresh now": queues a refresh at once; 409 when one is already queued or running. */
export async function startRefreshNow(deps: AppDeps): Promise<{ jobId: string; message: string }> {
  if (!deps.queue) throw new AppError('unavailable', 'Background jobs are not running in this process, so a refresh cannot be started.');
  if (await isRunning(deps.db)) throw conflict(REFRESH_ALREADY_RUNNING);
  const jobId = await enqueue(deps.queue, priceRefreshJob, { trigger: 'admin' });
  if (!jobId) throw conflict(REFRESH_ALREADY_RUNNING);
  return { jobId, message: 'Price refresh started.' };
}
