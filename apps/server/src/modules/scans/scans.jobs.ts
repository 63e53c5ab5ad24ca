import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defineJob, enqueue, NO_PAYLOAD, registerJobDefinitions, type RunFlags } from '../../jobs/define-job.ts';
import { abortAllLocalScans, localScanCount, MAX_ATTEMPTS, runScan, STALE_AFTER_MS, takeHandedBackScans } from './scan-engine.ts';
import { removeUpload } from './scan-files.ts';
import * as repo from './scans.repository.ts';

export const SCAN_QUEUE = 'scans-run';
export const SCAN_CLEANUP_QUEUE = 'scans-cleanup';
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often a worker looks for scans whose owner is gone (another process that died; PostgreSQL). */
const SWEEP_INTERVAL_MS = 10_000;

/** The scan worker of this process per queue, woken at once for a scan started here (instead of its next poll). */
const localScanWorkers = new WeakMap<NonNullable<AppDeps['queue']>, string>();

/** Sends the job that runs a scan. Harmless when sent twice: only one run can claim the scan row. */
export async function enqueueScan(deps: AppDeps, scanId: string): Promise<void> {
  if (!deps.queue) {
    deps.log.warn({ scanId }, 'no job queue in this process; the scan waits for a worker');
    return;
  }
  await enqueue(deps.queue, scanRunJob, { scanId });
  const localWorker = localScanWorkers.get(deps.queue);
  if (localWorker) deps.queue.notifyWorker(localWorker);
}

/**
 * Finds scans whose worker died and gives them back to the queue (or ends them after MAX_ATTEMPTS).
 * On PGlite exactly one process owns the database, so at start-up every PROCESSING scan is an orphan;
 * on PostgreSQL a scan is an orphan when the lease of the process running it is released (the process is gone,
 * db/process-lease.ts) or its heartbeat is older than STALE_AFTER_MS.
 * PENDING scans get their job re-sent (a job lost with a crash is replaced; duplicates are no-ops).
 */
export async function sweepScans(deps: AppDeps, options: { startup: boolean }): Promise<{ requeued: number; failed: number }> {
  const everyProcessing = options.startup && deps.db.kind === 'pglite';
  const orphans = await repo.findOrphanedScans(deps.db, everyProcessing ? null : new Date(Date.now() - STALE_AFTER_MS));
  let requeued = 0;
  let failed = 0;
  const now = deps.clock.now();
  for (const scan of orphans) {
    if (scan.attempts >= MAX_ATTEMPTS) {
      const ok = await repo.finishScan(deps.db, scan.id, null, {
        status: 'ERROR',
        error: `The scan was interrupted ${MAX_ATTEMPTS} times (the server stopped while it ran) and was ended. Please start it again.`,
        now,
      });
      if (ok) {
        failed += 1;
        removeUpload(scan.upload_path);
      }
      continue;
    }
    if (await repo.requeueScan(deps.db, scan.id, now)) {
      requeued += 1;
      deps.log.info({ scanId: scan.id, checkpoint: scan.checkpoint }, 'resuming an interrupted scan');
    }
  }
  if (options.startup || requeued) {
    for (const scan of await repo.findPendingScans(deps.db)) await enqueueScan(deps, scan.id);
  }
  return { requeued, failed };
}

/** Removes ended scans 24 h after they ended and deals 24 h after they were found (answers already hide them). */
export async function cleanupExpiredScans(deps: AppDeps): Promise<{ scans: number; results: number }> {
  const now = deps.clock.now();
  const results = await repo.deleteExpiredResults(deps.db, now);
  const scans = await repo.deleteEndedScans(deps.db, new Date(now.getTime() - RETENTION_MS));
  return { scans, results };
}

/** Stops this process's scan worker as if it died: running scans stay PROCESSING and are resumed by the next sweep. */
export async function stopScanWorker(deps: AppDeps): Promise<void> {
  stopSweeper();
  abortAllLocalScans();
  if (deps.queue) await deps.queue.offWork(SCAN_QUEUE).catch(() => undefined);
}

/**
 * Graceful shutdown (SIGTERM): takes no new scan jobs, lets every running scan commit what it finished and give
 * the scan back as PENDING, and sends their jobs again (another worker, or this one after its restart, resumes them
 * from the checkpoint). Returns the scans handed back.
 */
export async function handBackScans(deps: AppDeps, timeoutMs: number): Promise<string[]> {
  stopSweeper();
  if (deps.queue) await deps.queue.offWork(SCAN_QUEUE, { wait: false }).catch(() => undefined);
  abortAllLocalScans({ handBack: true });
  const deadline = Date.now() + timeoutMs;
  while (localScanCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const ids = takeHandedBackScans();
  for (const scanId of ids) if (deps.queue) await enqueue(deps.queue, scanRunJob, { scanId });
  return ids;
}

let sweeper: NodeJS.Timeout | undefined;
function stopSweeper(): void {
  if (sweeper) clearInterval(sweeper);
  sweeper = undefined;
}

/**
 * Runs one supplier / CSV Template scan. pg-boss does not retry it (retryLimit 0): the scan row is the durable
 * record (claim token, heartbeat, checkpoint, attempts), and the sweep gives interrupted scans back to the queue.
 */
export const scanRunJob = defineJob({
  name: SCAN_QUEUE,
  payload: z.object({ scanId: z.string() }),
  options: { retryLimit: 0, expireInSeconds: 6 * 60 * 60 },
  // One scan at a time per process on PGlite (it shares the main thread with HTTP); two on PostgreSQL.
  work: (deps) => ({ localConcurrency: deps.db.kind === 'pglite' ? 1 : 2, pollingIntervalSeconds: 0.5 }),
  handler: (deps, job) => runScan(deps, job.data.scanId),
  onStart: async (deps, flags) => {
    const queue = deps.queue;
    if (!flags.workerId || !queue) return;
    localScanWorkers.set(queue, flags.workerId);
    await sweepScans(deps, { startup: true });
    stopSweeper();
    sweeper = setInterval(() => {
      sweepScans(deps, { startup: false }).catch((error: unknown) => deps.log.error({ err: (error as Error).message }, 'scan sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    queue.once('stopped', stopSweeper);
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
