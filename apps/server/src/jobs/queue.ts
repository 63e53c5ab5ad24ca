import { PgBoss, fromPglite } from 'pg-boss';
import type { DbHandle } from '../db/client.ts';
import { currentRequestId, jobContext, requestContext, type Log } from '../lib/logger.ts';

/**
 * The durable job queue: pg-boss on the same database as the app, embedded (PGlite) or PostgreSQL.
 * Several API/worker processes can share it on PostgreSQL; on PGlite there is exactly one process.
 */
export type Queue = PgBoss;

type Handler = (jobs: Array<{ id: string; data?: unknown }>) => Promise<unknown>;

/** The key of the job data that carries the id of the request that sent the job (payload schemas strip it). */
export const REQUEST_ID_KEY = 'requestId';

/** The job's data with the running request's id added (an object payload only; the handler's schema drops it). */
function withRequestId(data: unknown): unknown {
  const reqId = currentRequestId();
  if (!reqId || (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data)))) return data;
  return { ...(data as object), [REQUEST_ID_KEY]: reqId };
}

function requestIdOf(jobs: Array<{ data?: unknown }>): string | undefined {
  const data = jobs[0]?.data;
  const id = data && typeof data === 'object' ? (data as Record<string, unknown>)[REQUEST_ID_KEY] : undefined;
  return typeof id === 'string' ? id : undefined;
}

export async function startQueue(handle: DbHandle, log: Log): Promise<Queue> {
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new PgBoss({ schema: 'pgboss', db: fromPglite(handle.pglite), backend: 'pglite' } as never)
      : new PgBoss({ schema: 'pgboss', connectionString: handle.url, max: 4 });
  boss.on('error', (error: unknown) => {
    log.error({ err: error instanceof Error ? error.message : String(error) }, 'job queue error');
  });
  // Every handler runs inside its job's log context: whatever it logs (however deep) carries `job` and `jobId`.
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler;
    // Outside any request context: a fetch that a request's send set off must not lend that request's id to the job.
    const withContext: Handler = (jobs) =>
      requestContext.exit(() =>
        jobContext.run({ job: name, jobId: jobs.map((job) => job.id).join(',') || undefined, reqId: requestIdOf(jobs) }, () => handler(jobs)),
      );
    return work(name, ...rest, withContext);
  }) as Queue['work'];
  // Jobs sent while a request is answered (or by a job a request sent) carry its id, so their log lines name it too.
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  boss.send = ((...args: unknown[]) => {
    if (typeof args[0] === 'string') return send(args[0], withRequestId(args[1]), ...args.slice(2));
    const request = args[0] as { data?: unknown };
    return send({ ...request, data: withRequestId(request.data) }, ...args.slice(1));
  }) as Queue['send'];
  const insert = boss.insert.bind(boss) as (name: string, jobs: Array<{ data?: unknown }>, ...rest: unknown[]) => Promise<unknown>;
  boss.insert = ((name: string, jobs: Array<{ data?: unknown }>, ...rest: unknown[]) =>
    insert(
      name,
      jobs.map((job) => ({ ...job, data: withRequestId(job.data) })),
      ...rest,
    )) as Queue['insert'];
  await boss.start();
  return boss;
}
