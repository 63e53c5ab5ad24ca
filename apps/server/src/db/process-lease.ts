import crypto from 'node:crypto';
import pg from 'pg';
import type { Log } from '../lib/logger.ts';

/**
 * Which process owns a running scan, in a form other processes can check on PostgreSQL.
 *
 * Each server or worker process holds a session advisory lock (LEASE_LOCK_CLASS, its lease id) on a connection of its
 * own for as long as it lives. A scan it runs carries that lease id. PostgreSQL drops the lock when the connection
 * ends, and the connection ends with the process (kill -9 included: the kernel closes its socket), so "the lock of this
 * lease is not held" means "the process running this scan is gone", at once, without waiting for a heartbeat to age.
 * The heartbeat stays as the fallback for owners PostgreSQL has not yet seen go (a host that lost its network).
 * The embedded database has one process only and needs no lease.
 */
export const LEASE_LOCK_CLASS = 72_011_002;

/**
 * SQL that is true when the process holding lease `column` no longer lives: no granted advisory lock
 * (LEASE_LOCK_CLASS, lease) in this database. False for a null lease (a row written without one).
 */
export function leaseGoneSql(column: string): string {
  return `(${column} is not null and not exists (
    select 1 from pg_locks l
     where l.locktype = 'advisory' and l.granted and l.objsubid = 2
       and l.classid = ${LEASE_LOCK_CLASS}::oid and l.objid = ${column}::oid
       and l.database = (select oid from pg_database where datname = current_database())))`;
}

export interface ProcessLease {
  readonly id: number;
  release(): Promise<void>;
}

const RECONNECT_MS = 2000;

/** Takes a new lease on a dedicated connection; re-takes the same lease if that connection is lost. */
export async function acquireProcessLease(url: string, log: Log): Promise<ProcessLease> {
  let released = false;
  let client: pg.Client | undefined;
  const connect = async (id: number): Promise<boolean> => {
    const next = new pg.Client({ connectionString: url, application_name: 'dealradar-lease' });
    next.on('error', () => undefined);
    await next.connect();
    const { rows } = await next.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LEASE_LOCK_CLASS, id]);
    if (!rows[0]!.ok) {
      await next.end().catch(() => undefined);
      return false;
    }
    client = next;
    next.once('end', () => {
      if (released) return;
      // Until it is back, other processes may take this process's scans over; its runs then lose them at their
      // next write (every write checks the run's token) and stop.
      log.warn({ lease: id }, 'lost the connection that holds this process lease; reconnecting');
      const retry = () => {
        if (released) return;
        connect(id).then(
          (ok) => (ok ? log.info({ lease: id }, 'process lease taken again') : setTimeout(retry, RECONNECT_MS).unref()),
          () => setTimeout(retry, RECONNECT_MS).unref(),
        );
      };
      setTimeout(retry, RECONNECT_MS).unref();
    });
    return true;
  };
  for (let attempt = 0; ; attempt++) {
    const id = crypto.randomInt(1, 2 ** 31 - 1);
    if (await connect(id)) {
      return {
        id,
        async release() {
          released = true;
          await client?.end().catch(() => undefined);
        },
      };
    }
    if (attempt >= 5) throw new Error('Could not take a process lease on PostgreSQL.');
  }
}
