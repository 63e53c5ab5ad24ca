import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, enqueue } from '../../jobs/define-job.ts';
import { queueChecksOfScan, REUSE_MS, runListingChecks } from './listing-checks.ts';
import * as repo from './seller-account.repository.ts';

/**
 * Checks the queued deals of one organization with Amazon (listing-checks.ts). The queue table is the durable record:
 * a job lost with its process leaves its rows claimed for two minutes, and the next job of the organization (the next
 * scan, or pg-boss's retry) takes them again. Two jobs of one organization at once share the seller's rate bucket.
 */
export const listingChecksJob = defineJob({
  name: 'listing-restriction-checks',
  payload: z.object({ organizationId: z.string() }),
  options: { retryLimit: 3, retryDelay: 30, expireInSeconds: 2 * 60 * 60 },
  // One job per organization, and each mostly waits on its own seller's rate: several at once per process, so one
  // organization's long queue (the drops of a price refresh) never holds up another's freshly scanned deals.
  work: { localConcurrency: 4, pollingIntervalSeconds: 1 },
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

/** What queueing needs: a scan's runner has no more than this. */
export type ListingCheckDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'queue'>;

export interface ListingCheckItem {
  asin: string;
  market: string;
}

/**
 * Queues Amazon's listing check of these ASIN × market pairs for the organization (a no-op without a connected
 * account) and sends the job. Amazon's answers of the last week are reused: a re-run of the same list costs no calls.
 * `force` ("check again") asks again whatever is cached and goes to the front of the queue. Answers how many pairs
 * were queued. Any source of deals (brand scans, favorites, price drops) calls this.
 */
export async function queueListingChecks(
  deps: ListingCheckDeps,
  organizationId: string,
  items: ReadonlyArray<ListingCheckItem>,
  options: { force?: boolean } = {},
): Promise<number> {
  const now = deps.clock.now();
  const wanted = items.filter((i) => i.asin && i.market);
  // A forced check sorts before everything queued normally (the queue is taken oldest first).
  const queuedAt = options.force ? new Date(0) : now;
  const queued = await repo.queueItems(deps.db, organizationId, wanted, queuedAt, options.force ? null : new Date(now.getTime() - REUSE_MS));
  if (queued > 0 && deps.queue) await enqueue(deps.queue, listingChecksJob, { organizationId }, options.force ? { priority: 10 } : undefined);
  return queued;
}

/** Like queueListingChecks, for a hook that must never fail its caller (a finished scan, a refresh): failures are logged. */
export async function queueListingChecksQuietly(deps: ListingCheckDeps, organizationId: string, items: ReadonlyArray<ListingCheckItem>): Promise<void> {
  try {
    await queueListingChecks(deps, organizationId, items);
  } catch (error) {
    deps.log.error({ err: (error as Error).message, organizationId }, 'listing checks could not be queued');
  }
}
