import type { AppDeps } from '../../deps.ts';
import { ALERT_DELIVERY_QUEUE, deliverOne, queueScanFinishedMessages, sendDigests } from './alert-dispatch.service.ts';

/** Digests: hourly on the hour, daily at 07:00 (PRICE_SCHEDULE_TIMEZONE, the time zone of the price schedule). */
export const ALERT_DIGEST_QUEUE = 'alert-digest';
/** Every minute: scans that ended get their e-mail. */
export const SCAN_FINISHED_QUEUE = 'alert-scan-finished';
const HOURLY_CRON = '0 * * * *';
const DAILY_CRON = '0 7 * * *';

interface DeliveryJob {
  deliveryId: number;
}

export async function registerAlertJobs(deps: AppDeps, options: { worker: boolean; scheduler: boolean }): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  await queue.createQueue(ALERT_DELIVERY_QUEUE, {
    retryLimit: deps.config.ALERT_RETRY_LIMIT,
    retryDelay: deps.config.ALERT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    // A webhook times out after 10 s; an SMTP hand-over is quicker. A stuck job is retried after this long.
    expireInSeconds: 120,
  });
  await queue.createQueue(ALERT_DIGEST_QUEUE, { retryLimit: 2, expireInSeconds: 600 });
  await queue.createQueue(SCAN_FINISHED_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 });
  if (options.worker) {
    await queue.work<DeliveryJob>(ALERT_DELIVERY_QUEUE, { localConcurrency: 2, pollingIntervalSeconds: 2 }, async ([job]) => {
      if (!job) return;
      return deliverOne(deps, job.data.deliveryId, { lastAttempt: job.retryCount >= deps.config.ALERT_RETRY_LIMIT });
    });
    await queue.work(SCAN_FINISHED_QUEUE, async () => ({ messages: await queueScanFinishedMessages(deps) }));
    await queue.work<{ frequency: 'hourly' | 'daily' }>(ALERT_DIGEST_QUEUE, async ([job]) => ({
      digests: await sendDigests(deps, job?.data.frequency ?? 'hourly'),
    }));
  }
  if (options.scheduler) {
    const tz = deps.config.PRICE_SCHEDULE_TIMEZONE;
    await queue.schedule(ALERT_DIGEST_QUEUE, HOURLY_CRON, { frequency: 'hourly' }, { tz, key: 'hourly' });
    await queue.schedule(ALERT_DIGEST_QUEUE, DAILY_CRON, { frequency: 'daily' }, { tz, key: 'daily' });
    await queue.schedule(SCAN_FINISHED_QUEUE, '* * * * *');
  }
}
