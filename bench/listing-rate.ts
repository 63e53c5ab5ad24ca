/**
 * The listing-restrictions rate kept by several worker processes together: the queued deals of one organization with a
 * connected seller account are drained by worker processes (what `npm run worker` runs, without the scheduler) on one
 * PostgreSQL, against the SP-API look-alike enforcing Amazon's own limit (5 requests per second, burst 10;
 * its bucket empty → 429). Answers what the look-alike saw. Used by `npm run bench:listing-checks` (1,000 deals) and
 * by the PostgreSQL test apps/server/test/hardening/listing-rate-two-workers.test.ts (a few dozen).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { enqueue } from '../apps/server/src/jobs/define-job.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import { listingChecksJob } from '../apps/server/src/modules/seller-account/seller-account.jobs.ts';
import { encryptToken, tokenKeys } from '../apps/server/src/modules/seller-account/token-crypto.ts';
import { DE, GOOD_TOKEN, startFakeSpApi } from '../apps/server/test/sp-api/fake-sp-api.ts';
import { openBenchDb } from './drops-db.ts';

export const AMAZON_RATE = 5;
export const AMAZON_BURST = 10;
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ListingRateResult {
  calls: number;
  /** Calls per access token: each process gets its own from LWA. */
  perProcess: number[];
  throttled: number;
  answers: Record<string, number>;
  mostIn1s: number;
  mostIn10s: number;
  seconds: number;
}

export async function measureListingRate(options: { deals: number; workers: number; serverUrl: string }): Promise<ListingRateResult> {
  const fake = await startFakeSpApi();
  fake.state.enforcedRate = { rate: AMAZON_RATE, burst: AMAZON_BURST };
  // Every seventh deal needs approval, every thirteenth is closed: the answers are stored like real ones.
  fake.state.rule = (asin) => {
    const n = Number(asin.slice(-5));
    if (n % 13 === 0) return [{ reasonCode: 'NOT_ELIGIBLE', message: 'This product is not eligible for your account.' }];
    if (n % 7 === 0) return [{ reasonCode: 'APPROVAL_REQUIRED', message: 'You need approval to list in this brand.' }];
    return undefined;
  };
  const db = await openBenchDb('postgres', options.serverUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-listing-rate-'));
  const tokenKey = crypto.randomBytes(32).toString('base64url');
  const workers: ChildProcess[] = [];
  try {
    const org = await db.db.one<{ id: string }>(`insert into organizations (name) values ('Rate reseller') returning id`);
    const encrypted = encryptToken(GOOD_TOKEN, tokenKeys({ SP_API_TOKEN_KEY: tokenKey, SP_API_TOKEN_KEY_PREVIOUS: undefined, DATA_DIR: dataDir }).current);
    const stores = [{ marketplaceId: DE, market: 'DE', countryCode: 'DE', name: 'Amazon.de', domainName: 'www.amazon.de' }];
    await db.db.execute(
      `insert into seller_accounts (organization_id, region, merchant_id, refresh_token_encrypted, stores, connected_at)
       values ($1, 'EU', 'A3RATESELLER', $2, $3::jsonb, now())`,
      [org.id, encrypted, JSON.stringify(stores)],
    );
    // The deals of a scan, as its completion queues them (one row per ASIN and market).
    await db.db.execute(
      `insert into listing_restriction_queue (organization_id, asin, market, queued_at)
       select $1, 'B0RATE' || lpad(n::text, 5, '0'), 'DE', now() from generate_series(1, $2::int) n`,
      [org.id, options.deals],
    );

    const env: NodeJS.ProcessEnv = { ...process.env, ...fake.env, DATABASE_URL: db.location, SP_API_TOKEN_KEY: tokenKey, MARKET_DATA: 'demo' };
    delete env.TEST_DATABASE_URL;
    for (let i = 0; i < options.workers; i++) workers.push(await startWorker(path.join(dataDir, `worker-${i}`), env));

    const queue = await startQueue(db, silentLogger());
    try {
      // Enough jobs for every job slot of every process (a process runs several at once): each process drains the
      // organization's queue, all taking from the seller's one bucket; jobs that find the queue empty just end.
      for (let i = 0; i < options.workers * 4; i++) await enqueue(queue, listingChecksJob, { organizationId: org.id });
      const started = performance.now();
      for (;;) {
        const left = await db.db.one<{ n: number }>('select count(*)::int as n from listing_restriction_queue where organization_id = $1', [org.id]);
        if (left.n === 0) break;
        if (performance.now() - started > 15 * 60_000) throw new Error(`${left.n} checks still waiting after 15 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await queue.stop({ graceful: false });
    }

    const answers: Record<string, number> = {};
    for (const row of await db.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from listing_restrictions where organization_id = $1 group by status order by status',
      [org.id],
    ))
      answers[row.status] = row.n;
    const calls = fake.state.restrictionCalls.map((c) => c.at).sort((a, b) => a - b);
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
    return {
      calls: calls.length,
      perProcess: [...perProcess.values()],
      throttled: fake.state.restrictionCalls.filter((c) => c.throttled).length,
      answers,
      mostIn1s: mostIn(1000),
      mostIn10s: mostIn(10_000),
      seconds: calls.length > 1 ? (calls[calls.length - 1]! - calls[0]!) / 1000 : 0,
    };
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((resolve) => (w.exitCode !== null ? resolve(null) : w.once('exit', resolve)))));
    await fake.close();
    await db.close();
    await db.dropAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts a worker process and waits for its "worker started" line. */
function startWorker(dataDir: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // What `npm run worker` starts, without the scheduler: a scheduled price refresh would queue checks of its own.
  const entry = `const { startProcess } = await import(${JSON.stringify(path.join(ROOT, 'apps/server/src/process.ts'))});
    const proc = await startProcess({ worker: true, scheduler: false });
    proc.deps.log.info('worker started');`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', entry], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a worker did not start in 120 s:\n${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"worker started"')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`a worker exited (${code}):\n${output}`)));
  });
}
