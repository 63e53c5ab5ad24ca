import type { Db } from '../../db/client.ts';
import { MIGRATION_LOCK_KEY } from '../../db/migrate.ts';

/** How many migrations the database has applied (the query also proves it answers). */
export async function countAppliedMigrations(db: Db): Promise<number> {
  return (await db.one<{ migrations: number }>('select count(*)::int as migrations from schema_migrations')).migrations;
}

/**
 * PostgreSQL: whether a process (this one or another sharing the database) holds the migration lock right now, i.e.
 * migrations are being applied (this also proves the database answers). A one-argument advisory lock shows in pg_locks as objid (low 32 bits), objsubid 1.
 */
export async function migrationRunning(db: Db): Promise<boolean> {
  // The embedded database has one process, whose migrations end before it serves: the query only proves it answers.
  if (db.kind !== 'postgres') return (await db.one<{ running: boolean }>('select false as running')).running;
  const row = await db.one<{ running: boolean }>(
    `select exists (select 1 from pg_locks where locktype = 'advisory' and granted and classid = 0 and objid = $1 and objsubid = 1
                      and database = (select oid from pg_database where datname = current_database())) as running`,
    [MIGRATION_LOCK_KEY],
  );
  return row.running;
}
