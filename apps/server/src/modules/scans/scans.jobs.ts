import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, enqueue, NO_PAYLOAD, registerJobDefinitions, type RunFlags } from '../../jobs/define-job.ts';
import { DurableRuns, RUN_HEARTBEAT_MS, RUN_STALE_AFTER_MS, RUN_SWEEP_INTERVAL_MS, RunStopped } from '../../jobs/durable-run.ts';
import type { Queue } from '../../jobs/queue.ts';
import { MAX_ATTEMPTS, runScan, scanRunStore, TOO_MANY_ATTEMPTS } from './scan-engine.ts';
import type { ScanRow } from './scans.repository.ts';
import { cleanupSupplierLists } from './supplier-list-lifecycle.ts';
import * as repo from './scans.repository.ts';
import * as resultsRepo from './scan-results.repository.ts';

export const SCAN_QUEUE = 'scans-run';
export const SCAN_CLEANUP_QUEUE = 'scans-cleanup';
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * How often a worker asks whether a scan it runs was cancelled or deleted by a request another process served:
 * the request writes the outcome; this process stops the run within this time, also while it waits for
 * Keepa tokens and commits nothing.
 */
export const CANCEL_CHECK_MS = 2_000;

/**
 * The scan worker of each queue instance (a process, or a test's app): its pg-boss worker id (woken at once for a
 * scan started here instead of its next poll) and its durable runs (the scans it runs, the sweeper's timer).
 */
const scanWorkers = new WeakMap<Queue, { workerId?: string; runs: DurableRuns<ScanRow>; watched?: CancelWatch }>();

/** The scans this worker runs, checked every CANCEL_CHECK_MS for a cancel or delete written by any process. */
interface CancelWatch {
  ids: Set<string>;
  timer?: NodeJS.Timeout;
}

/**
 * Watches a scan while this worker runs it: once a request (served here or by another process) cancelled or deleted
 * it, the run is aborted (RunStopped: the outcome is already written). Returns the function that ends the watch.
 */
function watchForCancel(deps: AppDeps, local: { runs: DurableRuns<ScanRow>; watched?: CancelWatch }, scanId: string): () => void {
  const watch = (local.watched ??= { ids: new Set() });
  watch.ids.add(scanId);
  if (!watch.timer) {
    watch.timer = setInterval(() => {
      repo
        .stoppedScanIds(deps.db, [...watch.ids])
        .then((stopped) => {
          for (const id of stopped) local.runs.abort(id, new RunStopped('canceled'));
        })
        .catch(() => undefined);
    }, CANCEL_CHECK_MS);
    watch.timer.unref();
  }
  return () => {
    watch.ids.delete(scanId);
    if (watch.ids.size === 0 && watch.timer) {
      clearInterval(watch.timer);
      watch.timer = undefined;
    }
  };
}

/** The durable runs of this queue's scan worker; a stopped worker's are replaced by new ones. */
function activeScanWorker(deps: AppDeps, queue: Queue): { workerId?: string; runs: DurableRuns<ScanRow>; watched?: CancelWatch } {
  let local = scanWorkers.get(queue);
  if (!local || local.runs.stopped) {
    local = { runs: createScanRuns(deps) };
    scanWorkers.set(queue, local);
  }
  return local;
}

function createScanRuns(deps: AppDeps): DurableRuns<ScanRow> {
  return new DurableRuns<ScanRow>({
    kind: 'scan',
    job: SCAN_QUEUE,
    store: scanRunStore(deps),
    maxAttempts: MAX_ATTEMPTS,
    tooManyAttempts: TOO_MANY_ATTEMPTS,
    heartbeatMs: RUN_HEARTBEAT_MS,
    staleAfterMs: RUN_STALE_AFTER_MS,
    resend: (scanId) => enqueueScan(deps, scanId),
    log: deps.log,
  });
}

/** Sends the job that runs a scan. Harmless when sent twice: only one run can claim the scan row. */
export async function enqueueScan(deps: AppDeps, scanId: string): Promise<void> {
  if (!deps.queue) {
    deps.log.warn({ scanId }, 'no job queue in this process; the scan waits for a worker');
    return;
  }
  await enqueue(deps.queue, scanRunJob, { scanId });
  const local = scanWorkers.get(deps.queue);
  if (local?.workerId && !local.runs.stopped) deps.queue.notifyWorker(local.workerId);
}

/** Scans running in this process's scan worker (0 without one). */
export function localScanCount(deps: Pick<AppDeps, 'queue'>): number {
  return deps.queue ? (scanWorkers.get(deps.queue)?.runs.count ?? 0) : 0;
}

/** Cancel or delete: stops the scan at once if this process runs it (the request already wrote the outcome). */
export function abortLocalScan(deps: Pick<AppDeps, 'queue'>, scanId: string): void {
  if (deps.queue) scanWorkers.get(deps.queue)?.runs.abort(scanId, new RunStopped('canceled'));
}

