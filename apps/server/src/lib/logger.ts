import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/env.ts';

/**
 * The one logger of every server process (API, worker, jobs, queue, migrations, CLI): pino, one JSON line per event,
 * `{"level":"info","time":"<ISO>","pid":…,"hostname":…,"msg":…}`. Fastify uses the same instance (`loggerInstance`),
 * so request lines carry `reqId`; lines written while a background job runs carry `job` and `jobId` (jobContext).
 * `npm run dev` pipes the lines through pino-pretty for people; production writes the JSON as is.
 */
export type Log = Logger;

/** What a job handler is working on: every log line written inside it (however deep) carries these fields. */
export interface JobLogContext {
  job: string;
  jobId?: string;
}
export const jobContext = new AsyncLocalStorage<JobLogContext>();

export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Log {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => jobContext.getStore() ?? {},
    },
    destination,
  );
}

/** For tests and benchmarks: the same logger, writing nothing. */
export function silentLogger(): Log {
  return createLogger('silent');
}
