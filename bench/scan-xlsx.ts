/**
 * npm run bench:scan-xlsx (also run by npm run bench:scan) — the supplier scan of a ~50 MB XLSX on the real server
 * (the built bundle in a child process, as npm start runs it), on the embedded database or on PostgreSQL with
 * DATABASE_URL: a wholesaler's workbook (title rows above the header, EANs as number cells, unique product names and
 * URLs in a large shared-string table, case prices with a VPE column, a total row) is uploaded over HTTP to
 * POST /api/supplier-analyzer/start and scanned against the warm market-data cache. Prints seconds, rows/s and the
 * server's peak resident memory (goal < 300 MB, like the CSV path), then the time to refuse zip bombs.
 * BENCH_XLSX_BYTES sets the workbook's size (default 50,000,000 bytes).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { strToU8 } from 'fflate';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openPglite, openPostgres, type DbHandle } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import { createMarketDataService } from '../apps/server/src/modules/market-data/market-data.service.ts';
import { demoCatalogue } from '../apps/server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { createUser } from '../apps/server/test/factories/users.ts';
import { generateSupplierXlsx } from './scan-xlsx-generator.ts';
import { buildServer, startServer, stopServer } from './server.ts';

const TARGET_BYTES = Number(process.env.BENCH_XLSX_BYTES ?? 50_000_000);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const PORT = Number(process.env.BENCH_SCAN_PORT ?? 3192) + 2;
const silent = silentLogger();
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Resident set now and at its peak (VmHWM) of a process, in kB; and its CPU seconds so far. */
function processStats(pid: number): { rssKb: number; peakKb: number; cpuSeconds: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM'), cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100 };
}

async function openDatabase(work: string): Promise<DbHandle> {
  return process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : openPglite(path.join(work, 'pglite'));
}

/** Migrated, one PRO user, the market-data cache warm for the demo catalogue (as after earlier scans). */
async function prepareDatabase(work: string, gtins: string[]) {
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
  const user = await createUser(deps, { tier: 'PRO', minRoiThreshold: 0.15 });
  if (handle.kind === 'postgres') await handle.db.exec('vacuum analyze');
  await handle.close();
  return user;
}

