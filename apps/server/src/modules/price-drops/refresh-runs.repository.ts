import type { Db } from '../../db/client.ts';
import type { ApplyCounts } from './snapshot.repository.ts';

/**
 * Refresh runs. The partial unique index on status = 'running' is the lock that keeps a second refresh
 * (another worker, `npm run prices:refresh`, an admin's click) from starting while one runs.
 */
export interface RefreshRun {
  id: number;
  trigger: string;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: Date;
  finishedAt: Date | null;
}

/** Takes the lock: the new run's id, or null when another refresh is running. Runs older than `staleBefore` count as crashed. */
export async function startRun(db: Db, trigger: string, now: Date, staleBefore: Date): Promise<number | null> {
  await db.execute(
    `update price_refresh_runs set status = 'failed', finished_at = $1, error = 'The refresh stopped without finishing (process ended).'
      where status = 'running' and started_at < $2`,
    [now, staleBefore],
  );
  const row = await db.maybeOne<{ id: number }>(
    `insert into price_refresh_runs (trigger, status, started_at) values ($1, 'running', $2)
     on conflict do nothing returning id`,
    [trigger, now],
  );
  return row?.id ?? null;
}

export async function finishRun(db: Db, id: number, finishedAt: Date, counts: ApplyCounts): Promise<void> {
  await db.execute(
    `update price_refresh_runs set status = 'succeeded', finished_at = $2, variants = $3, drops_created = $4,
            drops_updated = $5, drops_removed = $6, drops_expired = $7 where id = $1`,
    [id, finishedAt, counts.variants, counts.dropsCreated, counts.dropsUpdated, counts.dropsRemoved, counts.dropsExpired],
  );
}

export async function failRun(db: Db, id: number, finishedAt: Date, error: string): Promise<void> {
  await db.execute(`update price_refresh_runs set status = 'failed', finished_at = $2, error = $3 where id = $1`, [id, finishedAt, error.slice(0, 1000)]);
}

export async function lastSucceededRun(db: Db): Promise<{ finishedAt: Date } | undefined> {
  return db.maybeOne(`select finished_at as "finishedAt" from price_refresh_runs where status = 'succeeded' order by finished_at desc limit 1`);
}

/** Whether any refresh was ever started on this database (a fresh install has none). */
export async function hasAnyRun(db: Db): Promise<boolean> {
  const row = await db.maybeOne<{ any: boolean }>(`select exists (select 1 from price_refresh_runs) as any`);
  return row?.any ?? false;
}

export async function isRunning(db: Db): Promise<boolean> {
  const row = await db.maybeOne<{ running: boolean }>(`select exists (select 1 from price_refresh_runs where status = 'running') as running`);
  return row?.running ?? false;
}

/** Id of the last finished refresh (0 before the first): changes whenever the drops do. */
export async function lastRunId(db: Db): Promise<number> {
  return (await db.one<{ id: number }>(`select coalesce(max(id), 0)::int as id from price_refresh_runs where status <> 'running'`)).id;
}
