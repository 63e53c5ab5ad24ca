import path from 'node:path';
import { loadConfig, type Config } from './config/env.ts';
import { openPglite, openPostgres, type DbHandle } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { createMailer, type AppDeps } from './deps.ts';
import { startQueue } from './jobs/queue.ts';
import { registerJobs } from './jobs/registry.ts';
import { systemClock } from './lib/clock.ts';
import { loadJwtSecret } from './lib/jwt-secret.ts';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin.ts';
import { createMarketDataService } from './modules/market-data/market-data.service.ts';

export interface RunningProcess {
  deps: AppDeps;
  onClose(fn: () => Promise<unknown>): void;
  close(): Promise<void>;
}

function consoleLog(level: Config['LOG_LEVEL']): AppDeps['log'] {
  const silent = level === 'silent';
  const line = (kind: string) => (obj: object, msg?: string) => {
    if (!silent) console.log(JSON.stringify({ level: kind, time: new Date().toISOString(), msg, ...obj }));
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

/**
 * Shared start-up of the server and worker processes: config, data-dir lock, database, migrations,
 * first admin, job queue and workers, graceful shutdown on SIGINT/SIGTERM.
 */
export async function startProcess(options: { worker?: boolean; scheduler?: boolean } = {}): Promise<RunningProcess> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = consoleLog(config.LOG_LEVEL);
  const closers: Array<() => Promise<unknown>> = [];
  let handle: DbHandle;
  try {
    if (config.DATABASE_URL) {
      handle = await openPostgres(config.DATABASE_URL);
    } else {
      const unlock = lockDataDir(config.DATA_DIR);
      closers.push(async () => unlock());
      handle = await openPglite(path.join(config.DATA_DIR, 'pglite'));
    }
  } catch (error) {
    console.error(`Could not open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  closers.unshift(() => handle.close());
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
    marketData: createMarketDataService({ config, db: handle.db, clock: systemClock, log }),
  };
  await bootstrapAdmin(deps);

  const runWorker = options.worker ?? config.RUN_WORKER;
  const runScheduler = options.scheduler ?? config.RUN_SCHEDULER;
  deps.queue = await startQueue(handle);
  closers.unshift(() => deps.queue!.stop({ graceful: true, timeout: 10_000 }));
  await registerJobs(deps, { worker: runWorker, scheduler: runScheduler });

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    for (const fn of closers) {
      try {
        await fn();
      } catch (error) {
        log.error({ err: (error as Error).message }, 'error while closing');
      }
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      void close().then(() => process.exit(0));
    });
  }
  return { deps, onClose: (fn) => closers.unshift(fn), close };
}
