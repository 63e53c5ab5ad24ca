import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, enqueue } from '../../jobs/define-job.ts';
import { connectedOrganizationOfScan } from './amazon-fees.repository.ts';
import { estimateTopDeals } from './amazon-fees.service.ts';

/**
 * Amazon's fee estimate of a finished supplier scan's top 20 deals by profit (one getMyFeesEstimates call of 20, taken
 * from the seller's shared fee bucket), compared with ours. A lost job costs only those comparisons: the breakdown
 * asks again when opened.
 */
export const amazonFeeEstimatesJob = defineJob({
  name: 'amazon-fee-estimates',
  payload: z.object({ scanId: z.string() }),
  options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60 },
  work: { localConcurrency: 1, pollingIntervalSeconds: 2 },
  handler: async (deps, job) => estimateTopDeals(deps, job.data.scanId),
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
