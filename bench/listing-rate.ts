/**
 * Amazon's listing-restrictions rate (5 requests per second, burst 10, per seller) as worker processes keep it on one
 * PostgreSQL, against the SP-API look-alike enforcing that limit itself (its bucket empty → 429). The organization has
 * a seller account connected to Amazon.de; `workers` worker processes run (what `npm run worker` runs, without the
 * scheduler; MARKET_DATA=demo). The checks come from (ChecksSource):
 *   - `scan`: the product's path. A member starts a supplier scan of demo EANs at 0,10 € each through the scans
 *     service (as the start request does: upload recorded, file parsed, allowance taken, the scan's job sent); a
 *     worker process runs it, and its completion queues the checks of its deals and sends one job (scan-engine
 *     finishScan → afterSupplierScan), which the process that takes it drains.
 *   - `queued`: rows written straight into the organization's queue and a job for every job slot of every process,
 *     so that all processes ask Amazon at once from the seller's one bucket.
 * Answers what the look-alike saw, the deals and the time from their queueing to Amazon's last answer. Used by
 * `npm run bench:listing-checks` (a scan of about 1,000 deals) and by the PostgreSQL test
 * apps/server/test/hardening/listing-rate-two-workers.test.ts (a scan of a few dozen deals, and 70 queued rows).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../apps/server/src/config/env.ts';
import type { AppDeps } from '../apps/server/src/deps.ts';
import { enqueue } from '../apps/server/src/jobs/define-job.ts';
import { startQueue } from '../apps/server/src/jobs/queue.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { silentLogger } from '../apps/server/src/lib/logger.ts';
import { demoCatalogue } from '../apps/server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { priceTermsOfFields } from '../apps/server/src/modules/scans/scans.service.ts';
import { listingChecksJob } from '../apps/server/src/modules/seller-account/seller-account.jobs.ts';
import { encryptToken, tokenKeys } from '../apps/server/src/modules/seller-account/token-crypto.ts';
import { startScanOfReceived } from '../apps/server/src/modules/uploads/uploads.service.ts';
import { createUser } from '../apps/server/test/factories/users.ts';
import { DE, GOOD_TOKEN, startFakeSpApi, type Reason } from '../apps/server/test/sp-api/fake-sp-api.ts';
import { openBenchDb } from './drops-db.ts';

export const AMAZON_RATE = 5;
export const AMAZON_BURST = 10;
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const JWT_SECRET = 'bench-listing-rate-secret-0123456789abcdef';

export interface ListingRateResult {
  /** Distinct valid EANs of the scanned list (0 for queued rows). */
  eans: number;
  /** The deals the scan stored (scan_results where is_deal), or the rows written into the queue. */
  deals: number;
  /** ASIN × market pairs among them: one check each. */
  checks: number;
  /** Start of the scan → its completion, in seconds (0 for queued rows). */
  scanSeconds: number;
  /** The checks queued (the scan's completion, or the jobs sent) → Amazon's last answer, in seconds. */
  drainSeconds: number;
  calls: number;
  /** Calls per access token: each process gets its own from LWA. */
  perProcess: number[];
  throttled: number;
  answers: Record<string, number>;
  /** The answers the look-alike's rule gives the deals' ASINs: what `answers` must be. */
  expectedAnswers: Record<string, number>;
  mostIn1s: number;
  mostIn10s: number;
  /** First to last call the look-alike saw, in seconds. */
  seconds: number;
  /** The machine's 1-minute load average at the start, the highest sampled during the run, and at the end. */
  load: { start: number; peak: number; end: number };
}

/**
 * The look-alike's answer per ASIN, a stable function of it: every 7th (by a number made of its characters) needs
 * approval, every 13th is not eligible, the rest can be sold.
 */
export function restrictionOf(asin: string): Reason[] | undefined {
  const n = [...asin].reduce((sum, c, i) => sum + c.charCodeAt(0) * (i + 1), 0);
  if (n % 13 === 0) return [{ reasonCode: 'NOT_ELIGIBLE', message: 'This product is not eligible for your account.' }];
  if (n % 7 === 0) return [{ reasonCode: 'APPROVAL_REQUIRED', message: 'You need approval to list in this brand.' }];
  return undefined;
}

