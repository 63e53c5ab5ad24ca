import { WEEKDAY_CRON, WEEKEND_CRON } from '@dealradar/shared/drops-schedule';
import type { AppDeps } from '../../deps.ts';
import { AppError, conflict } from '../../errors/app-error.ts';
import { hasAnyRun, isRunning } from './refresh-runs.repository.ts';
import { REFRESH_ALREADY_RUNNING, refreshPrices } from './price-refresh.service.ts';

/**
 * The price monitor on the job queue. The queue's 'exclusive' policy allows one queued-or-active refresh;
 * the run lock in the database (price_refresh_runs) also covers `npm run prices:refresh`.
 * Schedule (SPEC §9) in PRICE_SCHEDULE_TIMEZONE: the same rule as nextRefreshAt() of the shared package.
 */
export const PRICE_REFRESH_QUEUE = 'price-drops-refresh';

interface RefreshJobData {
  trigger?: string;
}

export async function registerPriceDropJobs(deps: AppDeps, options: { worker: boolean; scheduler: boolean }): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  await queue.createQueue(PRICE_REFRESH_QUEUE, { policy: 'exclusive', expireInSeconds: 3 * 3600, retryLimit: 0 });
  if (options.worker) {
    await queue.work<RefreshJobData>(PRICE_REFRESH_QUEUE, async ([job]) => {
      try {
        return await refreshPrices(deps, { trigger: job?.data?.trigger ?? 'schedule' });
      } catch (error) {
        // Another process is refreshing right now: this run is simply not needed.
        if (error instanceof AppError && error.code === 'conflict') return { skipped: error.message };
        deps.log.error({ err: (error as Error).message }, 'price refresh failed');
        throw error;
      }
    });
  }
  if (options.scheduler) {
    const tz = deps.config.PRICE_SCHEDULE_TIMEZONE;
    await queue.schedule(PRICE_REFRESH_QUEUE, WEEKDAY_CRON, { trigger: 'schedule' }, { tz, key: 'weekdays' });
    await queue.schedule(PRICE_REFRESH_QUEUE, WEEKEND_CRON, { trigger: 'schedule' }, { tz, key: 'weekends' });
    // A fresh install has never refreshed: take the first snapshot now rather than at the next scheduled hour, so
    // the screens have data (with demo data, drops) minutes after the first start. The queue's 'exclusive' policy
    // keeps several starting processes from queueing it twice.
    if (!(await hasAnyRun(deps.db))) await queue.send(PRICE_REFRESH_QUEUE, { trigger: 'first start' });
  }
}

/** The admin's "refresh now": queues a refresh at once; 409 when one is already queued or running. */
export async function startRefreshNow(deps: AppDeps): Promise<{ jobId: string; message: string }> {
  if (!deps.queue) throw new AppError('unavailable', 'Background jobs are not running in this process, so a refresh cannot be started.');
  if (await isRunning(deps.db)) throw conflict(REFRESH_ALREADY_RUNNING);
  const jobId = await deps.queue.send(PRICE_REFRESH_QUEUE, { trigger: 'admin' });
  if (!jobId) throw conflict(REFRESH_ALREADY_RUNNING);
  return { jobId, message: 'Price refresh started.' };
}
