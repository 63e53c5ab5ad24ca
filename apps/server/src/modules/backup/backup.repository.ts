import pg from 'pg';
import type { Db } from '../../db/client.ts';

/** The last migration applied (versions sort by their number); null on a database without the bookkeeping table. */
export async function lastMigration(db: Db): Promise<string | null> {
  try {
    const row = await db.maybeOne<{ version: string | null }>('select max(version) as version from schema_migrations');
    return row?.version ?? null;
  } catch {
    return null;
  }
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's version as text (`15.20 (Debian …)`) and its major number (15). */
export function postgresServerVersion(url: string): Promise<{ text: string; major: number }> {
  return withClient(url, async (client) => {
    const row = (await client.query<{ v: string; n: string }>(`select current_setting('server_version') as v, current_setting('server_version_num') as n`))
      .rows[0]!;
    return { text: row.v, major: Math.floor(Number(row.n) / 10000) };
  });
}

/** Whether a PostgreSQL database holds no table, view, sequence or index outside the system schemas. */
export function postgresIsEmpty(url: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_toast%' and s.nspname not like 'pg\\_temp%'`,
    );
    return rows[0]!.n === 0;
  });
}

/**
 * Scans store their upload and supplier list as absolute paths under DATA_DIR: after a restore into another DATA_DIR
 * they are moved to the same place under the new one. Returns the scans changed.
 */
export async function relocateDataPaths(db: Db, from: string, to: string): Promise<number> {
  return db.execute(
    `update scans set
       upload_path = case when left(upload_path, length($1) + 1) = $1 || '/' then $2 || substr(upload_path, length($1) + 1) else upload_path end,
       list_path = case when left(list_path, length($1) + 1) = $1 || '/' then $2 || substr(list_path, length($1) + 1) else list_path end
     where left(upload_path, length($1) + 1) = $1 || '/' or left(list_path, length($1) + 1) = $1 || '/'`,
    [from, to],
  );
}
