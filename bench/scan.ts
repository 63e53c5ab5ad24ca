/**
 * npm run bench:scan — the whole supplier scan path, measured on the real server (apps/server/src/main.ts in a child
 * process, as `npm start` runs it) on the embedded database, or on PostgreSQL with DATABASE_URL: a ~50 MB supplier
 * file is uploaded over HTTP (curl, like a browser) to POST /api/supplier-analyzer/start (streamed to disk, parsed,
 * normalized, plan reservation), then the pg-boss worker looks the EANs up in the warm market-data cache, computes
 * profit and stores the deals. Prints rows/s, total seconds, the server's peak memory (resident set, read from /proc),
 * the fastest plain CSV parse of the same file in this run, and the p95 of the screen's status poll during the scan.
 *
 * Issue 12: two shapes in one run, side by side — `typical` (the file's EANs from the 7,066-EAN demo catalogue: a few
 * thousand distinct EANs) and `large` (BENCH_SCAN_LARGE_SHARE of the rows, default 0.75, are other products, each
 * once: about 800,000 distinct EANs) — both with the cache warm, each against the plain parse of its own file; then the
 * Keepa tokens per new EAN of a cold scan of a typical 3,000-EAN list (10–20 % candidates) and of its warm repeat.
 * BENCH_SCAN_SHAPES=typical,large,tokens picks what runs. After each shape, the database's floors: the bare index probes
 * of the file's distinct EANs in the cache, in batches of MAX_LISTED_PER_BATCH (probeFloor), and the set-wise look-up
 * (bench/scan-floor.ts: every key sent in bulk and joined once), against the scan's own look-up phase (its server log
 * line) and the whole scan against the plain parse plus the set-wise floor. The machine's load is printed with each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { inferSchema, initParser } from 'udsv';
import type { Db } from '../apps/server/src/db/client.ts';
import { demoCatalogue } from '../apps/server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { MAX_LISTED_PER_BATCH } from '../apps/server/src/modules/scans/scan-engine.ts';
import { generateSupplierFile } from './scan-file-generator.ts';
import { describeFloor, setWiseFloor, type FloorMeasure } from './scan-floor.ts';
import { buildServer, startServer, stopServer } from './server.ts';
import { mb, openDatabase, prepareDatabase, processStats, serverEnv, uploadSupplierFile } from './scan-support.ts';

const TARGET_BYTES = Number(process.env.BENCH_SCAN_BYTES ?? 52_000_000);
const LARGE_SHARE = Number(process.env.BENCH_SCAN_LARGE_SHARE ?? process.env.BENCH_SCAN_OTHER_SHARE ?? 0.75);
const SHAPES = (process.env.BENCH_SCAN_SHAPES ?? 'typical,large,tokens').split(',').map((s) => s.trim());
const PORT = Number(process.env.BENCH_SCAN_PORT ?? 3192);
/** The screen polls every 2 s; the benchmark sends the same requests every 100 ms to sample the whole (short) scan. */
const POLL_EVERY_MS = 100;