async function uploadXlsx(address: string, authorization: string, file: string, fields: string[]): Promise<{ status: string; body: string }> {
  const form = fields.flatMap((f) => ['-F', f]);
  const out = await promisify(execFile)(
    'curl',
    [
      '-sS',
      '-X',
      'POST',
      '-H',
      `authorization: ${authorization}`,
      ...form,
      '-F',
      `file=@${file};type=application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`,
      '-w',
      '\n%{http_code}',
      `${address}/api/supplier-analyzer/start`,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const cut = out.stdout.lastIndexOf('\n');
  return { body: out.stdout.slice(0, cut), status: out.stdout.slice(cut + 1) };
}

/** A workbook whose sheet is ~40 MB of XML packed ~1,000:1; `declared` rewrites the size its directory claims. */
function zipBomb(declared?: number): Uint8Array {
  const filler = 'x'.repeat(30_000);
  const bytes = buildXlsx([{ name: 'S', rows: [['EAN', 'Marke', 'EK netto'], ...Array.from({ length: 1300 }, () => [filler])] }], {
    inlineStrings: true,
    level: 9,
  });
  if (declared !== undefined) {
    const name = strToU8('xl/worksheets/sheet1.xml');
    for (let i = 0; i < bytes.length - 46; i += 1) {
      if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x01 && bytes[i + 3] === 0x02 && name.every((b, k) => bytes[i + 46 + k] === b)) {
        new DataView(bytes.buffer).setUint32(i + 24, declared, true);
      }
    }
  }
  return bytes;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scan-xlsx-'));
  const file = path.join(work, 'supplier-50mb.xlsx');
  const catalogue = demoCatalogue();
  const gtins = catalogue.variants.map((v) => v.gtin);
  const brandOf = new Map(catalogue.variants.map((v) => [v.gtin, v.brand]));
  let t = performance.now();
  const generated = await generateSupplierXlsx(file, { targetBytes: TARGET_BYTES, catalogueGtins: gtins, brandOf: (g) => brandOf.get(g)! });
  console.log(
    `generated an XLSX of ${generated.rows.toLocaleString('en-US')} rows, ${generated.bytes.toLocaleString('en-US')} bytes ` +
      `(${(generated.uncompressedBytes / 1e6).toFixed(0)} MB of XML) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  t = performance.now();
  const user = await prepareDatabase(work, gtins);
  console.log(`prepared the database and warmed the cache for ${gtins.length} EANs in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  buildServer();
  const server = await startServer(PORT, { DATA_DIR: work, JWT_SECRET, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
  const pid = server.pid!;
  const address = `http://127.0.0.1:${PORT}`;
  const authorization = user.headers.authorization;
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idle = processStats(pid);
    let peakRssKb = idle.rssKb;
    const sampler = setInterval(() => {
      peakRssKb = Math.max(peakRssKb, processStats(pid).rssKb);
    }, 20);
    const started = performance.now();
    const upload = await uploadXlsx(address, authorization, file, [
      'marketId=DE',
      'eanColumn=EAN',
      'brandColumn=Marke',
      'priceColumn=EK netto',
      'unitsColumn=VPE',
    ]);
    if (upload.status !== '200') throw new Error(`start failed: ${upload.status} ${upload.body}`);
    const accepted = performance.now();
    const answer = JSON.parse(upload.body) as { scanId: string; totalEans: number };
    type Status = {
      status: string;
      error?: string;
      report: { rowsRead: number; invalidRows: number; duplicateRows: number; matchedProducts: number; issuesStored: number; skippedLines: unknown[] };
    };
    let status: Status;
    for (;;) {
      status = (await (await fetch(`${address}/api/supplier-analyzer/${answer.scanId}/status`, { headers: { authorization } })).json()) as Status;
      if (status.status === 'COMPLETED' || status.status === 'ERROR') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    clearInterval(sampler);
    const after = processStats(pid);
    peakRssKb = Math.max(peakRssKb, after.rssKb);
    if (status.status !== 'COMPLETED') throw new Error(`scan ended ${status.status}: ${status.error}`);
    const cpuSeconds = after.cpuSeconds - idle.cpuSeconds;

    // Zip bombs: an honest one (its directory declares the ~40 MB it unpacks to, far over 100:1) and a lying one
    // (it declares 900 KB and unpacks to more): both refused with a sentence.
    const bombs: string[] = [];
    for (const [label, bytes] of [
      ['declared ~1,000:1', zipBomb()],
      ['declares 900 KB, unpacks to 40 MB', zipBomb(900_000)],
    ] as const) {
      const bombFile = path.join(work, 'bomb.xlsx');
      fs.writeFileSync(bombFile, bytes);
      const b0 = performance.now();
      const refused = await uploadXlsx(address, authorization, bombFile, ['marketId=DE', 'eanColumn=EAN', 'brandColumn=Marke', 'priceColumn=EK netto']);
      const ms = performance.now() - b0;
      if (refused.status !== '400') throw new Error(`the zip bomb was not refused: ${refused.status} ${refused.body}`);
      bombs.push(
        `${label} (${bytes.length.toLocaleString('en-US')} bytes): ${ms.toFixed(0)} ms, "${(JSON.parse(refused.body) as { error: string }).error.slice(0, 60)}…"`,
      );
    }
    await stopServer(server);

    const handle = await openDatabase(work);
    const row = await handle.db.one<{ started_at: Date; completed_at: Date; created_at: Date }>(
      'select created_at, started_at, completed_at from scans where id = $1',
      [answer.scanId],
    );
    const kind = handle.kind;
    await handle.close();
    const workerSeconds = (row.completed_at.getTime() - row.started_at.getTime()) / 1000;
    const totalSeconds = (accepted - started) / 1000 + (row.completed_at.getTime() - row.created_at.getTime()) / 1000;
    console.log(`database: ${kind}`);
    console.log(
      `XLSX rows: ${status.report.rowsRead.toLocaleString('en-US')} (distinct valid EANs ${answer.totalEans}, invalid rows ${status.report.invalidRows.toLocaleString('en-US')}, ` +
        `duplicate rows ${status.report.duplicateRows.toLocaleString('en-US')}, skipped lines ${status.report.skippedLines.length}), matched ${status.report.matchedProducts}, issues stored ${status.report.issuesStored.toLocaleString('en-US')}`,
    );
    console.log(
      `XLSX upload + parse + plan (HTTP answer): ${((accepted - started) / 1000).toFixed(2)} s; worker (issues stored, look-up, profit, deals): ${workerSeconds.toFixed(2)} s`,
    );
    console.log(
      `XLSX whole scan: ${totalSeconds.toFixed(2)} s, ${Math.round(status.report.rowsRead / totalSeconds).toLocaleString('en-US')} rows/s; server CPU ${cpuSeconds.toFixed(2)} s; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(
      `XLSX server peak memory: resident ${mb(peakRssKb)} during the scan (idle before it ${mb(idle.rssKb)}; peak since start ${mb(after.peakKb)}) (goal < 300 MB)`,
    );
    for (const line of bombs) console.log(`zip bomb refused: ${line}`);
  } finally {
    await stopServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
