import { PgBoss, fromPglite } from 'pg-boss';
import type { DbHandle } from '../db/client.ts';

/**
 * The durable job queue: pg-boss on the same database as the app, embedded (PGlite) or PostgreSQL.
 * Several API/worker processes can share it on PostgreSQL; on PGlite there is exactly one process.
 */
export type Queue = PgBoss;

export async function startQueue(handle: DbHandle): Promise<Queue> {
  const boss =
    handle.kind === 'pglite' && handle.pglite
      ? new PgBoss({ schema: 'pgboss', db: fromPglite(handle.pglite), backend: 'pglite' } as never)
      : new PgBoss({ schema: 'pgboss', connectionString: handle.url, max: 4 });
  boss.on('error', (error: unknown) => {
    console.error('[queue]', error instanceof Error ? error.message : error);
  });
  await boss.start();
  return boss;
}
