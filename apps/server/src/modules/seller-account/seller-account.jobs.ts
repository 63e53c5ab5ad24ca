import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, enqueue } from '../../jobs/define-job.ts';
import { queueChecksOfScan, runListingChecks } from './listing-checks.ts';

/**
 * Checks the queued deals of one organization with Amazon (listing-checks.ts). The queue table is the durable record:
 * a job lost with its process leaves its rows claimed for two minutes, and the next job of the organization (the next
 * scan, or pg-boss's retry) takes them again. Two jobs of one organization at once share the seller's rate bucket.
 */
export const listingChecksJob = defineJob({
  name: 'listing-restriction-checks',
  payload: z.object({ organizationId: z.string() }),
  options: { retryLimit: 3, retryDelay: 30, expireInSeconds: 2 * 60 * 60 },
  work: { localConcurrency: 1, pollingIntervalSeconds: 1 },
  handler: async (deps, job) => runListingChecks(deps, job.data.organizationId),
});

export const SELLER_ACCOUNT_JOBS = [listingChecksJob];

/**
 * The hook of a completed supplier scan (scans/scan-engine.ts): queues its deals for the check when the organization
 * has a connected account and sends the job. A failure here is logged and never fails the scan.
 */
export async function afterSupplierScan(deps: AppDeps, scanId: string): Promise<void> {
  try {
    const organizationId = await queueChecksOfScan(deps, scanId);
    if (organizationId && deps.queue) await enqueue(deps.queue, listingChecksJob, { organizationId });
  } catch (error) {
    deps.log.error({ err: (error as Error).message, scanId }, 'listing checks could not be queued');
  }
}
