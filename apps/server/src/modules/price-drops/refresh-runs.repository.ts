import type { Db } from '../../db/client.ts';
import { leaseGoneSql } from '../../db/process-lease.ts';
import type { ApplyCounts } from './snapshot.repository.ts';

/**
 * Refresh runs: each row is the durable record of one refresh (jobs/durable-run.ts: claim token, heartbeat, attempts,
 * checkpoint). The partial unique index on the unfinished statuses is the lock that keeps a second refresh (another
 * worker, `npm run prices:refresh`, an admin's click) from starting while one is pending or running.
 */
export interface RefreshRunRow {
  /** bigint, as text: the durable-run helper keys runs by string ids. */
  id: string;
  trigger: string;
  status: 'pending' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  checkpoint: 'applied' | null;
  compared_at: Date | null;
  variants: number | null;
  new_products: number | null;
  price_changes: number | null;
  drops_created: number | null;
  drops_updated: number | null;
  drops_removed: number | null;
  drops_expired: number | null;
}

const RUN_COLUMNS = `id::text as id, trigger, status, attempts, checkpoint, compared_at, variants, new_products, price_changes,
  drops_created, drops_updated, drops_removed, drops_expired`;

/** A running refresh whose owner is gone: silent since `staleBefore`, or (PostgreSQL) its process lease is released. */
const ownerGone = (staleBefore: string) => `(heartbeat_at is null or heartbeat_at < ${staleBefore} or ${leaseGoneSql('owner_lease')})`;

/** The unfinished refresh (a new pending one for `trigger` when there is none): its id. */
export async function openRun(db: Db, trigger: string, now: Date): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const created = await db.maybeOne<{ id: string }>(
      `insert into price_refresh_runs (trigger, status, started_at) values ($1, 'pending', $2) on conflict do nothing returning id::text as id`,
      [trigger, now],
    );
    if (created) return created.id;
    const unfinished = await db.maybeOne<{ id: string }>(`select id::text as id from price_refresh_runs where status in ('pending', 'running')`);
    if (unfinished) return unfinished.id;
    if (attempt >= 3) throw new Error('Could not open a price refresh run.');
    // It ended between the two statements: try again.
  }
}

/** Makes `token` (of the process holding `lease`) the owner of a pending run, or of a running one whose owner is gone; counts the attempt. */
export function claimRun(db: Db, id: string, token: string, heartbeat: Date, staleBefore: Date, lease: number | null): Promise<RefreshRunRow | undefined> {
  return db.maybeOne<RefreshRunRow>(
    `update price_refresh_runs set status = 'running', worker_token = $2, heartbeat_at = $3, attempts = attempts + 1, owner_lease = $5
      where id = $1::bigint and (status = 'pending' or (status = 'running' and ${ownerGone('$4')}))
      returning ${RUN_COLUMNS}`,
    [id, token, heartbeat, staleBefore, lease],
  );
}

/** The heartbeat; false when the run no longer owns the row (taken over, ended). */
export async function touchRun(db: Db, id: string, token: string, heartbeat: Date): Promise<boolean> {
  const n = await db.execute(`update price_refresh_runs set heartbeat_at = $3 where id = $1::bigint and worker_token = $2 and status = 'running'`, [
    id,
    token,
    heartbeat,
  ]);
  return n === 1;
}

/** The pg-boss job that runs this attempt (failed by the sweep if its process dies). */
export async function setRunJob(db: Db, id: string, token: string, jobId: string | null): Promise<void> {
  await db.execute(`update price_refresh_runs set job_id = $3 where id = $1::bigint and worker_token = $2`, [id, token, jobId]);
}

/** The job of a pending run that its last owner left behind (cleared: it is dealt with once). */
export async function takeLeftJob(db: Db, id: string): Promise<string | null> {
  const row = await db.maybeOne<{ job_id: string }>(
    `update price_refresh_runs r set job_id = null from (select id, job_id from price_refresh_runs where id = $1::bigint and status = 'pending' and job_id is not null for update) old
      where r.id = old.id returning old.job_id`,
    [id],
  );
  return row?.job_id ?? null;
}

