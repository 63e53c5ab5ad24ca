import path from 'node:path';
import type { Config } from './config/env.ts';
import type { Db, DbHandle } from './db/client.ts';
import type { Queue } from './jobs/queue.ts';
import type { Clock } from './lib/clock.ts';
import type { Log } from './lib/logger.ts';
import type { MarketDataService } from './modules/market-data/market-data.types.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mail/mailer.ts';

/**
 * Everything a service may depend on, built once per process (and per test app).
 * Modules add their own fields here; services take what they need from it explicitly.
 */
export interface AppDeps {
  config: Config;
  db: Db;
  dbHandle: DbHandle;
  clock: Clock;
  mailer: Mailer;
  jwtSecret: Uint8Array;
  /** Amazon and wholesale data (demo, Keepa, Qogita) with the shared cache. */
  marketData: MarketDataService;
  /** Started by main.ts / worker.ts / tests that need background jobs; absent otherwise. */
  queue?: Queue;
  /** The process's one logger (lib/logger.ts); Fastify logs requests through it too. */
  log: Log;
}

export function createMailer(config: Config, log: { info(obj: object, msg?: string): void }): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, { info: (o, m) => log.info(o, m) });
}