const statusOf = (asin: string) => restrictionOf(asin)?.[0]!.reasonCode ?? 'CAN_SELL';

/**
 * Where the checks come from. `scan`: a supplier scan of the first `eans` EANs of the demo catalogue (DE) at 0,10 €
 * each (most of them are deals), started through the scans service and run by a worker process; its
 * completion queues the checks and sends one job (the product's path). `queued`: `deals` rows written straight into
 * the organization's queue and one job per job slot of every process (4 each), so that every process drains it at once
 * from the seller's one bucket (the cross-process rate limiter under the most contention).
 */
export type ChecksSource = { scan: { eans: number } } | { queued: { deals: number } };

export async function measureListingRate(options: { source: ChecksSource; workers: number; serverUrl: string }): Promise<ListingRateResult> {
  const load = { start: os.loadavg()[0]!, peak: os.loadavg()[0]!, end: 0 };
  const sampler = setInterval(() => (load.peak = Math.max(load.peak, os.loadavg()[0]!)), 1000);
  const fake = await startFakeSpApi();
  fake.state.enforcedRate = { rate: AMAZON_RATE, burst: AMAZON_BURST };
  fake.state.rule = (asin) => restrictionOf(asin);
  const db = await openBenchDb('postgres', options.serverUrl);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-listing-rate-'));
  const tokenKey = crypto.randomBytes(32).toString('base64url');
  const workers: ChildProcess[] = [];
  const queue = await startQueue(db, silentLogger());
  try {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: db.location, LOG_LEVEL: 'silent', JWT_SECRET, MARKET_DATA: 'demo' });
    const deps = { config, db: db.db, clock: systemClock, log: silentLogger(), jwtSecret: new TextEncoder().encode(JWT_SECRET), queue } as unknown as AppDeps;
    // The scanning user's organization has the seller account, connected to Amazon.de.
    const user = await createUser(deps, { tier: 'PRO', country: 'DE' });
    const organizationId = user.organizationId;
    const encrypted = encryptToken(GOOD_TOKEN, tokenKeys({ SP_API_TOKEN_KEY: tokenKey, SP_API_TOKEN_KEY_PREVIOUS: undefined, DATA_DIR: dataDir }).current);
    const stores = [{ marketplaceId: DE, market: 'DE', countryCode: 'DE', name: 'Amazon.de', domainName: 'www.amazon.de' }];
    await db.db.execute(
      `insert into seller_accounts (organization_id, region, merchant_id, refresh_token_encrypted, stores, connected_at)
       values ($1, 'EU', 'A3RATESELLER', $2, $3::jsonb, now())`,
      [organizationId, encrypted, JSON.stringify(stores)],
    );

    const env: NodeJS.ProcessEnv = { ...process.env, ...fake.env, DATABASE_URL: db.location, SP_API_TOKEN_KEY: tokenKey, MARKET_DATA: 'demo', JWT_SECRET };
    delete env.TEST_DATABASE_URL;
    delete env.DEMO_LATENCY_MS;
    for (let i = 0; i < options.workers; i++) workers.push(await startWorker(path.join(dataDir, `worker-${i}`), env));

    const started = Date.now();
    let scan: { id: string; eans: number } | undefined;
    if ('scan' in options.source) {
      // The supplier's price list, stored where an upload is (DATA_DIR/uploads/<id>.csv), and its scan started as the
      // start request does (recorded as an upload, parsed, the plan's allowance taken, the scan's job sent).
      const id = crypto.randomUUID();
      const file = path.join(dataDir, 'uploads', `${id}.csv`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const variants = demoCatalogue().variants.slice(0, options.source.scan.eans);
      fs.writeFileSync(file, ['ean;brand;price', ...variants.map((v) => `${v.gtin};${v.brand};0,10`)].join('\r\n') + '\r\n');
      const current = {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        organizationId,
        subscriptionTier: 'PRO',
        primaryCountry: 'DE',
        jti: 'bench',
        tokenExp: Math.floor(started / 1000) + 3600,
      };
      const run = await startScanOfReceived(deps, current, { id, path: file, fileName: 'supplier.csv', bytes: fs.statSync(file).size, fields: {} }, 'upload', {
        kind: 'supplier',
        market: 'DE',
        columns: { ean: 'ean', brand: 'brand', price: 'price', priceTerms: priceTermsOfFields({}) },
      });
      scan = { id: run.scan.id, eans: run.allowedEans };
    } else {
      await db.db.execute(
        `insert into listing_restriction_queue (organization_id, asin, market, queued_at)
         select $1, 'B0RATE' || lpad(n::text, 4, '0'), 'DE', now() from generate_series(1, $2::int) n`,
        [organizationId, options.source.queued.deals],
      );
      for (let i = 0; i < options.workers * 4; i++) await enqueue(queue, listingChecksJob, { organizationId });
    }

    // Scan: a worker runs it; its completion queues the checks and sends the job. Then the workers drain the queue.
    let queuedAt = scan ? 0 : started;
    for (;;) {
      if (scan && !queuedAt) {
        const row = await db.db.one<{ status: string; error: string | null; completed_at: Date | null; deals_found: number }>(
          'select status, error, completed_at, deals_found from scans where id = $1',
          [scan.id],
        );
        if (row.status === 'ERROR' || row.status === 'CANCELED') throw new Error(`the scan ended ${row.status}: ${row.error}`);
        if (row.status === 'COMPLETED' && row.deals_found === 0) throw new Error('the scan found no deals: nothing to check');
        if (row.status === 'COMPLETED') queuedAt = row.completed_at!.getTime();
      }
      if (queuedAt) {
        const left = await db.db.one<{ waiting: number; answered: number }>(
          `select (select count(*)::int from listing_restriction_queue where organization_id = $1) as waiting,
                  (select count(*)::int from listing_restrictions where organization_id = $1) as answered`,
          [organizationId],
        );
        // The completion queues every check in one statement: an empty queue after an answer means all are answered.
        if (left.waiting === 0 && left.answered > 0) break;
      }
      if (Date.now() - started > 20 * 60_000) throw new Error('the scan or its checks are still running after 20 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // The checks there were to make: the scan's deals (one per ASIN and market), or the rows written.
    const deals = scan
      ? await db.db.query<{ asin: string; market: string }>('select asin, market from scan_results where scan_id = $1 and is_deal', [scan.id])
      : Array.from({ length: (options.source as { queued: { deals: number } }).queued.deals }, (_, n) => ({
          asin: `B0RATE${String(n + 1).padStart(4, '0')}`,
          market: 'DE',
        }));
    const pairs = new Set(deals.map((d) => `${d.asin}|${d.market}`));
    const expectedAnswers: Record<string, number> = {};
    for (const pair of [...pairs].sort()) {
      const status = statusOf(pair.split('|')[0]!);
      expectedAnswers[status] = (expectedAnswers[status] ?? 0) + 1;
    }
    const answers: Record<string, number> = {};
    for (const row of await db.db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from listing_restrictions where organization_id = $1 group by status order by status',
      [organizationId],
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
    load.end = os.loadavg()[0]!;
    return {
      eans: scan?.eans ?? 0,
      deals: deals.length,
      checks: pairs.size,
      scanSeconds: scan ? (queuedAt - started) / 1000 : 0,
      drainSeconds: calls.length ? (calls[calls.length - 1]! - queuedAt) / 1000 : 0,
      calls: calls.length,
      perProcess: [...perProcess.values()],
      throttled: fake.state.restrictionCalls.filter((c) => c.throttled).length,
      answers,
      expectedAnswers,
      mostIn1s: mostIn(1000),
      mostIn10s: mostIn(10_000),
      seconds: calls.length > 1 ? (calls[calls.length - 1]! - calls[0]!) / 1000 : 0,
      load,
    };
  } finally {
    clearInterval(sampler);
    await queue.stop({ graceful: false });
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
