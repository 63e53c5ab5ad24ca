import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, enqueue } from '../../jobs/define-job.ts';
import { connectedOrganizationOfBrandScan, connectedOrganizationOfScan } from './amazon-fees.repository.ts';
import { estimateTopDeals, estimateTopFavorites } from './amazon-fees.service.ts';

/**
 * Amazon's fee estimate of a finished supplier scan's top 20 deals by profit, or of a brand scan's top 20 favorites
 * (`kind: 'brand'`; `scanId` is then the brand scan's id): one getMyFeesEstimates call of 20, taken from the seller's
 * shared fee bucket, compared with ours. A lost job costs only those comparisons: the breakdown asks again when opened.
 */
export const amazonFeeEstimatesJob = defineJob({
  name: 'amazon-fee-estimates',
  payload: z.object({ scanId: z.string(), kind: z.enum(['supplier', 'brand']).optional() }),
  options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60 },
  // Each job waits on its own seller's fee bucket: several organizations at once per process.
  work: { localConcurrency: 2, pollingIntervalSeconds: 2 },
  handler: async (deps, job) => (job.data.kind === 'brand' ? estimateTopFavorites(deps, job.data.scanId) : estimateTopDeals(deps, job.data.scanId)),
});

export const AMAZON_FEE_JOBS = [amazonFeeEstimatesJob];

/** The hook of a completed supplier scan: sends the job when its organization has a connected account. Never fails the scan. */
export async function afterSupplierScanFees(deps: AppDeps, scanId: string): Promise<void> {
  try {
    const row = await connectedOrganizationOfScan(deps.db, scanId);
    if (row && deps.queue) await enqueue(deps.queue, amazonFeeEstimatesJob, { scanId });
  } catch (error) {
    deps.log.error({ err: (error as Error).message, scanId }, 'fee estimates could not be queued');
  }
}

/** The hook of a completed brand scan: sends the job for its top favorites when its organization has a connected account. Never fails the scan. */
export async function afterBrandScanFees(deps: Pick<AppDeps, 'db' | 'log' | 'queue'>, brandScanId: string): Promise<void> {
  try {
    const row = await connectedOrganizationOfBrandScan(deps.db, brandScanId);
    if (row && deps.queue) await enqueue(deps.queue, amazonFeeEstimatesJob, { scanId: brandScanId, kind: 'brand' });
  } catch (error) {
    deps.log.error({ err: (error as Error).message, brandScanId }, 'fee estimates of a brand scan could not be queued');
  }
}
