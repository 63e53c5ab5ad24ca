/**
 * npm run bench:upload (chained into bench:scan) — what one supplier scan costs in transfer and file reads: the bytes
 * the browser sends and the full reads of the supplier file per scan, for the client flow the mapping dialog used to
 * have (the file posted again for each token estimate and once more with the start) and for the upload flow (sent
 * once to POST /api/uploads, then the id and mapping). The app runs in this process (as the API tests build it, on
 * the embedded database, the demo market data), so the reads are counted where they happen: every stream of the whole
 * file (fs.createReadStream — the parser's one way to read a CSV; previews read 64 KiB by positioned reads) and,
 * where the code has it, the parse function's own counter (supplier-file.ts supplierFileReads).
 *
 * Each flow is measured with the worker in this process and with the worker elsewhere (stopped while the scan
 * starts, then started again: what a worker in another process, or after a restart, finds). The scan is cancelled as
 * soon as its worker has loaded the file (its look-ups are bench:scan's subject).
 *
 * BENCH_UPLOAD_BYTES (default 52,000,000: the typical 50 MB list), BENCH_UPLOAD_FLOWS=legacy,upload,
 * BENCH_UPLOAD_ESTIMATES (token estimates per scan, default 1: the EAN column chosen once; each change adds one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { demoCatalogue } from '../apps/server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import * as scanJobs from '../apps/server/src/modules/scans/scans.jobs.ts';
import * as supplierFile from '../apps/server/src/modules/scans/supplier-file.ts';
import { buildTestApp, type TestContext } from '../apps/server/test/build-test-app.ts';
import { createUser } from '../apps/server/test/factories/users.ts';
import { multipart, waitFor } from '../apps/server/test/scans/helpers.ts';
import { generateSupplierFile } from './scan-file-generator.ts';

const TARGET_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 52_000_000);
const FLOWS = (process.env.BENCH_UPLOAD_FLOWS ?? 'legacy,upload').split(',').map((s) => s.trim());
const ESTIMATES = Number(process.env.BENCH_UPLOAD_ESTIMATES ?? 1);
const MAPPING = { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'EK netto' };

/** Whole-file streams of files under DATA_DIR (the CSV parser's reads), counted by patching the fs module object. */
const streams = { count: 0 };
function countFileStreams(dataDir: string): void {
  const original = fs.createReadStream;
  fs.createReadStream = ((file: fs.PathLike, options?: unknown) => {
    if (typeof file === 'string' && file.startsWith(dataDir)) streams.count += 1;
    return original(file, options as Parameters<typeof fs.createReadStream>[1]);
  }) as typeof fs.createReadStream;
}
/** The parse function's counter where the code has one (older trees do not). */
const parseReads = () => (supplierFile as { supplierFileReads?: { count: number } }).supplierFileReads?.count ?? null;

interface Result {
  flow: string;
  worker: 'same process' | 'elsewhere';
  bytesSent: number;
  reads: { estimate: number; start: number; worker: number };
  parseCounter: number | null;
  seconds: number;
}

