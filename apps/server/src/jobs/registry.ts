import type { AppDeps } from '../deps.ts';
import { BRAND_ANALYZER_JOBS, handBackBrandScans } from '../modules/brand-analyzer/brand-analyzer.jobs.ts';
import { handBackScans, SCAN_JOBS } from '../modules/scans/scans.jobs.ts';
import { handBackRefresh, PRICE_DROP_JOBS } from '../modules/price-drops/price-drops.jobs.ts';
import { PLANS_JOBS } from '../modules/plans/plans.jobs.ts';
import { ACCOUNT_JOBS } from '../modules/auth/accounts.jobs.ts';
import { MARKET_DATA_JOBS } from '../modules/market-data/market-data.jobs.ts';
import { MAINTENANCE_JOBS } from '../modules/maintenance/maintenance.jobs.ts';
import { ALERT_JOBS } from '../modules/alerts/alerts.jobs.ts';
import { AMAZON_FEE_JOBS } from '../modules/seller-account/amazon-fees.jobs.ts';
import { SELLER_ACCOUNT_JOBS } from '../modules/seller-account/seller-account.jobs.ts';
import { BACKUP_JOBS } from '../modules/backup/backup.jobs.ts';
import { UPLOAD_JOBS } from '../modules/uploads/uploads.jobs.ts';
import { registerJobDefinitions, type JobDefinition, type RunFlags } from './define-job.ts';

/**
 * Every background job of the product, as data (`defineJob` in each module's `.jobs.ts`: name, zod payload, queue
 * options, schedule, handler). A module adds its list here; `registerJobs` creates the queues, starts the workers
 * (when `worker`) and the cron schedules (when `scheduler`).
 */
export const JOBS: readonly JobDefinition[] = [
  ...BRAND_ANALYZER_JOBS,
  ...SCAN_JOBS,
  ...UPLOAD_JOBS,
  ...PRICE_DROP_JOBS,
  ...PLANS_JOBS,
  ...ACCOUNT_JOBS,
  ...MARKET_DATA_JOBS,
  ...MAINTENANCE_JOBS,
  ...ALERT_JOBS,
  ...SELLER_ACCOUNT_JOBS,
  ...AMAZON_FEE_JOBS,
  ...BACKUP_JOBS,
];

export async function registerJobs(deps: AppDeps, options: RunFlags): Promise<void> {
  await registerJobDefinitions(deps, JOBS, options);
}

/**
 * Graceful shutdown: the durable runs of this process (supplier / CSV Template scans, brand scans, a price refresh)
 * commit their progress and are given back to the queue. Returns the ids of the runs handed back.
 */
export async function handBackRunningWork(deps: AppDeps, timeoutMs: number): Promise<string[]> {
  const handedBack = await Promise.all([handBackScans(deps, timeoutMs), handBackBrandScans(deps, timeoutMs), handBackRefresh(deps, timeoutMs)]);
  return handedBack.flat();
}
