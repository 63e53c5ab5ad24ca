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
  /** The request that sent the job (jobs/queue.ts carries it in the job's data). */
  reqId?: string;
}
export const jobContext = new AsyncLocalStorage<JobLogContext>();

/** The HTTP request being answered (plugins/observability.ts): lines written for it through any logger carry `reqId`. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** The request id of the work running now: the request's, or that of the request that sent the running job. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId ?? jobContext.getStore()?.reqId;
}

const chindings = pino.symbols.chindingsSym as unknown as string;

/** The fields of the running job and request; Fastify's request logger already binds `reqId` itself. */
function logContext(logger: Logger): object {
  const job = jobContext.getStore();
  const request = requestContext.getStore();
  // A job names the request that sent it (its own reqId wins over any request context around it).
  if (!request || job?.reqId) return job ?? {};
  const bound = (logger as unknown as Record<string, unknown>)[chindings];
  if (typeof bound === 'string' && bound.includes('"reqId":')) return job ?? {};
  return { ...job, reqId: request.reqId };
}

export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Log {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: (_object, _level, logger) => logContext(logger),
    },
    destination,
  );
}

/** For tests and benchmarks: the same logger, writing nothing. */
export function silentLogger(): Log {
  return createLogger('silent');
}
