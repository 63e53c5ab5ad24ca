import { REFRESH_SCHEDULE, cronOf } from '@dealradar/shared/drops-schedule';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict } from '../../errors/app-error.ts';
import { defineJob, enqueue, registerJobDefinitions, type RunFlags } from '../../jobs/define-job.ts';
import { hasAnyRun, isRunning } from './refresh-runs.repository.ts';
import { REFRESH_ALREADY_RUNNING, refreshPrices } from './price-refresh.service.ts';

/**
 * The price monitor on the job queue. The queue's 'exclusive' policy allows one queued-or-active refresh;
 * the run lock in the database (price_refresh_runs) also covers `npm run prices:refresh`.
 * Schedule (SPEC §9) in PRICE_SCHEDULE_TIMEZONE: the cron entries are derived from REFRESH_SCHEDULE of the shared
 * package, the one declaration nextRefreshAt() and isScheduledHour() read too.
 */
export const PRICE_REFRESH_QUEUE = 'price-drops-refresh';

export const priceRefreshJob = defineJob({
  name: PRICE_REFRESH_QUEUE,
  payload: z.object({ trigger: z.string().optional() }).nullish(),
  options: { policy: 'exclusive', expireInSeconds: 3 * 3600, retryLimit: 0 },
  schedule: REFRESH_SCHEDULE.map((entry) => ({ cron: cronOf(entry), data: { trigger: 'schedule' }, key: entry.key, timeZone: 'price-schedule' as const })),
  handler: async (deps, job) => {
    try {
      return await refreshPrices(deps, { trigger: job.data?.trigger ?? 'schedule' });
    } catch (error) {
      // Another process is refreshing right now: this run is simply not needed.
      if (error instanceof AppError && error.code === 'conflict') return { skipped: error.message };
      deps.log.error({ err: (error as Error).message }, 'price refresh failed');
      throw error;
    }
  },
  onStart: async (deps, flags) => {
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

/** The admin's "refresh now": queues a refresh at once; 409 when one is already queued or running. */
export async function startRefreshNow(deps: AppDeps): Promise<{ jobId: string; message: string }> {
  if (!deps.queue) throw new AppError('unavailable', 'Background jobs are not running in this process, so a refresh cannot be started.');
  if (await isRunning(deps.db)) throw conflict(REFRESH_ALREADY_RUNNING);
  const jobId = await enqueue(deps.queue, priceRefreshJob, { trigger: 'admin' });
  if (!jobId) throw conflict(REFRESH_ALREADY_RUNNING);
  return { jobId, message: 'Price refresh started.' };
}
