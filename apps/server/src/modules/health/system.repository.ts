import type { Db } from '../../db/client.ts';
import { leaseGoneSql } from '../../db/process-lease.ts';

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
 * waiting yet), its running jobs, the age in seconds of its oldest waiting job, and its jobs failed in the last 24 hours. Read from pg-boss's own tables;
 * none when the queue's schema is not installed (an API process that never started the queue).
 */
export async function readQueueDepths(db: Db): Promise<Array<{ name: string; waiting: number; active: number; oldest: number | null; failed24h: number }>> {
  const installed = await db.one<{ present: boolean }>(`select to_regclass('pgboss.queue') is not null as present`);
  if (!installed.present) return [];
  return db.query(
    `select q.name,
            count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as waiting,
            count(j.id) filter (where j.state = 'active')::int as active,
            extract(epoch from now() - min(j.created_on) filter (where j.state in ('created', 'retry') and j.start_after <= now()))::float8 as oldest,
            count(j.id) filter (where j.state = 'failed')::int as failed24h
       from pgboss.queue q left join pgboss.job j on j.name = q.name
        and (j.state in ('created', 'retry', 'active') or (j.state = 'failed' and coalesce(j.completed_on, j.created_on) > now() - interval '24 hours'))
      group by q.name order by q.name`,
  );
}

/** The last finished price refresh: its outcome, how long it took, and how many variants changed price. */
export function lastFinishedRefresh(
  db: Db,
): Promise<
  { status: 'succeeded' | 'failed'; duration: number | null; changed: number | null; finished_at: Date; trigger: string; error: string | null } | undefined
> {
  return db.maybeOne(
    `select status, trigger, error, extract(epoch from finished_at - started_at)::float8 as duration, price_changes as changed, finished_at
       from price_refresh_runs where status in ('succeeded', 'failed') and finished_at is not null
      order by finished_at desc limit 1`,
  );
}

/** Processes that wrote a heartbeat in the last 24 hours, newest first; alive = not stopped and a heartbeat within `aliveSeconds`. */
export function recentProcesses(
  db: Db,
  aliveSeconds: number,
): Promise<
  Array<{
    id: string;
    role: string;
    version: string;
    host: string;
    pid: number;
    lease: number | null;
    started_at: Date;
    heartbeat_at: Date;
    stopped_at: Date | null;
    alive: boolean;
  }>
> {
  return db.query(
    `select id::text, role, version, host, pid, lease, started_at, heartbeat_at, stopped_at,
            (stopped_at is null and heartbeat_at > now() - make_interval(secs => $1)) as alive
       from process_heartbeats
      where heartbeat_at > now() - interval '24 hours'
      order by heartbeat_at desc limit 50`,
    [aliveSeconds],
  );
}

/**
 * Running durable runs (supplier / CSV Template scans, brand scans, price refreshes) with their owner process (by its
 * lease, PostgreSQL) and whether they are stuck: the same "owner gone" test the claim and the sweep use (no heartbeat
 * for `staleSeconds`, or the owner's process lease released).
 */
export function runningDurableRuns(
  db: Db,
  staleSeconds: number,
): Promise<
  Array<{
    kind: 'scan' | 'brand scan' | 'price refresh';
    id: string;
    label: string;
    attempts: number;
    heartbeat_at: Date | null;
    owner_lease: number | null;
    owner_id: string | null;
    owner_role: string | null;
    owner_host: string | null;
    owner_pid: number | null;
    stuck: boolean;
  }>
> {
  const stuck = `(r.heartbeat_at is null or r.heartbeat_at < now() - make_interval(secs => $1) or ${leaseGoneSql('r.owner_lease')})`;
  return db.query(
    `with r as (
       select 'scan' as kind, id::text as id, kind || ': ' || file_name as label, attempts, heartbeat_at, owner_lease from scans where status = 'PROCESSING'
       union all
       select 'brand scan', id::text, 'brands: ' || array_to_string(brands, ', '), attempts, heartbeat_at, owner_lease from brand_scans where status = 'PROCESSING'
       union all
       select 'price refresh', id::text, 'price refresh (' || trigger || ')', attempts, heartbeat_at, owner_lease from price_refresh_runs where status = 'running'
     )
     select r.kind, r.id, r.label, r.attempts, r.heartbeat_at, r.owner_lease,
            p.id::text as owner_id, p.role as owner_role, p.host as owner_host, p.pid as owner_pid, ${stuck} as stuck
       from r left join lateral (
         select * from process_heartbeats h where h.lease = r.owner_lease order by h.started_at desc limit 1
       ) p on true
      order by ${stuck} desc, r.heartbeat_at nulls first
      limit 100`,
    [staleSeconds],
  );
}

/**
 * The Keepa account as the last Keepa answer a scan committed said (tokens left, refill per minute, when), and the
 * scans waiting for tokens with the earliest moment one of them continues.
 */
export async function keepaTokenFigures(db: Db): Promise<{
  last: { tokens_left: number; refill_rate: number | null; at: Date } | undefined;
  waiting: { count: number; next_at: Date | null };
}> {
  const last = await db.maybeOne<{ tokens_left: number; refill_rate: number | null; at: Date }>(
    `select tokens_left, token_refill_rate::float8 as refill_rate, updated_at as at from scans
      where tokens_left is not null order by updated_at desc limit 1`,
  );
  const waiting = await db.one<{ count: number; next_at: Date | null }>(
    `select count(*)::int as count, min(token_wait_until) as next_at from scans where status = 'PROCESSING' and token_wait_until > now()`,
  );
  return { last, waiting };
}

/** Alert and scan-finished messages that failed (after their last try) and were created in the last 24 hours, newest first. */
export async function failedDeliveries(
  db: Db,
  limit: number,
): Promise<{
  count: number;
  rows: Array<{
    id: string;
    channel: 'email' | 'webhook';
    kind: string;
    target: string | null;
    error: string | null;
    attempts: number;
    created_at: Date;
    user_email: string | null;
  }>;
}> {
  const since = `d.status = 'failed' and d.created_at > now() - interval '24 hours'`;
  const { count } = await db.one<{ count: number }>(`select count(*)::int as count from alert_deliveries d where ${since}`);
  const rows = await db.query<{
    id: string;
    channel: 'email' | 'webhook';
    kind: string;
    target: string | null;
    error: string | null;
    attempts: number;
    created_at: Date;
    user_email: string | null;
  }>(
    `select d.id::text, d.channel, d.kind, d.target, d.error, d.attempts, d.created_at, u.email as user_email
       from alert_deliveries d left join users u on u.id = d.user_id
      where ${since}
      order by d.created_at desc, d.id desc limit $1`,
    [limit],
  );
  return { count, rows };
}

/** The database's size and its largest tables (a partitioned table counted with its partitions, indexes and TOAST included). */
export async function databaseSize(db: Db, tables: number): Promise<{ bytes: number; tables: Array<{ name: string; bytes: number }> }> {
  const { bytes } = await db.one<{ bytes: number }>(`select pg_database_size(current_database())::float8 as bytes`);
  const rows = await db.query<{ name: string; bytes: number }>(
    `select coalesce(pn.nspname || '.' || p.relname, n.nspname || '.' || c.relname) as name, sum(pg_total_relation_size(c.oid))::float8 as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_inherits i on i.inhrelid = c.oid
       left join pg_class p on p.oid = i.inhparent left join pg_namespace pn on pn.oid = p.relnamespace
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      group by 1 order by 2 desc, 1 limit $1`,
    [tables],
  );
  return { bytes, tables: rows };
}
