import type { AppDeps } from '../deps.ts';
import { handBackBrandScans, registerBrandAnalyzerJobs } from '../modules/brand-analyzer/brand-analyzer.jobs.ts';
import { handBackScans, registerScanJobs } from '../modules/scans/scans.jobs.ts';
import { registerPriceDropJobs } from '../modules/price-drops/price-drops.jobs.ts';
import { registerPlansJobs } from '../modules/plans/plans.jobs.ts';
import { registerAccountJobs } from '../modules/auth/accounts.jobs.ts';
import { registerMarketDataJobs } from '../modules/market-data/market-data.jobs.ts';
import { registerMaintenanceJobs } from '../modules/maintenance/maintenance.jobs.ts';
import { registerAlertJobs } from '../modules/alerts/alerts.jobs.ts';

/**
 * Every background job of the product. Each module exports a register function that creates its
 * queues, starts its workers (when `worker`) and its cron schedules (when `scheduler`).
 */
export async function registerJobs(deps: AppDeps, options: { worker: boolean; scheduler: boolean }): Promise<void> {
  await registerBrandAnalyzerJobs(deps, options);
  await registerScanJobs(deps, options);
  await registerPriceDropJobs(deps, options);
  await registerPlansJobs(deps, options);
  await registerAccountJobs(deps, options);
  await registerMarketDataJobs(deps, options);
  await registerMaintenanceJobs(deps, options);
  await registerAlertJobs(deps, options);
}

/**
 * Graceful shutdown: the long-running work of this process (supplier / CSV Template scans and brand scans) commits
 * its progress and is given back to the queue. Returns the ids of the scans handed back.
 */
export async function handBackRunningWork(deps: AppDeps, timeoutMs: number): Promise<string[]> {
  const [scans, brandScans] = await Promise.all([handBackScans(deps, timeoutMs), handBackBrandScans(deps, timeoutMs)]);
  return [...scans, ...brandScans];
}
