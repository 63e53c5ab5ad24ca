import type { Db } from '../../db/client.ts';

/** How many migrations the database has applied (the query also proves it answers). */
export async function countAppliedMigrations(db: Db): Promise<number> {
  return (await db.one<{ migrations: number }>('select count(*)::int as migrations from schema_migrations')).migrations;
}
