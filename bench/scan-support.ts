/**
 * What the supplier-scan benchmarks (bench/scan.ts, bench/scan-xlsx.ts) share: the database as a server has it after
 * earlier scans, the upload over HTTP (curl, like a browser) and the server process's memory and CPU from /proc.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openPglite, openPostgres, type DbHandle } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import { createMarketDataService } from '../apps/server/src/modules/market-data/market-data.service.ts';
import { createUser } from '../apps/server/test/factories/users.ts';

export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const silent = silentLogger();

export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Resident set now and at its peak (VmHWM) of a process, in kB; and its CPU seconds (user + system) so far. */
export function processStats(pid: number): { rssKb: number; peakKb: number; cpuSeconds: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM'), cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100 };
}

/** The benchmark's database: PostgreSQL with DATABASE_URL, otherwise the embedded one in `work`. */
export function openDatabase(work: string): Promise<DbHandle> {
  return process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : openPglite(path.join(work, 'pglite'));
}

/** The server's environment for the benchmark's database. */
export function serverEnv(work: string): Record<string, string> {
  return { DATA_DIR: work, JWT_SECRET, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) };
}

/**
 * The database as a server has it after earlier scans: migrated, one PRO user, the market-data cache warm for `gtins`
 * (looked up through the demo provider) and for `others` (codes outside the demo catalogue: "no listing" rows written
 * in bulk).
 */
export async function prepareDatabase(work: string, gtins: string[], others: string[] = []) {
  const config = loadConfig({ DATA_DIR: work, LOG_LEVEL: 'silent', JWT_SECRET });
  const handle = await openDatabase(work);
  await migrate(handle.db);
  const deps = {
    config,
    db: handle.db,
    clock: systemClock,
    log: silent,
    jwtSecret: new TextEncoder().encode(JWT_SECRET),
    marketData: createMarketDataService({ config, db: handle.db, clock: systemClock, log: silent }),
  } as AppDeps;
  for (let i = 0; i < gtins.length; i += 1000) await deps.marketData.lookupListings(gtins.slice(i, i + 1000), 'DE');
  for (let i = 0; i < others.length; i += 50_000) {
    await handle.db.execute(
      `insert into market_listing_cache (market, key_type, key, source, listings, fetched_at, expires_at)
       select 'DE', 'ean', k, 'demo', '[]'::jsonb, now(), now() + interval '24 hours' from unnest($1::text[]) as k
       on conflict (market, key_type, key) do nothing`,
      [others.slice(i, i + 50_000)],
    );
  }
  const user = await createUser(deps, { tier: 'PRO', minRoiThreshold: 0.15 });
  // Statistics as autovacuum would have them by now (right after a bulk warm-up PostgreSQL has none yet).
  if (handle.kind === 'postgres') await handle.db.exec('vacuum analyze');
  await handle.close();
  return user;
}

/** The mapping of the generated supplier files (CSV and XLSX): German headers, as a wholesaler writes them. */
export const SUPPLIER_FIELDS = ['marketId=DE', 'eanColumn=EAN', 'brandColumn=Marke', 'priceColumn=EK netto'];

/** POST /api/supplier-analyzer/start with the file and form fields, over HTTP with curl → status code and body. */
export async function uploadSupplierFile(
  address: string,
  authorization: string,
  file: string,
  mimeType: string,
  fields: string[] = SUPPLIER_FIELDS,
): Promise<{ status: string; body: string }> {
  const out = await promisify(execFile)(
    'curl',
    [
      '-sS',
      '-X',
      'POST',
      '-H',
      `authorization: ${authorization}`,
      ...fields.flatMap((field) => ['-F', field]),
      '-F',
      `file=@${file};type=${mimeType}`,
      '-w',
      '\n%{http_code}',
      `${address}/api/supplier-analyzer/start`,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const cut = out.stdout.lastIndexOf('\n');
  return { body: out.stdout.slice(0, cut), status: out.stdout.slice(cut + 1) };
}
