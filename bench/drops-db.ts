import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type DbHandle } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

/** A throwaway migrated database for a benchmark: PGlite in a temp dir, or a new database on BENCH_DATABASE_URL. */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function openBenchDb(kind: 'pglite' | 'postgres', serverUrl = BENCH_PG_URL): Promise<DbHandle & { dropAll(): Promise<void>; location: string }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-bench-'));
    const handle = await openPglite(path.join(dir, 'pglite'));
    await migrate(handle.db);
    return { ...handle, location: path.join(dir, 'pglite'), dropAll: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `dealradar_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 10);
  await migrate(handle.db);
  return {
    ...handle,
    location: url.toString(),
    async dropAll() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: BENCH_PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