/** Graceful shutdown: pending again with its checkpoint, the attempt not counted, its finished job forgotten. */
export async function handBackRun(db: Db, id: string, token: string): Promise<boolean> {
  const n = await db.execute(
    `update price_refresh_runs set status = 'pending', worker_token = null, owner_lease = null, job_id = null, attempts = greatest(attempts - 1, 0)
      where id = $1::bigint and worker_token = $2 and status = 'running'`,
    [id, token],
  );
  return n === 1;
}

/**
 * The snapshot of the run at `comparedAt` is stored: its counts and the checkpoint, in the transaction that stored
 * them. False when the run no longer owns the row (the caller rolls the transaction back).
 */
export async function saveApplied(db: Db, id: string, token: string, comparedAt: Date, counts: ApplyCounts): Promise<boolean> {
  const n = await db.execute(
    `update price_refresh_runs set checkpoint = 'applied', compared_at = $3, variants = $4, new_products = $5, price_changes = $6,
            drops_created = $7, drops_updated = $8, drops_removed = $9, drops_expired = $10
      where id = $1::bigint and worker_token = $2 and status = 'running'`,
    [
      id,
      token,
      comparedAt,
      counts.variants,
      counts.newProducts,
      counts.priceChanges,
      counts.dropsCreated,
      counts.dropsUpdated,
      counts.dropsRemoved,
      counts.dropsExpired,
    ],
  );
  return n === 1;
}

export async function finishRun(db: Db, id: string, token: string, finishedAt: Date): Promise<boolean> {
  const n = await db.execute(
    `update price_refresh_runs set status = 'succeeded', finished_at = $3, worker_token = null
      where id = $1::bigint and worker_token = $2 and status = 'running'`,
    [id, token, finishedAt],
  );
  return n === 1;
}

/** Ends an unfinished run as failed with its error (token null: whoever owns it; the sweep). */
export async function failRun(db: Db, id: string, token: string | null, finishedAt: Date, error: string): Promise<boolean> {
  const n = await db.execute(
    `update price_refresh_runs set status = 'failed', finished_at = $3, error = $4, worker_token = null
      where id = $1::bigint and ($2::uuid is null or worker_token = $2::uuid) and status in ('pending', 'running')`,
    [id, token, finishedAt, error.slice(0, 1000)],
  );
  return n === 1;
}

/** Running refreshes whose owner is gone (every running one when `staleBefore` is null: the embedded database at start). */
export function findOrphanedRuns(db: Db, staleBefore: Date | null): Promise<RefreshRunRow[]> {
  return db.query<RefreshRunRow>(`select ${RUN_COLUMNS} from price_refresh_runs where status = 'running' and ($1::timestamptz is null or ${ownerGone('$1')})`, [
    staleBefore,
  ]);
}

/** An orphaned run back to pending, for the next claim (its checkpoint and dead job stay). */
export async function requeueRun(db: Db, id: string): Promise<boolean> {
  const n = await db.execute(
    `update price_refresh_runs set status = 'pending', worker_token = null, owner_lease = null where id = $1::bigint and status = 'running'`,
    [id],
  );
  return n === 1;
}

export function findPendingRuns(db: Db): Promise<Array<{ id: string }>> {
  return db.query(`select id::text as id from price_refresh_runs where status = 'pending'`);
}

export async function lastSucceededRun(db: Db): Promise<{ finishedAt: Date } | undefined> {
  return db.maybeOne(`select finished_at as "finishedAt" from price_refresh_runs where status = 'succeeded' order by finished_at desc limit 1`);
}

/** Whether any refresh was ever started on this database (a fresh install has none). */
export async function hasAnyRun(db: Db): Promise<boolean> {
  const row = await db.maybeOne<{ any: boolean }>(`select exists (select 1 from price_refresh_runs) as any`);
  return row?.any ?? false;
}

/** A refresh is unfinished: running, or pending (handed back or interrupted, about to be resumed). */
export async function isRunning(db: Db): Promise<boolean> {
  const row = await db.maybeOne<{ running: boolean }>(`select exists (select 1 from price_refresh_runs where status in ('pending', 'running')) as running`);
  return row?.running ?? false;
}

/** Id of the last finished refresh (0 before the first): changes whenever the drops do. */
export async function lastRunId(db: Db): Promise<number> {
  return (await db.one<{ id: number }>(`select coalesce(max(id), 0)::int as id from price_refresh_runs where status in ('succeeded', 'failed')`)).id;
}
