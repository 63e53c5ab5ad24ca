import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, NO_PAYLOAD, registerJobDefinitions, type RunFlags } from '../../jobs/define-job.ts';
import { priceRefreshFinished } from '../price-drops/price-drops.events.ts';
import { ALERT_DELIVERY, deliverOne, queueAlertsAfterRefresh, queueScanFinishedMessages, sendDigests } from './alert-dispatch.service.ts';

/** One job per delivery; pg-boss retries a failure with exponential back-off (ALERT_RETRY_LIMIT, ALERT_RETRY_DELAY_SECONDS). */
export const alertDeliveryJob = defineJob({
  ...ALERT_DELIVERY,
  options: (deps) => ({
    retryLimit: deps.config.ALERT_RETRY_LIMIT,
    retryDelay: deps.config.ALERT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    // A webhook times out after 10 s; an SMTP hand-over is quicker. A stuck job is retried after this long.
    expireInSeconds: 120,
  }),
  // One job per fetch, so that each delivery retries on its own; with a backlog (a refresh's deliveries) the worker
  // fetches again at once instead of every 2 s, or sending would be capped at about one delivery a second per worker.
  work: { localConcurrency: 2, pollingIntervalSeconds: 2, burstWhenReadyExceeds: 1 },
  handler: (deps, job) => deliverOne(deps, job.data.deliveryId, { lastAttempt: job.retryCount >= deps.config.ALERT_RETRY_LIMIT }),
});

/** Digests: hourly on the hour, daily at 07:00 (PRICE_SCHEDULE_TIMEZONE, the time zone of the price schedule). */
export const ALERT_DIGEST_QUEUE = 'alert-digest';
/** Every minute: scans that ended get their e-mail. */
export const SCAN_FINISHED_QUEUE = 'alert-scan-finished';
const HOURLY_CRON = '0 * * * *';
const DAILY_CRON = '0 7 * * *';

export const alertDigestJob = defineJob({
  name: ALERT_DIGEST_QUEUE,
  payload: z.object({ frequency: z.enum(['hourly', 'daily']) }).nullish(),
  options: { retryLimit: 2, expireInSeconds: 600 },
  schedule: [
    { cron: HOURLY_CRON, data: { frequency: 'hourly' }, key: 'hourly', timeZone: 'price-schedule' },
    { cron: DAILY_CRON, data: { frequency: 'daily' }, key: 'daily', timeZone: 'price-schedule' },
  ],
  handler: async (deps, job) => ({ digests: await sendDigests(deps, job.data?.frequency ?? 'hourly') }),
});

export const scanFinishedJob = defineJob({
  name: SCAN_FINISHED_QUEUE,
  payload: NO_PAYLOAD,
  options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 },
  schedule: [{ cron: '* * * * *' }],
  handler: async (deps) => ({ messages: await queueScanFinishedMessages(deps) }),
});

/**
 * After every successful price refresh: pauses the rules of plans that ended, matches the new drops against the rules
 * and queues the deliveries sent at once. One at a time, so two refreshes' matching never run together.
 */
export const alertsAfterRefreshJob = defineJob({
  name: 'alerts-after-refresh',
  payload: priceRefreshFinished.payload,
  subscribes: priceRefreshFinished,
  options: { policy: 'singleton', retryLimit: 3, retryDelay: 30, expireInSeconds: 600 },
  handler: (deps, job) => queueAlertsAfterRefresh(deps, job.data.runId, new Date(job.data.detectedAt)),
});

export const ALERT_JOBS = [alertDeliveryJob, alertsAfterRefreshJob, alertDigestJob, scanFinishedJob];

export async function registerAlertJobs(deps: AppDeps, options: RunFlags): Promise<void> {
  await registerJobDefinitions(deps, ALERT_JOBS, options);
}
