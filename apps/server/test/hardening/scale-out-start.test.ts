import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate.ts';
import { buildServerBundle, createPostgresDatabase, killServer, ROOT, startServer, type ServerProcess } from '../server-process.ts';

/**
 * Three processes started at the same moment on one empty PostgreSQL database all come up, and
 * each migration is applied exactly once (by one of them). PostgreSQL only: the embedded database has one process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('scale-out start on one empty PostgreSQL database', () => {
  const bundleDir = path.join(ROOT, '.tmp', `scale-out-server-${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-scale-out-'));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    buildServerBundle(bundleDir);
    database = await createPostgresDatabase();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    await database?.drop();
    fs.rmSync(bundleDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts three servers at once: all answer, every migration is applied once, nothing failed', async () => {
    for (let i = 0; i < 3; i++) {
      servers.push(
        await startServer(bundleDir, {
          DATABASE_URL: database!.url,
          DATA_DIR: path.join(dataDir, `p${i}`),
          WEB_DIST_DIR: path.join(dataDir, 'no-web'),
          RUN_SCHEDULER: i === 0 ? 'true' : 'false',
        }),
      );
    }
    await Promise.all(servers.map((s) => s.waitUntilUp(240_000)));

    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const files = fs
        .readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .map((f) => f.replace(/\.sql$/, ''))
        .sort();
      const rows = (await client.query<{ version: string }>('select version from schema_migrations order by version')).rows;
      expect(rows.map((r) => r.version)).toEqual(files);
      // One process applied them all; the others waited for its lock and found nothing left to do.
      const appliedBy = servers.map((s) =>
        s
          .logs()
          .filter((l) => l.msg === 'migrations applied')
          .flatMap((l) => l.applied as string[]),
      );
      expect(appliedBy.filter((a) => a.length > 0)).toEqual([files]);
      // The lock was released: nobody holds it in this database once all are up (pg_locks lists every database of the
      // server: another test run migrating a database of its own there holds the same key meanwhile).
      const held = await client.query(
        `select 1 from pg_locks where locktype = 'advisory' and objid = 72011001 and granted and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(held.rowCount).toBe(0);
      const admins = await client.query(`select count(*)::int as n from users where username = 'admin'`);
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
    for (const server of servers) {
      const failures = server.logs().filter((l) => l.level === 'fatal' || l.level === 'error');
      expect(failures, server.output()).toEqual([]);
    }
  }, 300_000);
});
