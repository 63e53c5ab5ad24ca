import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

/** Next to this module: src/db/migrations from source; dist/migrations in the build (apps/server/build.ts copies them). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The session advisory lock held while migrations run on PostgreSQL (readiness looks for it too). */
export const MIGRATION_LOCK_KEY = 72_011_001;

/**
 * Applies the numbered SQL files of db/migrations in order, each once, each in its own transaction. Forward only.
 * On PostgreSQL several processes may start at once (scale-out): the first takes a session advisory lock and the
 * others wait for it. Lock, bookkeeping table, migrations and unlock all run on one dedicated connection (a pooled
 * query may land on another connection, where the unlock does nothing and the lock stays held).
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}[a-z]?_[\w-]+\.sql$/.test(f))
    .sort();
  return db.session(async (conn) => {
    if (conn.kind === 'postgres') await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await conn.exec(`create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())`);
      const applied = new Set((await conn.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
      const done: string[] = [];
      for (const file of files) {
        const version = file.replace(/\.sql$/, '');
        if (applied.has(version)) continue;
        const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        await conn.tx(async (tx) => {
          await tx.exec(sql);
          await tx.query('insert into schema_migrations (version) values ($1)', [version]);
        });
        done.push(version);
      }
      return done;
    } finally {
      if (conn.kind === 'postgres') await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
