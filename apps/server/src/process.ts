import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from './config/env.ts';
import { openPglite, openPostgres, type DbHandle } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { acquireProcessLease } from './db/process-lease.ts';
import { startProcessHeartbeat } from './db/process-heartbeat.ts';
import { migrate } from './db/migrate.ts';
import { createMailer, type AppDeps } from './deps.ts';
import { startQueue } from './jobs/queue.ts';
import { handBackRunningWork, registerJobs } from './jobs/registry.ts';
import { systemClock } from './lib/clock.ts';
import { loadJwtSecret } from './lib/jwt-secret.ts';
import { createLogger } from './lib/logger.ts';
import { markInUse } from './lib/build-slots.ts';
import { setProcessPhase } from './lib/readiness.ts';
import { startMetricsServer } from './plugins/observability.ts';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin.ts';
import { createMarketDataService } from './modules/market-data/market-data.service.ts';

export interface RunningProcess {
  deps: AppDeps;
  /** What stops serving HTTP (the server's close: no new connections, in-flight requests finish). */
  onClose(fn: () => Promise<unknown>): void;
  close(): Promise<void>;
}

/** A SIGTERM'd process is gone after this long at the latest (within 10 s). */
export const SHUTDOWN_DEADLINE_MS = 9_000;
/** How long running scans get to checkpoint and give their scan back. */
const HAND_BACK_TIMEOUT_MS = 6_000;

/**
 * Shared start-up of the server and worker processes: config, data-dir lock, database, migrations,
 * first admin, job queue and workers, graceful shutdown on SIGINT/SIGTERM.
 *
 * Shutdown: at once the HTTP server stops accepting connections while its in-flight requests finish, and every running
 * scan commits its progress and is handed back (PENDING, its job sent again); then the queue stops, the process lease
 * and the database close. Whatever still hangs after SHUTDOWN_DEADLINE_MS is cut off (exit code 1); scans are safe by
 * then (handed back, or resumed from their last checkpoint like after a crash).
 */
export async function startProcess(options: { worker?: boolean; scheduler?: boolean } = {}): Promise<RunningProcess> {
  // The server bundle this process runs (apps/server/dist-builds/<build>, reached through the link apps/server/dist)
  // loads chunks later on: the next build switches the link, and its clean-up leaves this build (lib/build-slots.ts).
  const unmarkBundle = markInUse(path.dirname(fileURLToPath(import.meta.url)));
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // No valid LOG_LEVEL yet: this one line is written at the default level, in the same format.
    createLogger('info').fatal({ err: (error as Error).message }, 'invalid configuration');
    process.exit(1);
  }
  const log = createLogger(config.LOG_LEVEL);
  const closers: Array<() => Promise<unknown>> = [async () => unmarkBundle()];
  let handle: DbHandle;
  try {
    if (config.DATABASE_URL) {
      handle = await openPostgres(config.DATABASE_URL);
      const lease = await acquireProcessLease(config.DATABASE_URL, log);
      handle.lease = lease;
      closers.push(() => lease.release());
    } else {
      const unlock = lockDataDir(config.DATA_DIR);
      closers.push(async () => unlock());
      handle = await openPglite(path.join(config.DATA_DIR, 'pglite'));
    }
  } catch (error) {
    log.fatal({ err: (error as Error).message }, 'could not open the database');
    process.exit(1);
  }
  closers.unshift(() => handle.close());
  const httpClosers: Array<() => Promise<unknown>> = [];
  let closeStartedAt = 0;
  setProcessPhase('migrating');
  const applied = await migrate(handle.db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const deps: AppDeps = {
    config,
    db: handle.db,
    dbHandle: handle,
    clock: systemClock,
    mailer: createMailer(config, log),
    jwtSecret: loadJwtSecret(config.JWT_SECRET, config.DATA_DIR),
    log,
    marketData: createMarketDataService({ config, db: handle.db, clock: systemClock, log, leaseId: handle.lease?.id ?? null }),
  };
  await bootstrapAdmin(deps);

  const runWorker = options.worker ?? config.RUN_WORKER;
  const runScheduler = options.scheduler ?? config.RUN_SCHEDULER;
  deps.queue = await startQueue(handle, log);
  // Other jobs (a price refresh, housekeeping) get what is left of the deadline to finish; pg-boss then fails them
  // ('pg-boss shut down while active') and their next scheduled run does the work.
  closers.unshift(() => deps.queue!.stop({ graceful: true, timeout: Math.max(1_000, SHUTDOWN_DEADLINE_MS - 1_500 - (Date.now() - closeStartedAt)) }));
  await registerJobs(deps, { worker: runWorker, scheduler: runScheduler });
  // This process in process_heartbeats, for Admin → System; stopped_at is written before the database closes.
  const heartbeat = await startProcessHeartbeat(handle.db, {
    role: options.worker ? 'worker' : runWorker ? 'api+worker' : 'api',
    lease: handle.lease?.id ?? null,
  });
  closers.unshift(() => heartbeat.stop());
  if (config.METRICS_PORT !== undefined) {
    try {
      const metricsServer = await startMetricsServer(deps);
      httpClosers.push(() => metricsServer.close());
    } catch (error) {
      log.fatal({ err: (error as Error).message, port: config.METRICS_PORT }, 'could not serve the metrics');
      process.exit(1);
    }
  }
  setProcessPhase('serving');

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now on, while in-flight requests and running scans finish.
    setProcessPhase('shutting-down');
    closeStartedAt = Date.now();
    const attempt = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (error) {
        log.error({ err: (error as Error).message }, 'error while closing');
      }
    };
    await Promise.all([
      ...httpClosers.map(attempt),
      attempt(async () => {
        if (!runWorker) return;
        const handedBack = await handBackRunningWork(deps, HAND_BACK_TIMEOUT_MS);
        if (handedBack.length) log.info({ scans: handedBack }, 'running scans handed back');
      }),
    ]);
    for (const fn of closers) await attempt(fn);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      const started = Date.now();
      setTimeout(() => {
        log.error({ afterMs: Date.now() - started }, 'shutdown did not finish in time; exiting');
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      void close().then(() => {
        log.info({ afterMs: Date.now() - started }, 'shut down');
        process.exit(0);
      });
    });
  }
  return { deps, onClose: (fn) => httpClosers.push(fn), close };
}
