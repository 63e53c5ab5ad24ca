import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DbHandle } from '../src/db/client.ts';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate.ts';

function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function snapshotPath(): string {
  return path.join(os.tmpdir(), 'dealradar-test-templates', `pglite-${migrationsHash()}.tar.gz`);
}

export async function ensurePgliteSnapshot(): Promise<string> {
  const file = snapshotPath();
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const handle = await openPglite();
  await migrate(handle.db);
  const blob = await handle.pglite!.dumpDataDir('gzip');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, file);
  await handle.close();
  return file;
}

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default,
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const file = await ensurePgliteSnapshot();
    const handle = await openPglite(undefined, new Blob([fs.readFileSync(file)]));
    await migrate(handle.db);
    return handle;
  }
  const name = `dealradar_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  await migrate(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