/**
 * Finds scans whose worker died and gives them back to the queue (or ends them after MAX_ATTEMPTS).
 * On PGlite exactly one process owns the database, so at start-up every PROCESSING scan is an orphan;
 * on PostgreSQL a scan is an orphan when the lease of the process running it is released (the process is gone,
 * db/process-lease.ts) or its heartbeat is older than RUN_STALE_AFTER_MS.
 * PENDING scans get their job re-sent (a job lost with a crash is replaced; duplicates are no-ops).
 */
export async function sweepScans(deps: AppDeps, options: { startup: boolean }): Promise<{ requeued: number; failed: number }> {
  const runs = (deps.queue && scanWorkers.get(deps.queue)?.runs) ?? createScanRuns(deps);
  return runs.sweep({ everyProcessing: options.startup && deps.db.kind === 'pglite', resendPending: options.startup });
}

/**
 * Removes ended scans 24 h after they ended and deals 24 h after they were found (answers already hide them); a
 * supplier scan keeping its list lives until the plan's retention of lists has passed (supplier-list-lifecycle.ts).
 */
export async function cleanupExpiredScans(deps: AppDeps): Promise<{ scans: number; results: number; lists: number }> {
  const now = deps.clock.now();
  const results = await resultsRepo.deleteExpiredResults(deps.db, now);
  const scans = await repo.deleteEndedScans(deps.db, new Date(now.getTime() - RETENTION_MS));
  const { lists } = await cleanupSupplierLists(deps);
  return { scans, results, lists };
}

/** Stops this process's scan worker as if it died: running scans stay PROCESSING and are resumed by the next sweep. */
export async function stopScanWorker(deps: AppDeps): Promise<void> {
  if (deps.queue) scanWorkers.get(deps.queue)?.runs.stop();
  if (deps.queue) await deps.queue.offWork(SCAN_QUEUE).catch(() => undefined);
}

/**
 * Graceful shutdown (SIGTERM): takes no new scan jobs, lets every running scan commit what it finished and give
 * the scan back as PENDING, and sends their jobs again (another worker, or this one after its restart, resumes them
 * from the checkpoint). Returns the scans handed back.
 */
export async function handBackScans(deps: AppDeps, timeoutMs: number): Promise<string[]> {
  const local = deps.queue ? scanWorkers.get(deps.queue) : undefined;
  local?.runs.stopSweeper();
  if (deps.queue) await deps.queue.offWork(SCAN_QUEUE, { wait: false }).catch(() => undefined);
  return local ? local.runs.handBackAll(timeoutMs) : [];
}

/**
 * Runs one supplier / CSV Template scan. pg-boss does not retry it (retryLimit 0): the scan row is the durable
 * record (claim token, heartbeat, checkpoint, attempts; jobs/durable-run.ts), and the sweep gives interrupted scans
 * back to the queue.
 */
export const scanRunJob = defineJob({
  name: SCAN_QUEUE,
  payload: z.object({ scanId: z.string() }),
  options: { retryLimit: 0, expireInSeconds: 6 * 60 * 60 },
  // One scan at a time per process on PGlite (it shares the main thread with HTTP); two on PostgreSQL.
  work: (deps) => ({ localConcurrency: deps.db.kind === 'pglite' ? 1 : 2, pollingIntervalSeconds: 0.5 }),
  handler: async (deps, job) => {
    if (!deps.queue) return;
    const local = activeScanWorker(deps, deps.queue);
    const unwatch = watchForCancel(deps, local, job.data.scanId);
    try {
      await runScan(deps, local.runs, job.data.scanId);
    } finally {
      unwatch();
    }
  },
  onStart: async (deps, flags) => {
    const queue = deps.queue;
    if (!flags.workerId || !queue) return;
    // Created with the worker: a worker registered again (tests, after stopScanWorker) starts with fresh state.
    const local = activeScanWorker(deps, queue);
    local.workerId = flags.workerId;
    const runs = local.runs;
    await sweepScans(deps, { startup: true });
    runs.startSweeper(RUN_SWEEP_INTERVAL_MS, () => sweepScans(deps, { startup: false }));
    queue.once('stopped', () => runs.stopSweeper());
  },
});

export const scanCleanupJob = defineJob({
  name: SCAN_CLEANUP_QUEUE,
  payload: NO_PAYLOAD,
  options: { retryLimit: 0 },
  schedule: [{ cron: '17 * * * *' }],
  handler: async (deps) => {
    await cleanupExpiredScans(deps);
  },
});

export const SCAN_JOBS = [scanRunJob, scanCleanupJob];

export async function registerScanJobs(deps: AppDeps, options: RunFlags): Promise<void> {
  await registerJobDefinitions(deps, SCAN_JOBS, options);
}
