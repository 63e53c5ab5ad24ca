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
  // Uncompressed (about 40 MB): a gzipped copy took a third more CPU to open, once per test file.
  return path.join(os.tmpdir(), 'dealradar-test-templates', `pglite-${migrationsHash()}.tar`);
}

/** The snapshot's bytes, read once per worker process (test files share it: vitest's isolate: false). */
let pgliteSnapshot: Blob | undefined;

export async function ensurePgliteSnapshot(): Promise<string> {
  const file = snapshotPath();
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const handle = await openPglite();
  await migrate(handle.db);
  const blob = await handle.pglite!.dumpDataDir('none');
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, file);
  await handle.close();
  return file;
}

/** The name of the migrated template database of the current migrations (one per set of migrations on a server). */
function postgresTemplateName(): string {
  return `dealradar_template_${migrationsHash()}`;
}

const TEMPLATE_LOCK_KEY = 72_011_002;
let postgresTemplate: Promise<string> | undefined;

/**
 * Migrates a template database once per set of migrations on the PostgreSQL server of `adminUrl`; each test file's
 * database is a copy of it (CREATE DATABASE … TEMPLATE: about 0.1 s instead of about 1 s for the migrations). Marked a
 * template only once fully migrated, so a run that died half-way leaves one that the next run drops and builds again.
 * An advisory lock keeps two runs on one server from building it at the same time.
 */
export function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = postgresTemplateName();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const { rows } = await admin.query<{ datistemplate: boolean }>('select datistemplate from pg_database where datname = $1', [name]);
      if (!rows[0]?.datistemplate) {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.query(`create database ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const handle = await openPostgres(url.toString(), 1);
        try {
          await migrate(handle.db);
        } finally {
          await handle.close();
        }
        await admin.query(`alter database ${name} is_template true`);
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
      await admin.end();
    }
  })();
  postgresTemplate.catch(() => (postgresTemplate = undefined));
  return postgresTemplate;
}

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default, or a copy of the template
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped on close). Either way `migrate` runs on it as the
 * server does at start, and finds nothing left to do.
 */
export async function openTestDatabase(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    pgliteSnapshot ??= new Blob([fs.readFileSync(await ensurePgliteSnapshot())]);
    const handle = await openPglite(undefined, pgliteSnapshot);
    await migrate(handle.db);
    return handle;
  }
  const template = await ensurePostgresTemplate(adminUrl);
  const name = `dealradar_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
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