async function measure(ctx: TestContext, file: string, flow: string, workerElsewhere: boolean): Promise<Result> {
  const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
  const content = fs.readFileSync(file);
  const inject = (url: string, payload: Buffer | object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { ...user.headers, ...headers }, payload: payload as Buffer });
  let bytesSent = 0;
  const sendJson = async (url: string, body: object) => {
    bytesSent += Buffer.byteLength(JSON.stringify(body));
    return inject(url, body);
  };
  const sendForm = async (url: string, fields: Record<string, string>) => {
    const body = multipart(fields, { name: 'supplier-50mb.csv', content });
    bytesSent += body.payload.length;
    return inject(url, body.payload, body.headers);
  };
  const ok = (res: { statusCode: number; body: string }, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  };
  const readsAt = () => streams.count;
  const parseAt = parseReads();
  const started = performance.now();

  const r0 = readsAt();
  let startRequest: () => Promise<Record<string, unknown>>;
  if (flow === 'legacy') {
    for (let i = 0; i < ESTIMATES; i += 1) ok(await sendForm('/api/supplier-analyzer/token-estimate', { marketId: 'DE', eanColumn: 'EAN' }), 'estimate');
    startRequest = async () => ok(await sendForm('/api/supplier-analyzer/start', MAPPING), 'start');
  } else {
    const body = multipart({}, { name: 'supplier-50mb.csv', content });
    bytesSent += body.payload.length;
    const { uploadId } = ok(await inject('/api/uploads', body.payload, body.headers), 'upload') as { uploadId: string };
    for (let i = 0; i < ESTIMATES; i += 1) ok(await sendJson(`/api/uploads/${uploadId}/token-estimate`, { marketId: 'DE', eanColumn: 'EAN' }), 'estimate');
    startRequest = async () => ok(await sendJson('/api/supplier-analyzer/scans', { uploadId, ...MAPPING }), 'start');
  }
  const r1 = readsAt();
  if (workerElsewhere) await scanJobs.stopScanWorker(ctx.deps);
  const { scanId } = (await startRequest()) as { scanId: string };
  const r2 = readsAt();
  if (workerElsewhere) await scanJobs.registerScanJobs(ctx.deps, { worker: true, scheduler: false });
  // The worker has its file once it looked up its first EANs (or ended).
  await waitFor(async () => {
    const s = (await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/${scanId}/status`, headers: user.headers })).json();
    return s.processedEans > 0 || s.status === 'COMPLETED' || s.status === 'ERROR' ? true : undefined;
  }, 300_000);
  const r3 = readsAt();
  await ctx.app.inject({ method: 'POST', url: `/api/supplier-analyzer/${scanId}/cancel`, headers: user.headers });
  await waitFor(async () => (scanJobs.localScanCount(ctx.deps) === 0 ? true : undefined), 60_000);
  const parseAfter = parseReads();
  return {
    flow,
    worker: workerElsewhere ? 'elsewhere' : 'same process',
    bytesSent,
    reads: { estimate: r1 - r0, start: r2 - r1, worker: r3 - r2 },
    parseCounter: parseAt === null || parseAfter === null ? null : parseAfter - parseAt,
    seconds: (performance.now() - started) / 1000,
  };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  const file = path.join(work, 'supplier-50mb.csv');
  const catalogue = demoCatalogue();
  const brandOf = new Map(catalogue.variants.map((v) => [v.gtin, v.brand]));
  const generated = generateSupplierFile(file, {
    targetBytes: TARGET_BYTES,
    catalogueGtins: catalogue.variants.map((v) => v.gtin),
    brandOf: (g) => brandOf.get(g)!,
  });
  console.log(
    `generated ${generated.rows.toLocaleString('en-US')} rows, ${generated.bytes.toLocaleString('en-US')} bytes; ${ESTIMATES} token estimate(s) per scan`,
  );
  const dataDir = path.join(work, 'data');
  countFileStreams(dataDir);
  const ctx = await buildTestApp({ withQueue: true, env: { DATA_DIR: dataDir } });
  const results: Result[] = [];
  try {
    for (const flow of FLOWS) {
      for (const elsewhere of [false, true]) {
        const result = await measure(ctx, file, flow, elsewhere);
        results.push(result);
        console.log(`${flow} / worker ${result.worker}: ${JSON.stringify(result)}`);
      }
    }
  } finally {
    await ctx.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log('\n== per scan of a 50 MB list: bytes the browser sends, full reads of the file (estimate + start + worker) ==');
  console.log('| client flow | worker | bytes sent | × file | full reads (estimate + start + worker) | parse counter |');
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const total = r.reads.estimate + r.reads.start + r.reads.worker;
    console.log(
      `| ${r.flow === 'legacy' ? 'file with each estimate and with the start' : 'upload once, then id + mapping'} | ${r.worker} | ${r.bytesSent.toLocaleString('en-US')} | ${(r.bytesSent / generated.bytes).toFixed(2)} | ${total} (${r.reads.estimate} + ${r.reads.start} + ${r.reads.worker}) | ${r.parseCounter ?? 'n/a'} |`,
    );
  }
  process.exit(0);
}

await main();
