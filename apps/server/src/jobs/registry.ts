import type { AppDeps } from '../deps.ts';
import { registerBrandAnalyzerJobs } from '../modules/brand-analyzer/brand-analyzer.jobs.ts';
import { registerScanJobs } from '../modules/scans/scans.jobs.ts';
import { registerPriceDropJobs } from '../modules/price-drops/price-drops.jobs.ts';
import { registerPlansJobs } from '../modules/plans/plans.jobs.ts';
import { registerAccountJobs } from '../modules/auth/accounts.jobs.ts';
import { registerMarketDataJobs } from '../modules/market-data/market-data.jobs.ts';
import { registerMaintenanceJobs } from '../modules/maintenance/maintenance.jobs.ts';

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
}
