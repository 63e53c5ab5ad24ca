import type { Db } from '../../db/client.ts';

/** What autovacuum does on a server: reclaim dead rows and refresh planner statistics, for every table. */
export async function vacuumAnalyzeAll(db: Db): Promise<void> {
  await db.exec('vacuum analyze');
}

/** Rows the planner believes a table has; -1 while the table was never vacuumed or analyzed (PostgreSQL 14+). */
export async function plannerRowEstimate(db: Db, table: string): Promise<number> {
  return (await db.one<{ n: number }>(`select reltuples::float8 as n from pg_class where oid = to_regclass($1)`, [table])).n;
}