/** The database as a server has it after earlier scans, and the time the cache warm-up took. */
async function prepareWarmDatabase(work: string, gtins: string[], others: string[] = []) {
  const t = performance.now();
  const user = await prepareDatabase(work, gtins, others);
  console.log(`warmed the market-data cache for ${gtins.length + others.length} EANs in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return user;
}

/** The fastest plain CSV parse of the same file (udsv, whole file in memory; best of 3) and its CPU time. */
function plainParse(file: string, expectedRows: number): { seconds: number; cpuSeconds: number } {
  let best = Number.POSITIVE_INFINITY;
  let cpuBest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i += 1) {
    const t = performance.now();
    const cpu0 = process.cpuUsage();
    const text = fs.readFileSync(file, 'utf8');
    const rows = initParser(inferSchema(text.slice(0, 65536), { col: ';' })).stringArrs(text);
    best = Math.min(best, performance.now() - t);
    const cpu = process.cpuUsage(cpu0);
    cpuBest = Math.min(cpuBest, (cpu.user + cpu.system) / 1e6);
    if (rows.length < expectedRows * 0.99) throw new Error(`udsv read ${rows.length} rows`);
  }
  return { seconds: best / 1000, cpuSeconds: cpuBest };
}

interface ShapeResult {
  shape: string;
  distinctEans: number;
  rows: number;
  totalSeconds: number;
  parseSeconds: number;
  peakMb: number;
  pollP95: number;
  database: string;
  probeSeconds: number;
  floor: FloorMeasure;
  lookupSeconds: number | null;
  load: number;
}

/** The scan's phase timings from the server's 'scan completed' log line (wall milliseconds). */
function scanTimings(logFile: string, scanId: string): Record<string, number> | null {
  if (!fs.existsSync(logFile)) return null;
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n').reverse()) {
    if (!line.includes(scanId) || !line.includes('"scan completed"')) continue;
    return JSON.parse(line) as Record<string, number>;
  }
  return null;
}

/**
 * The bare index probes of the scan's distinct EANs in the cache, in batches of MAX_LISTED_PER_BATCH keys (the batch
 * size of a typical list), counting the fresh entries (nothing returned, no JSON, no JavaScript per key).
 */
async function probeFloor(db: Db, keys: string[]): Promise<{ seconds: number; cpuSeconds: number; found: number }> {
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  let found = 0;
  const now = new Date();
  for (let i = 0; i < keys.length; i += MAX_LISTED_PER_BATCH) {
    const row = await db.one<{ n: number }>(
      `select count(*)::int as n from market_listing_cache
        where market = 'DE' and key_type = 'ean' and key = any(string_to_array($1, ',')) and expires_at > $2`,
      [keys.slice(i, i + MAX_LISTED_PER_BATCH).join(','), now],
    );
    found += row.n;
  }
  const cpu = process.cpuUsage(cpu0);
  return { seconds: (performance.now() - t) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, found };
}

async function measureShape(shape: string, otherShare: number): Promise<ShapeResult> {
  console.log(`\n== ${shape}: ${otherShare > 0 ? `${otherShare} of the rows other products, each once` : 'EANs from the demo catalogue'} ==`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scan-'));
  const file = path.join(work, 'supplier-50mb.csv');
  const catalogue = demoCatalogue();
  const gtins = catalogue.variants.map((v) => v.gtin);
  const brandOf = new Map(catalogue.variants.map((v) => [v.gtin, v.brand]));
  const t = performance.now();
  const generated = generateSupplierFile(file, { targetBytes: TARGET_BYTES, catalogueGtins: gtins, brandOf: (g) => brandOf.get(g)!, otherShare });
  console.log(
    `generated ${generated.rows.toLocaleString('en-US')} rows, ${generated.bytes.toLocaleString('en-US')} bytes (${gtins.length} demo catalogue EANs) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const user = await prepareWarmDatabase(work, gtins, generated.otherGtins);
  // The server's info log carries the scan's phase timings (look-up, evaluation, storing).
  const logFile = process.env.BENCH_SERVER_LOG ?? path.join(work, 'server.log');
  process.env.BENCH_SERVER_LOG = logFile;
  const server = await startServer(PORT, serverEnv(work));
  if (logFile.startsWith(work)) delete process.env.BENCH_SERVER_LOG;
  const pid = server.pid!;
  const address = `http://127.0.0.1:${PORT}`;
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idle = processStats(pid);
    let peakRssKb = idle.rssKb;
    const sampler = setInterval(() => {
      peakRssKb = Math.max(peakRssKb, processStats(pid).rssKb);
    }, 20);
    const cpuBefore = processStats(pid).cpuSeconds;
    const started = performance.now();

    // While the upload is sent and parsed, the screen polls too (GET /supplier-analyzer/active-scan).
    const polls: number[] = [];
    let uploading = true;
    const uploadPolls = (async () => {
      while (uploading) {
        const p0 = performance.now();
        await (await fetch(`${address}/api/supplier-analyzer/active-scan`, { headers: user.headers })).arrayBuffer();
        polls.push(performance.now() - p0);
        await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS - Math.min(POLL_EVERY_MS - 1, performance.now() - p0)));
      }
    })();
    const upload = await uploadSupplierFile(address, user.headers.authorization, file, 'text/csv');
    if (upload.status !== '200') throw new Error(`start failed: ${upload.status} ${upload.body}`);
    const answer = JSON.parse(upload.body) as { scanId: string; totalEans: number; error?: string };
    const accepted = performance.now();
    uploading = false;
    await uploadPolls;

    // Then the screen polls the scan's status; measure each poll while the scan runs.
    let status: { status: string; report: { rowsRead: number; invalidRows: number; duplicateRows: number; matchedProducts: number } };
    for (;;) {
      const p0 = performance.now();
      status = (await (await fetch(`${address}/api/supplier-analyzer/${answer.scanId}/status`, { headers: user.headers })).json()) as typeof status;
      polls.push(performance.now() - p0);
      if (status.status === 'COMPLETED' || status.status === 'ERROR') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS - Math.min(POLL_EVERY_MS - 1, performance.now() - p0)));
    }
    clearInterval(sampler);
    const scanCpuSeconds = processStats(pid).cpuSeconds - cpuBefore;
    const scanLoad = os.loadavg()[0]!;
    const memory = processStats(pid);
    peakRssKb = Math.max(peakRssKb, memory.rssKb);
    if (status.status !== 'COMPLETED') throw new Error(`scan ended ${status.status}`);
    await stopServer(server);

    // Completion time from the scan row itself (not the poll's granularity).
    const handle = await openDatabase(work);
    const row = await handle.db.one<{ started_at: Date; completed_at: Date; created_at: Date }>(
      'select created_at, started_at, completed_at from scans where id = $1',
      [answer.scanId],
    );
    const deals = await handle.db.one<{ n: number }>('select count(*)::int as n from scan_results where scan_id = $1', [answer.scanId]);
    const kind = handle.kind;
    const probes = await probeFloor(handle.db, [...generated.validGtins]);
    const floor = await setWiseFloor(handle.db, [...generated.validGtins]);
    await handle.close();
    const timings = scanTimings(logFile, answer.scanId);
    const lookupSeconds = timings ? timings.lookupMs! / 1000 : null;
    const workerSeconds = (row.completed_at.getTime() - row.started_at.getTime()) / 1000;
    const totalSeconds = (accepted - started) / 1000 + (row.completed_at.getTime() - row.created_at.getTime()) / 1000;
    const sorted = [...polls].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
    const plain = plainParse(file, generated.rows);

    console.log(`database: ${kind}`);
    console.log(
      `rows: ${status.report.rowsRead.toLocaleString('en-US')} (distinct valid EANs ${answer.totalEans}, invalid rows ${status.report.invalidRows.toLocaleString('en-US')}, duplicate rows ${status.report.duplicateRows.toLocaleString('en-US')}), matched ${status.report.matchedProducts}, deals stored ${deals.n}`,
    );
    console.log(
      `upload + parse + plan (HTTP answer): ${((accepted - started) / 1000).toFixed(2)} s; worker (look-up, profit, deals): ${workerSeconds.toFixed(2)} s`,
    );
    console.log(`whole scan: ${totalSeconds.toFixed(2)} s, ${Math.round(status.report.rowsRead / totalSeconds).toLocaleString('en-US')} rows/s`);
    console.log(
      `fastest plain CSV parse (udsv, whole file in memory): ${plain.seconds.toFixed(2)} s → scan/parse ratio ${(totalSeconds / plain.seconds).toFixed(2)}× (goal ≤ 3×)`,
    );
    console.log(
      `CPU time of the server process during the scan (API, worker and, on PGlite, the database): ${scanCpuSeconds.toFixed(2)} s, plain parse ${plain.cpuSeconds.toFixed(2)} s → ${(scanCpuSeconds / plain.cpuSeconds).toFixed(2)}×; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(
      `server peak memory: resident ${mb(peakRssKb)} during the scan (idle before it ${mb(idle.rssKb)}; peak since start ${mb(memory.peakKb)}) (goal < 300 MB)`,
    );
    console.log(
      `the database's floor: probing the ${probes.found.toLocaleString('en-US')} cached EANs in batches of ${MAX_LISTED_PER_BATCH.toLocaleString('en-US')} (count only) took ${probes.seconds.toFixed(2)} s (${(probes.seconds / plain.seconds).toFixed(2)}× the plain parse; CPU of this process ${probes.cpuSeconds.toFixed(2)} s${kind === 'pglite' ? ', the embedded database included' : ''}; load ${os.loadavg()[0]!.toFixed(1)})`,
    );
    console.log(
      `set-wise look-up of the ${generated.validGtins.size.toLocaleString('en-US')} distinct EANs, each way: ${floor.all.map(describeFloor).join('; ')}`,
    );
    console.log(
      `the scan's look-up phase: ${lookupSeconds === null ? 'not logged' : `${lookupSeconds.toFixed(2)} s wall, ${(timings!.lookupCpuMs! / 1000).toFixed(2)} s CPU (evaluation ${(timings!.evaluateMs! / 1000).toFixed(2)} s, storing ${(timings!.storeMs! / 1000).toFixed(2)} s) → ${(lookupSeconds / floor.best.seconds).toFixed(2)}× the set-wise floor (${floor.best.method}, ${floor.best.seconds.toFixed(2)} s)`}; whole scan ${(totalSeconds / (plain.seconds + floor.best.seconds)).toFixed(2)}× the plain parse plus that floor (goal ≤ 2×); load ${scanLoad.toFixed(1)} during the scan`,
    );
    console.log(
      `the screen's polls, sent every ${POLL_EVERY_MS} ms during the scan (active-scan while uploading, then status): n=${polls.length}, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (goal p95 < 200 ms)`,
    );
    return {
      shape,
      distinctEans: answer.totalEans,
      rows: status.report.rowsRead,
      totalSeconds,
      parseSeconds: plain.seconds,
      peakMb: peakRssKb / 1024,
      pollP95: p95,
      database: kind,
      probeSeconds: probes.seconds,
      floor: floor.best,
      lookupSeconds,
      load: scanLoad,
    };
  } finally {
    await stopServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Keepa tokens per new EAN (issue 12 item 10): a cold scan of a typical 3,000-EAN list whose supplier prices make
 * 10–20 % of the listed products candidates, then the same list again (warm). The demo charges as Keepa would.
 */
async function measureTokens(): Promise<{ eans: number; tokens: number; estimated: number | null; deals: number; warmTokens: number }> {
  console.log('\n== Keepa tokens per new EAN: a cold 3,000-EAN list, then the same list warm ==');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tokens-'));
  const variants = demoCatalogue()
    .variants.filter((_, i) => i % 2 === 0)
    .slice(0, 3000);
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const lines = [
    'EAN;Marke;EK netto',
    ...variants.map((v) => `${v.gtin};${v.brand};${((v.basePrice * 1.7 * (0.85 + rand() * 0.3)) / 100).toFixed(2).replace('.', ',')}`),
  ];
  const file = path.join(work, 'typical.csv');
  fs.writeFileSync(file, lines.join('\r\n'));
  const user = await prepareDatabase(work, []);
  // On a shared PostgreSQL the shapes above warmed these EANs: forget them, this list must be new.
  const handle = await openDatabase(work);
  await handle.db.execute(`delete from market_listing_cache where key = any($1::text[])`, [variants.map((v) => v.gtin)]);
  await handle.close();
  const server = await startServer(PORT, serverEnv(work));
  const address = `http://127.0.0.1:${PORT}`;
  const scan = async () => {
    const upload = await uploadSupplierFile(address, user.headers.authorization, file, 'text/csv');
    if (upload.status !== '200') throw new Error(`start failed: ${upload.status} ${upload.body}`);
    const { scanId } = JSON.parse(upload.body) as { scanId: string };
    for (;;) {
      const status = (await (await fetch(`${address}/api/supplier-analyzer/${scanId}/status`, { headers: user.headers })).json()) as {
        status: string;
        report: { validEans: number; dealsFound: number };
        tokens?: { spent: number; estimated: number | null };
      };
      if (status.status === 'COMPLETED' || status.status === 'ERROR') return status;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  try {
    const cold = await scan();
    const warm = await scan();
    const result = {
      eans: cold.report.validEans,
      tokens: cold.tokens?.spent ?? 0,
      estimated: cold.tokens?.estimated ?? null,
      deals: cold.report.dealsFound,
      warmTokens: warm.tokens?.spent ?? 0,
    };
    console.log(
      `cold: ${result.eans} new EANs, ${result.tokens} tokens spent (estimated ${result.estimated}) → ${(result.tokens / result.eans).toFixed(2)} tokens per new EAN (goal ≤ 1.5; one phase ≈ 3 per listed EAN); ${result.deals} deals`,
    );
    console.log(`warm: ${result.warmTokens} tokens (goal 0)`);
    return result;
  } finally {
    await stopServer(server);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  buildServer();
  const results: ShapeResult[] = [];
  if (SHAPES.includes('typical')) results.push(await measureShape('typical', 0));
  if (SHAPES.includes('large')) results.push(await measureShape('large', LARGE_SHARE));
  const tokens = SHAPES.includes('tokens') ? await measureTokens() : undefined;

  console.log('\n== side by side (warm cache; each shape against the plain parse of its own file) ==');
  console.log(
    '| shape | distinct EANs | rows | whole scan | plain parse | ratio (goal ≤ 3×) | peak memory (goal < 300 MB) | poll p95 (goal < 200 ms) | database | key probes alone | set-wise floor | scan ÷ (parse + floor) (goal ≤ 2×) | look-up phase ÷ floor | load |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.shape} | ${r.distinctEans.toLocaleString('en-US')} | ${r.rows.toLocaleString('en-US')} | ${r.totalSeconds.toFixed(2)} s | ${r.parseSeconds.toFixed(2)} s | ${(r.totalSeconds / r.parseSeconds).toFixed(2)}× | ${r.peakMb.toFixed(0)} MB | ${r.pollP95.toFixed(0)} ms | ${r.database} | ${r.probeSeconds.toFixed(2)} s (${(r.probeSeconds / r.parseSeconds).toFixed(2)}×) | ${r.floor.seconds.toFixed(2)} s (${r.floor.method}) | ${(r.totalSeconds / (r.parseSeconds + r.floor.seconds)).toFixed(2)}× | ${r.lookupSeconds === null ? '—' : `${r.lookupSeconds.toFixed(2)} s, ${(r.lookupSeconds / r.floor.seconds).toFixed(2)}×`} | ${r.load.toFixed(1)} |`,
    );
  }
  if (tokens)
    console.log(
      `Keepa tokens per new EAN (cold typical list): ${(tokens.tokens / tokens.eans).toFixed(2)} (goal ≤ 1.5); warm repeat: ${tokens.warmTokens} tokens (goal 0)`,
    );
}

await main();
