import type { Db } from '../../db/client.ts';

/** Scans by kind and state: supplier and CSV Template scans (`scans`) and brand scans (`brand_scans`, kind `brand`). */
export function countScansByState(db: Db): Promise<Array<{ kind: 'supplier' | 'csv_template' | 'brand'; state: string; count: number }>> {
  return db.query(
    `select kind, status as state, count(*)::int as count from scans group by kind, status
     union all
     select 'brand', status, count(*)::int from brand_scans group by status`,
  );
}

/**
 * Every pg-boss queue with its waiting jobs (created or retry whose start time has come: a delayed retry is not
 * waiting yet), its running jobs, and the age in seconds of its oldest waiting job. Read from pg-boss's own tables;
 * none when the queue's schema is not installed (an API process that never started the queue).
 */
export async function readQueueDepths(db: Db): Promise<Array<{ name: string; waiting: number; active: number; oldest: number | null }>> {
  const installed = await db.one<{ present: boolean }>(`select to_regclass('pgboss.queue') is not null as present`);
  if (!installed.present) return [];
  return db.query(
    `select q.name,
            count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as waiting,
            count(j.id) filter (where j.state = 'active')::int as active,
            extract(epoch from now() - min(j.created_on) filter (where j.state in ('created', 'retry') and j.start_after <= now()))::float8 as oldest
       from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
      group by q.name order by q.name`,
  );
}

/** The last finished price refresh: its outcome, how long it took, and how many variants changed price. */
export function lastFinishedRefresh(
  db: Db,
): Promise<{ status: 'succeeded' | 'failed'; duration: number | null; changed: number | null; finished_at: Date } | undefined> {
  return db.maybeOne(
    `select status, extract(epoch from finished_at - started_at)::float8 as duration, price_changes as changed, finished_at
       from price_refresh_runs where status in ('succeeded', 'failed') and finished_at is not null
      order by finished_at desc limit 1`,
  );
}
