/**
 * npm run bench:scan-xlsx (also run by npm run bench:scan) — the supplier scan of a ~50 MB XLSX on the real server
 * (the built bundle in a child process, as npm start runs it), on the embedded database or on PostgreSQL with
 * DATABASE_URL: a wholesaler's workbook (title rows above the header, EANs as number cells, unique product names and
 * URLs in a large shared-string table, case prices with a VPE column, a total row) is uploaded over HTTP to
 * POST /api/supplier-analyzer/start and scanned against the warm market-data cache. Prints seconds, rows/s and the
 * server's peak resident memory (goal < 300 MB, like the CSV path), then the time to refuse zip bombs.
 * BENCH_XLSX_BYTES sets the workbook's size (default 50,000,000 bytes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { strToU8 } from 'fflate';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { demoCatalogue } from '../apps/server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { generateSupplierXlsx } from './scan-xlsx-generator.ts';
import { buildServer, startServer, stopServer } from './server.ts';
import { mb, openDatabase, prepareDatabase, processStats, serverEnv, SUPPLIER_FIELDS, uploadSupplierFile } from './scan-support.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TARGET_BYTES = Number(process.env.BENCH_XLSX_BYTES ?? 50_000_000);
const PORT = Number(process.env.BENCH_SCAN_PORT ?? 3192) + 2;

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
  const server = await startServer(PORT, serverEnv(work));
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
    const upload = await uploadSupplierFile(address, authorization, file, XLSX_TYPE, [...SUPPLIER_FIELDS, 'unitsColumn=VPE']);
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
      const refused = await uploadSupplierFile(address, authorization, bombFile, XLSX_TYPE);
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
