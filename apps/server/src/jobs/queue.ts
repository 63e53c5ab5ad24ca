import { PgBoss, fromPglite } from 'pg-boss';
import type { DbHandle } from '../db/client.ts';
import { currentRequestId, jobContext, requestContext, type Log } from '../lib/logger.ts';

/** The key of the job data that carries the id of the request that sent the job (payload schemas strip it). */
export const REQUEST_ID_KEY = 'requestId';

type Handler = (jobs: Array<{ id: string; data?: unknown }>) => Promise<unknown>;

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

/**
 * The durable job queue: pg-boss on the same database as the app, embedded (PGlite) or PostgreSQL. Several API/worker
 * processes can share it on PostgreSQL; on PGlite there is exactly one process.
 * It adds the app's log context to pg-boss: every handler runs inside its job's context (whatever it logs, however
 * deep, carries `job` and `jobId`), and jobs sent while a request is answered (or by a job a request sent) carry the
 * request's id, so their log lines name it too.
 */
export class Queue extends PgBoss {
  override work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler;
    // Outside any request context: a fetch that a request's send set off must not lend that request's id to the job.
    const withContext: Handler = (jobs) =>
      requestContext.exit(() =>
        jobContext.run({ job: name, jobId: jobs.map((job) => job.id).join(',') || undefined, reqId: requestIdOf(jobs) }, () => handler(jobs)),
      );
    return (super.work as (name: string, ...rest: unknown[]) => Promise<string>).call(this, name, ...rest, withContext);
  }) as PgBoss['work'];

  override send = ((...args: unknown[]) => {
    const send = (...sent: unknown[]) => (super.send as (...args: unknown[]) => Promise<string | null>).call(this, ...sent);
    if (typeof args[0] === 'string') return send(args[0], withRequestId(args[1]), ...args.slice(2));
    const request = args[0] as { data?: unknown };
    return send({ ...request, data: withRequestId(request.data) }, ...args.slice(1));
  }) as PgBoss['send'];

  override insert = ((name: string, jobs: Array<{ data?: unknown }>, ...rest: unknown[]) =>
    (super.insert as (name: string, jobs: unknown[], ...rest: unknown[]) => Promise<unknown>).call(
      this,
      name,
      jobs.map((job) => ({ ...job, data: withRequestId(job.data) })),
      ...rest,
    )) as PgBoss['insert'];
}

export async function startQueue(handle: DbHandle, log: Log): Promise<Queue> {
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new Queue({ schema: 'pgboss', db: fromPglite(handle.pglite), backend: 'pglite' } as never)
      : new Queue({ schema: 'pgboss', connectionString: handle.url, max: 4 });
  boss.on('error', (error: unknown) => {
    log.error({ err: error instanceof Error ? error.message : String(error) }, 'job queue error');
  });
  await boss.start();
  return boss;
}
