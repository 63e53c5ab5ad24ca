import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, enqueue, registerJobDefinitions, type JobRun } from '../../jobs/define-job.ts';
import { DurableRuns, RUN_HEARTBEAT_MS, RUN_STALE_AFTER_MS, RUN_SWEEP_INTERVAL_MS } from '../../jobs/durable-run.ts';
import type { Queue } from '../../jobs/queue.ts';
import { BRAND_SCAN_QUEUE, BRAND_SCAN_QUEUE_OPTIONS } from './brand-scan.queue.ts';
import { setScanJob, type BrandScanRow } from './brand-scan.repository.ts';
import { brandScanRunStore, MAX_SCAN_ATTEMPTS, RETRY_DELAY_MS, runBrandScan, TOO_MANY_ATTEMPTS_MESSAGE } from './brand-scan.runner.ts';

export { UNEXPECTED_SCAN_ERROR } from './brand-scan.runner.ts';

/**
 * The durable runs of each queue instance's brand-scan worker (a process, or a test's app): the scans it runs and its
 * sweeper's timer. Created with the worker (onStart); a stopped worker's are replaced when a worker starts again.
 */
const brandWorkers = new WeakMap<Queue, DurableRuns<BrandScanRow>>();

function createBrandScanRuns(deps: AppDeps): DurableRuns<BrandScanRow> {
  return new DurableRuns<BrandScanRow>({
    kind: 'brand scan',
    job: BRAND_SCAN_QUEUE,
    store: brandScanRunStore(deps),
    maxAttempts: MAX_SCAN_ATTEMPTS,
    tooManyAttempts: TOO_MANY_ATTEMPTS_MESSAGE,
    heartbeatMs: RUN_HEARTBEAT_MS,
    staleAfterMs: RUN_STALE_AFTER_MS,
    retryFailuresAfterMs: RETRY_DELAY_MS,
    resend: (scanId, delayMs) => enqueueBrandScan(deps, scanId, delayMs),
    log: deps.log,
  });
}

/** This queue's brand-scan runs; created on first use, and anew once `fresh` or the old ones stopped at a restart. */
function brandScanRuns(deps: AppDeps, queue: Queue, options: { fresh?: boolean } = {}): DurableRuns<BrandScanRow> {
  let runs = brandWorkers.get(queue);
  if (!runs || options.fresh) {
    runs = createBrandScanRuns(deps);
    brandWorkers.set(queue, runs);
  }
  return runs;
}

/** Sends the job that runs (or resumes) a brand scan, and records it on the scan. Harmless when sent twice: one run claims the scan. */
export async function enqueueBrandScan(deps: AppDeps, scanId: string, delayMs?: number): Promise<void> {
  if (!deps.queue) {
    deps.log.warn({ scanId }, 'no job queue in this process; the brand scan waits for a worker');
    return;
  }
  const jobId = await enqueue(deps.queue, brandScanJob, { scanId }, delayMs ? { startAfter: Math.ceil(delayMs / 1000) } : undefined);
  await setScanJob(deps.db, scanId, jobId);
}

/**
 * One attempt of a brand scan: claims the scan row (jobs/durable-run.ts) and runs it from its cursor. A job that
 * arrives once this worker stopped leaves the scan PENDING for the next worker.
 */
export async function handleBrandScanJob(deps: AppDeps, job: Pick<JobRun<{ scanId: string }>, 'data'>): Promise<void> {
  if (!deps.queue) return;
  await runBrandScan(deps, brandScanRuns(deps, deps.queue), job.data.scanId);
}

/**
 * Finds brand scans whose worker died and gives them back to the queue (resumed from their cursor), or ends them as
 * ERROR once they used MAX_SCAN_ATTEMPTS. On PGlite exactly one process owns the database, so at start every
 * PROCESSING scan is an orphan; on PostgreSQL one whose owner's process lease is released or whose heartbeat is
 * older than RUN_STALE_AFTER_MS. At start the jobs of PENDING scans are sent again (a job lost with a crash is replaced).
 */
export async function sweepBrandScans(deps: AppDeps, options: { startup: boolean }): Promise<{ requeued: number; failed: number }> {
  const runs = deps.queue ? brandScanRuns(deps, deps.queue) : createBrandScanRuns(deps);
  return runs.sweep({ everyProcessing: options.startup && deps.db.kind === 'pglite', resendPending: options.startup });
}

/**
 * Graceful shutdown (SIGTERM): takes no new brand-scan jobs, lets every running scan finish its current batch and
 * give the scan back as PENDING (the attempt not counted), and sends their jobs again (resumed from the cursor by the
 * next worker). Returns the scans handed back.
 */
export async function handBackBrandScans(deps: AppDeps, timeoutMs: number): Promise<string[]> {
  const runs = deps.queue ? brandWorkers.get(deps.queue) : undefined;
  runs?.stopSweeper();
  if (deps.queue) await deps.queue.offWork(BRAND_SCAN_QUEUE, { wait: false }).catch(() => undefined);
  return runs ? runs.handBackAll(timeoutMs) : [];
}

/** Stops this process's brand-scan worker as if it died: running scans stay PROCESSING and are resumed by a sweep. */
export async function stopBrandScanWorker(deps: AppDeps): Promise<void> {
  if (deps.queue) brandWorkers.get(deps.queue)?.stop();
  if (deps.queue) await deps.queue.offWork(BRAND_SCAN_QUEUE, { wait: false }).catch(() => undefined);
}

/** Tests: the brand-scan worker of this queue starts again after handBackBrandScans (as a restarted process would). */
export function resumeBrandScansAfterShutdown(deps: AppDeps): void {
  if (deps.queue) brandScanRuns(deps, deps.queue, { fresh: true });
}

/**
 * Runs one brand scan. pg-boss does not retry it (retryLimit 0): the scan row is the durable record (run id as claim
 * token, heartbeat, cursor, attempts; jobs/durable-run.ts); a failed attempt is tried again by sending the job again,
 * and the sweep gives scans whose worker died back to the queue.
 */
export const brandScanJob = defineJob({
  name: BRAND_SCAN_QUEUE,
  payload: z.object({ scanId: z.string() }),
  options: BRAND_SCAN_QUEUE_OPTIONS,
  work: { pollingIntervalSeconds: 1 },
  handler: (deps, job) => handleBrandScanJob(deps, job),
  onStart: async (deps, flags) => {
    const queue = deps.queue;
    if (!flags.worker || !queue) return;
    // Created with the worker: a worker registered again (tests, a restart) starts with fresh state.
    const runs = brandScanRuns(deps, queue, { fresh: true });
    await sweepBrandScans(deps, { startup: true });
    // The embedded database has one process, whose own runs are never orphans while it lives: its start-up sweep is enough.
    if (deps.db.kind === 'postgres') runs.startSweeper(RUN_SWEEP_INTERVAL_MS, () => sweepBrandScans(deps, { startup: false }));
    queue.once('stopped', () => runs.stopSweeper());
  },
});

export const BRAND_ANALYZER_JOBS = [brandScanJob];

/** Creates the brand-scan queue; with `worker`, runs its jobs and resumes scans interrupted by a restart. */
export async function registerBrandAnalyzerJobs(deps: AppDeps, options: { worker: boolean; scheduler?: boolean }): Promise<void> {
  await registerJobDefinitions(deps, [brandScanJob], { worker: options.worker, scheduler: options.scheduler ?? false });
}
