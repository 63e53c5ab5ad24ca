import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import type { AppDeps } from '../src/deps.ts';
import { startQueue } from '../src/jobs/queue.ts';
import { registerJobs } from '../src/jobs/registry.ts';
import { TestClock } from '../src/lib/clock.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { MemoryMailer } from '../src/lib/mail/mailer.ts';
import { createMarketDataService } from '../src/modules/market-data/market-data.service.ts';
import { openTestDatabase } from './db-template.ts';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  mailer: MemoryMailer;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Start pg-boss and the job workers (scans, refreshes). Off by default: most API tests need no queue. */
  withQueue?: boolean;
  clock?: TestClock;
  /** The logger (default: silent). */
  log?: AppDeps['log'];
  /** Serve the built web app from WEB_DIST_DIR (env) as production does. Off by default. */
  serveWeb?: boolean;
}

const silentLog = silentLogger();

/** The app exactly as production registers it, on a fresh real database, with a memory mailer and a test clock. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const handle = await openTestDatabase();
  const config: Config = loadConfig({
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/dealradar-test-data`,
    APP_URL: 'http://app.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    ...options.env,
  });
  const mailer = new MemoryMailer();
  const clock = options.clock ?? new TestClock();
  const deps: AppDeps = {
    config,
    db: handle.db,
    dbHandle: handle,
    clock,
    mailer,
    jwtSecret: new TextEncoder().encode(config.JWT_SECRET),
    log: options.log ?? silentLog,
    marketData: createMarketDataService({ config, db: handle.db, clock, log: options.log ?? silentLog }),
  };
  if (options.withQueue) {
    deps.queue = await startQueue(handle, deps.log);
    await registerJobs(deps, { worker: true, scheduler: false });
  }
  // Every JSON answer of the API tests is checked against its contract (plugins/contract-routes.ts).
  const app = await buildApp(deps, { serveWeb: options.serveWeb ?? false, checkResponses: true });
  await app.ready();
  return {
    app,
    deps,
    mailer,
    clock,
    async close() {
      await app.close();
      if (deps.queue) await deps.queue.stop({ graceful: false, timeout: 2000 });
      await handle.close();
    },
  };
}
