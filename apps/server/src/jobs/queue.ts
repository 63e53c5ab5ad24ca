import { PgBoss, fromPglite } from 'pg-boss';
import type { DbHandle } from '../db/client.ts';
import { jobContext, type Log } from '../lib/logger.ts';

/**
 * The durable job queue: pg-boss on the same database as the app, embedded (PGlite) or PostgreSQL.
 * Several API/worker processes can share it on PostgreSQL; on PGlite there is exactly one process.
 */
export type Queue = PgBoss;

type Handler = (jobs: Array<{ id: string }>) => Promise<unknown>;

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
    const withContext: Handler = (jobs) => jobContext.run({ job: name, jobId: jobs.map((job) => job.id).join(',') || undefined }, () => handler(jobs));
    return work(name, ...rest, withContext);
  }) as Queue['work'];
  await boss.start();
  return boss;
}
