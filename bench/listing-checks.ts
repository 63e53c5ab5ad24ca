/**
 * npm run bench:listing-checks — Amazon's listing-restrictions rate (5 requests per second, burst 10, per seller) kept
 * by several worker processes together. The deals of a 1,000-deal scan of one organization with a connected seller
 * account wait in the check queue; two worker processes (`npm run worker`, the same code as production) on one
 * PostgreSQL drain it against the SP-API look-alike, which enforces Amazon's own limit (its bucket empty → 429).
 * Prints what the look-alike saw: calls in total and per process, 429s, the most calls in any 1 s and any 10 s window,
 * and the average rate. Fails when any 10 s window holds more than Amazon allows (burst + 10 × rate).
 * BENCH_LISTING_DEALS overrides the 1,000; BENCH_DATABASE_URL the PostgreSQL server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { enqueue } from '../apps/server/src/jobs/define-job.ts';
import { listingChecksJob } from '../apps/server/src/modules/seller-account/seller-account.jobs.ts';
import { encryptToken, tokenKeys } from '../apps/server/src/modules/seller-account/token-crypto.ts';
import { DE, GOOD_TOKEN, startFakeSpApi } from '../apps/server/test/sp-api/fake-sp-api.ts';
import { isPostgresReachable, openBenchDb } from './drops-db.ts';

const DEALS = Number(process.env.BENCH_LISTING_DEALS ?? 1000);
const WORKERS = 2;
const RATE = 5;
const BURST = 10;
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!(await isPostgresReachable())) {
  console.log('listing-checks: no PostgreSQL at BENCH_DATABASE_URL (several processes need one); skipped.');
  process.exit(0);
}

const fake = await startFakeSpApi();
fake.state.enforcedRate = { rate: RATE, burst: BURST };
// Every seventh deal needs approval, every thirteenth is closed: the answers are stored like real ones.
fake.state.rule = (asin) => {
  const n = Number(asin.slice(-5));
  if (n % 13 === 0) return [{ reasonCode: 'NOT_ELIGIBLE', message: 'This product is not eligible for your account.' }];
  if (n % 7 === 0) return [{ reasonCode: 'APPROVAL_REQUIRED', message: 'You need approval to list in this brand.' }];
  return undefined;
};

const db = await openBenchDb('postgres');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-bench-listing-'));
const tokenKey = crypto.randomBytes(32).toString('base64url');
const workers: ChildProcess[] = [];
let exitCode = 0;

try {
  const org = await db.db.one<{ id: string }>(`insert into organizations (name) values ('Bench reseller') returning id`);
  const encrypted = encryptToken(GOOD_TOKEN, tokenKeys({ SP_API_TOKEN_KEY: tokenKey, SP_API_TOKEN_KEY_PREVIOUS: undefined, DATA_DIR: dataDir }).current);
  const stores = [{ marketplaceId: DE, market: 'DE', countryCode: 'DE', name: 'Amazon.de', domainName: 'www.amazon.de' }];
  await db.db.execute(
    `insert into seller_accounts (organization_id, region, merchant_id, refresh_token_encrypted, stores, connected_at)
     values ($1, 'EU', 'A3BENCHSELLER', $2, $3::jsonb, now())`,
    [org.id, encrypted, JSON.stringify(stores)],
  );
  // The deals of the scan, as the scan's completion queues them (one row per ASIN and market).
  await db.db.execute(
    `insert into listing_restriction_queue (organization_id, asin, market, queued_at)
     select $1, 'B0BENCH' || lpad(n::text, 5, '0'), 'DE', now() from generate_series(1, $2::int) n`,
    [org.id, DEALS],
  );

  const env = { ...process.env, ...fake.env, DATABASE_URL: db.location, SP_API_TOKEN_KEY: tokenKey, MARKET_DATA: 'demo' };
  for (let i = 0; i < WORKERS; i++) workers.push(await startWorker(i, env));

  const queue = await startQueue(db, silentLogger());
  // One job per worker: each process drains the organization's queue, both taking from the seller's one bucket.
  for (let i = 0; i < WORKERS; i++) await enqueue(queue, listingChecksJob, { organizationId: org.id });

  const started = performance.now();
  for (;;) {
    const left = await db.db.one<{ n: number }>('select count(*)::int as n from listing_restriction_queue where organization_id = $1', [org.id]);
    if (left.n === 0) break;
    if (performance.now() - started > 15 * 60_000) throw new Error(`${left.n} checks still waiting after 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await queue.stop({ graceful: false });

  const answers = await db.db.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from listing_restrictions where organization_id = $1 group by status order by status',
    [org.id],
  );
  const calls = fake.state.restrictionCalls.map((c) => c.at).sort((a, b) => a - b);
  const seconds = (calls[calls.length - 1]! - calls[0]!) / 1000;
  const mostIn = (windowMs: number) => {
    let most = 0;
    for (let i = 0, j = 0; i < calls.length; i++) {
      while (calls[i]! - calls[j]! >= windowMs) j += 1;
      most = Math.max(most, i - j + 1);
    }
    return most;
  };
  const perProcess = new Map<string, number>();
  for (const c of fake.state.restrictionCalls) perProcess.set(c.token ?? '?', (perProcess.get(c.token ?? '?') ?? 0) + 1);
  const throttled = fake.state.restrictionCalls.filter((c) => c.throttled).length;
  const most1 = mostIn(1000);
  const most10 = mostIn(10_000);

  console.log(`listing-checks: ${DEALS} deals, ${WORKERS} worker processes on PostgreSQL, Amazon's limit ${RATE}/s burst ${BURST}`);
  console.log(`  calls Amazon saw      ${calls.length} (${[...perProcess.values()].join(' + ')} by ${perProcess.size} access tokens), 429s: ${throttled}`);
  console.log(`  answers stored        ${answers.map((a) => `${a.status} ${a.n}`).join(', ')}`);
  console.log(`  most calls in 1 s     ${most1} (Amazon allows ${BURST + RATE} with a full bucket)`);
  console.log(`  most calls in 10 s    ${most10} = ${(most10 / 10).toFixed(2)}/s (allows ${BURST + 10 * RATE})`);
  console.log(`  average               ${(calls.length / seconds).toFixed(2)}/s over ${seconds.toFixed(1)} s`);
  console.log(`  sustained (no burst)  ${((calls.length - BURST) / seconds).toFixed(2)}/s (Amazon's rate: ${RATE}/s)`);
  if (most10 > BURST + 10 * RATE || answers.reduce((sum, a) => sum + a.n, 0) !== DEALS) {
    console.log("  FAILED: above Amazon's rate, or not every deal has an answer");
    exitCode = 1;
  }
} catch (error) {
  console.log(`listing-checks: failed: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  for (const worker of workers) worker.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((resolve) => (w.exitCode !== null ? resolve(null) : w.once('exit', resolve)))));
  await fake.close();
  await db.close();
  await db.dropAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

/** Starts `apps/server/src/worker.ts` (what `npm run worker` runs) and waits for its "worker started" line. */
function startWorker(index: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/worker.ts')], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: path.join(dataDir, `worker-${index}`), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker ${index} did not start in 120 s:\n${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"worker started"')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`worker ${index} exited (${code}):\n${output}`)));
  });
}
