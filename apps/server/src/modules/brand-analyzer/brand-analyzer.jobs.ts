import type { JobWithMetadata } from 'pg-boss';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors/app-error.ts';
import { z } from 'zod';
import { defineJob, enqueue, registerJobDefinitions } from '../../jobs/define-job.ts';
import { BRAND_SCAN_QUEUE, BRAND_SCAN_QUEUE_OPTIONS, type BrandScanJobData } from './brand-scan.queue.ts';
import { failScan, listStaleScans, setScanJob } from './brand-scan.repository.ts';
import { runBrandScan, runningBrandScans, stopBrandScansForShutdown, takeHandedBackBrandScans } from './brand-scan.runner.ts';

export const UNEXPECTED_SCAN_ERROR = 'The scan stopped because of an unexpected problem. Please start it again.';
/** On PostgreSQL other processes may be running a scan; only one silent this long is taken over. */
export const STALE_SCAN_MS = 5 * 60 * 1000;

/**
 * One attempt of a brand-scan job. A failure is retried by pg-boss (the retry resumes from the scan's cursor);
 * the last attempt's failure ends the scan as ERROR with a sentence for the user, so it never stays PROCESSING.
 */
export async function handleBrandScanJob(deps: AppDeps, job: Pick<JobWithMetadata<BrandScanJobData>, 'data' | 'retryCount' | 'retryLimit'>): Promise<void> {
  const { scanId } = job.data;
  try {
    await runBrandScan(deps, scanId);
  } catch (error) {
    deps.log.error({ scanId, attempt: job.retryCount, err: (error as Error).message }, 'brand scan failed');
    if (job.retryCount < job.retryLimit) throw error;
    await failScan(deps.db, scanId, null, error instanceof AppError ? error.message : UNEXPECTED_SCAN_ERROR, deps.clock.now());
  }
}

/**
 * Re-queues unfinished scans nobody is working on (the process running them stopped). Their old job is cancelled
 * first so pg-boss does not run it again as well; a run that is still alive loses the scan at its next write.
 */
export async function resumeStaleScans(deps: AppDeps, staleBefore: Date): Promise<number> {
  const queue = deps.queue;
  if (!queue) return 0;
  const stale = await listStaleScans(deps.db, staleBefore);
  for (const scan of stale) {
    if (scan.job_id) await queue.cancel(BRAND_SCAN_QUEUE, scan.job_id).catch(() => undefined);
    const jobId = await enqueue(queue, brandScanJob, { scanId: scan.id });
    await setScanJob(deps.db, scan.id, jobId);
    deps.log.info({ scanId: scan.id }, 'resuming an interrupted brand scan');
  }
  return stale.length;
}

/**
 * Graceful shutdown (SIGTERM): takes no new brand-scan jobs, lets every running scan finish its current batch and
 * give the scan back as PENDING, and sends their jobs again (resumed from the cursor by the next worker).
 */
export async function handBackBrandScans(deps: AppDeps, timeoutMs: number): Promise<string[]> {
  const queue = deps.queue;
  stopBrandScansForShutdown(deps);
  if (queue) await queue.offWork(BRAND_SCAN_QUEUE, { wait: false }).catch(() => undefined);
  const deadline = Date.now() + timeoutMs;
  while (runningBrandScans(deps) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const ids = takeHandedBackBrandScans(deps);
  if (queue) {
    for (const scanId of ids) await setScanJob(deps.db, scanId, await enqueue(queue, brandScanJob, { scanId }));
  }
  return ids;
}

/** A brand scan's job: pg-boss retries it (retryLimit 2, resumed from the scan's cursor) and hands it on after a missed heartbeat. */
export const brandScanJob = defineJob({
  name: BRAND_SCAN_QUEUE,
  payload: z.object({ scanId: z.string() }),
  options: BRAND_SCAN_QUEUE_OPTIONS,
  work: { pollingIntervalSeconds: 1 },
  handler: (deps, job) => handleBrandScanJob(deps, job),
  onStart: async (deps, flags) => {
    if (flags.worker) await resumeBrandScansAtStart(deps);
  },
});

export const BRAND_ANALYZER_JOBS = [brandScanJob];

/** Creates the brand-scan queue; with `worker`, runs its jobs and resumes scans interrupted by a restart. */
export async function registerBrandAnalyzerJobs(deps: AppDeps, options: { worker: boolean; scheduler?: boolean }): Promise<void> {
  await registerJobDefinitions(deps, [brandScanJob], { worker: options.worker, scheduler: options.scheduler ?? false });
}

/** Resumes the scans interrupted by a restart once this process works on brand scans. */
export async function resumeBrandScansAtStart(deps: AppDeps): Promise<void> {
  // The embedded database has exactly one process: whatever is unfinished at start was interrupted. On PostgreSQL,
  // scans whose process is gone (its lease released) and scans silent for STALE_SCAN_MS.
  const now = deps.clock.now();
  const staleBefore = deps.dbHandle.kind === 'pglite' ? now : new Date(now.getTime() - STALE_SCAN_MS);
  await resumeStaleScans(deps, staleBefore);
}
