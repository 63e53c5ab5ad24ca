import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { startQueue } from '../../jobs/queue.ts';
import { registerJobs } from '../../jobs/registry.ts';
import {
  handBackBrandScans,
  handleBrandScanJob,
  registerBrandAnalyzerJobs,
  resumeBrandScansAfterShutdown,
  stopBrandScanWorker,
  sweepBrandScans,
  UNEXPECTED_SCAN_ERROR,
} from './brand-analyzer.jobs.ts';
import { BRAND_SCAN_QUEUE } from './brand-scan.queue.ts';
import { insertScan } from './brand-scan.repository.ts';
import { MAX_SCAN_ATTEMPTS, NO_AMAZON_DATA_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from './brand-scan.runner.ts';
import type { FakeMarketData } from './test-support/fake-market-data.ts';
import { getScan, listFavorites, PRODUCTS, seedFakeCatalogue, startScan, waitFor, waitForScan } from './test-support/scan-helpers.ts';

/**
 * A process lease nobody holds: a scan naming it as its owner belongs to a process that is gone (on PostgreSQL that is
 * what a dead process leaves behind; db/process-lease.ts). Used to make a run's owner gone without waiting 60 s.
 */
const DEAD_LEASE = 2_147_000_001;

/**
 * A process that dies mid-scan leaves the scan PROCESSING in the database. The next start of the worker must
 * resume it from its cursor (or end it as ERROR with a message); it never stays PROCESSING.
 */
describe('brand scans across restarts', () => {
  let ctx: TestContext;
  let fake: FakeMarketData;
  beforeAll(async () => {
    ctx = await buildTestApp(); // no queue yet: the "crashed" state is written first
    fake = seedFakeCatalogue(ctx);
  });
  afterAll(async () => ctx.close());

  async function interruptedScan(userId: string, cursor: { brands: number; markets: number; attempts: number }) {
    const id = (await insertScan(ctx.deps.db, { userId, brands: ['Nordhav Skin', 'CeraVe'], markets: ['UK', 'DE'], minRoi: 0.15, now: ctx.clock.now() }))!;
    await ctx.deps.db.execute(
      `update brand_scans set status = 'PROCESSING', processed_brands = $2, processed_markets = $3, current_brand = brands[$2 + 1],
              current_market = markets[$3 + 1], attempts = $4, run_id = gen_random_uuid(), heartbeat_at = $5, job_id = gen_random_uuid()::text
        where id = $1`,
      // the dead process's last heartbeat, older than RUN_STALE_AFTER_MS (PostgreSQL) and before this start (PGlite)
      [id, cursor.brands, cursor.markets, cursor.attempts, new Date(ctx.clock.now().getTime() - 10 * 60_000)],
    );
    return id;
  }

  it('resumes interrupted scans from their cursor when the worker starts again, and ends those interrupted too often as ERROR', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const resumed = await interruptedScan(user.id, { brands: 1, markets: 1, attempts: 1 });
    const other = await createUser(ctx.deps, { tier: 'PRO' });
    const exhausted = await interruptedScan(other.id, { brands: 0, markets: 0, attempts: MAX_SCAN_ATTEMPTS });

    ctx.deps.queue = await startQueue(ctx.deps.dbHandle, ctx.deps.log);
    await registerJobs(ctx.deps, { worker: true, scheduler: false });

    const done = await waitForScan(ctx, user, resumed);
    expect(done).toMatchObject({ status: 'COMPLETED', processedBrands: 2, processedMarkets: 2, error: null });
    // Brand 1 (CeraVe) resumed at market 1 (DE): Nordhav Skin and CeraVe/UK were not scanned again.
    expect(fake.brandCalls).toEqual(['CeraVe']);
    expect(fake.lookupCalls.map((c) => c.market)).toEqual(['DE']);
    const favorites = (await listFavorites(ctx, user)).json();
    expect(favorites.content.map((f: { ean: string }) => f.ean).sort()).toEqual([PRODUCTS.high, PRODUCTS.medium].sort());

    const failed = await waitForScan(ctx, other, exhausted);
    expect(failed).toMatchObject({ status: 'ERROR', error: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(failed.finishedAt).not.toBeNull();
  });

  it('retries a failing scan and ends it as ERROR with a message after the last attempt', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const id = (await insertScan(ctx.deps.db, { userId: user.id, brands: ['CeraVe'], markets: ['DE'], minRoi: 0.15, now: ctx.clock.now() }))!;
    fake.failingBrands.add('CeraVe');
    try {
      await expect(handleBrandScanJob(ctx.deps, { data: { scanId: id } })).rejects.toThrow('wholesale upstream is down');
      expect((await getScan(ctx, user, id)).status).toBe('PROCESSING');
      // The retries come as jobs after RETRY_DELAY_MS; here they are run at once. Attempt 2 of MAX_SCAN_ATTEMPTS (3) fails too,
      await expect(handleBrandScanJob(ctx.deps, { data: { scanId: id } })).rejects.toThrow('wholesale upstream is down');
      // and the last one ends the scan.
      await handleBrandScanJob(ctx.deps, { data: { scanId: id } });
      expect(await getScan(ctx, user, id)).toMatchObject({ status: 'ERROR', error: UNEXPECTED_SCAN_ERROR });
    } finally {
      fake.failingBrands.delete('CeraVe');
    }
  });

  it('ends a scan as ERROR when no Amazon data could be retrieved at all', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const id = (await insertScan(ctx.deps.db, { userId: user.id, brands: ['Nordhav Skin'], markets: ['DE'], minRoi: 0.15, now: ctx.clock.now() }))!;
    fake.failingEans.add(PRODUCTS.other);
    try {
      await handleBrandScanJob(ctx.deps, { data: { scanId: id } });
      expect(await getScan(ctx, user, id)).toMatchObject({ status: 'ERROR', error: NO_AMAZON_DATA_MESSAGE });
    } finally {
      fake.failingEans.delete(PRODUCTS.other);
    }
  });

  it('lets only the newest run write: a replaced run stops without touching the scan', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const id = (await insertScan(ctx.deps.db, { userId: user.id, brands: ['CeraVe', 'Nordhav Skin'], markets: ['DE'], minRoi: 0.15, now: ctx.clock.now() }))!;
    fake.hold();
    const calls = fake.lookupCalls.length;
    const first = handleBrandScanJob(ctx.deps, { data: { scanId: id } });
    while (fake.lookupCalls.length === calls) await new Promise((r) => setTimeout(r, 20));
    // While the first run waits on its look-up, its owner looks gone (silent for 10 minutes: a host that vanished), so
    // a second run claims the scan. A live owner's scan is never claimed twice (durable-run.test.ts).
    await ctx.deps.db.execute('update brand_scans set heartbeat_at = $2 where id = $1', [id, new Date(Date.now() - 10 * 60_000)]);
    const second = handleBrandScanJob(ctx.deps, { data: { scanId: id } });
    while (fake.lookupCalls.length === calls + 1) await new Promise((r) => setTimeout(r, 20));
    fake.release();
    await Promise.all([first, second]);
    const scan = await getScan(ctx, user, id);
    expect(scan).toMatchObject({ status: 'COMPLETED', processedBrands: 2 });
    const attempts = await ctx.deps.db.one<{ attempts: number }>('select attempts from brand_scans where id = $1', [id]);
    expect(attempts.attempts).toBe(2);
  });

  it('takes over a scan whose worker died (sweep) and finishes it from its cursor without duplicate favorites', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    fake.hold();
    let calls = fake.lookupCalls.length;
    const { scanId } = (await startScan(ctx, user, ['CeraVe', 'Nordhav Skin'], ['UK', 'DE'])).json();
    await waitFor(() => fake.lookupCalls.length > calls); // CeraVe / UK
    calls = fake.lookupCalls.length;
    fake.release();
    fake.hold();
    await waitFor(() => fake.lookupCalls.length > calls); // CeraVe / UK stored, CeraVe / DE waiting
    expect((await listFavorites(ctx, user)).json().content.map((f: { market: string }) => f.market)).toEqual(['UK']);

    // The worker's process dies in the middle of CeraVe / DE: its run hangs, its lease is gone.
    await stopBrandScanWorker(ctx.deps);
    await ctx.deps.db.execute('update brand_scans set owner_lease = $2 where id = $1', [scanId, DEAD_LEASE]);
    calls = fake.lookupCalls.length;
    await registerBrandAnalyzerJobs(ctx.deps, { worker: true }); // a new worker: its sweep gives the scan back to the queue
    await waitFor(() => fake.lookupCalls.length > calls); // the new run, at its cursor
    const resumedFrom = fake.lookupCalls.length - 1;
    fake.release(); // the dead run's look-up answers too: it finds the scan taken and writes nothing

    const done = await waitForScan(ctx, user, scanId);
    expect(done).toMatchObject({ status: 'COMPLETED', processedBrands: 2, processedMarkets: 2, error: null, favoritesFound: 4 });
    // Resumed at CeraVe / DE: CeraVe / UK was not looked up again.
    expect(fake.lookupCalls.slice(resumedFrom).map((c) => `${c.market}:${c.eans.length}`)).toEqual(['DE:4', 'UK:1', 'DE:1']);
    const favorites = (await listFavorites(ctx, user)).json();
    const keys = favorites.content.map((f: { ean: string; market: string }) => `${f.market}:${f.ean}`).sort();
    expect(keys).toEqual([`DE:${PRODUCTS.high}`, `DE:${PRODUCTS.medium}`, `DE:${PRODUCTS.other}`, `UK:${PRODUCTS.high}`].sort());
    expect(favorites.totalElements).toBe(4);
    const row = await ctx.deps.db.one<{ attempts: number }>('select attempts from brand_scans where id = $1', [scanId]);
    expect(row.attempts).toBe(2);
  });

  // Last in this file, because it stops this process's brand-scan worker as a SIGTERM does.
  it('on shutdown a running scan finishes its batch and is handed back as PENDING (attempt not counted), then resumes', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const id = (await insertScan(ctx.deps.db, {
      userId: user.id,
      brands: ['CeraVe', 'Nordhav Skin'],
      markets: ['UK', 'DE'],
      minRoi: 0.15,
      now: ctx.clock.now(),
    }))!;
    fake.hold();
    const calls = fake.lookupCalls.length;
    const run = handleBrandScanJob(ctx.deps, { data: { scanId: id } });
    while (fake.lookupCalls.length === calls) await new Promise((r) => setTimeout(r, 20));
    const handingBack = handBackBrandScans(ctx.deps, 10_000);
    fake.release();
    await run;
    expect(await handingBack).toEqual([id]);
    const row = await ctx.deps.db.one<{ status: string; attempts: number; run_id: string | null; job_id: string | null; processed_brands: number }>(
      'select status, attempts, run_id, job_id, processed_brands from brand_scans where id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0, run_id: null, processed_brands: 0 });
    expect(row.job_id).not.toBeNull(); // its job was sent again for the next worker
    // The batch in flight was finished (its favorites stored), then nothing more: CeraVe/UK only.
    expect(fake.lookupCalls.slice(calls).map((c) => c.market)).toEqual(['UK']);

    resumeBrandScansAfterShutdown(ctx.deps); // the process starts again
    await handleBrandScanJob(ctx.deps, { data: { scanId: id } });
    expect(await getScan(ctx, user, id)).toMatchObject({ status: 'COMPLETED', processedBrands: 2, processedMarkets: 2 });
    const attempts = await ctx.deps.db.one<{ attempts: number }>('select attempts from brand_scans where id = $1', [id]);
    expect(attempts.attempts).toBe(1);
  });
});

/** Without a worker of its own, so each run and sweep below happens exactly when the test says. */
describe('brand scans whose worker keeps dying', () => {
  let ctx: TestContext;
  let fake: FakeMarketData;
  beforeAll(async () => {
    ctx = await buildTestApp();
    ctx.deps.queue = await startQueue(ctx.deps.dbHandle, ctx.deps.log); // jobs are sent, no worker takes them
    // The queue as an installation made before brand scans ran on the durable-run helper has it.
    await ctx.deps.queue.createQueue(BRAND_SCAN_QUEUE, { retryLimit: 2, retryDelay: 5, heartbeatSeconds: 30, expireInSeconds: 6 * 3600 });
    await registerJobs(ctx.deps, { worker: false, scheduler: false });
    fake = seedFakeCatalogue(ctx);
  });
  afterAll(async () => ctx.close());

  it('brings an installed queue to the declared options: pg-boss neither retries brand scans nor watches their heartbeat', async () => {
    expect(await ctx.deps.queue!.getQueue(BRAND_SCAN_QUEUE)).toMatchObject({ retryLimit: 0, heartbeatSeconds: null, deleteAfterSeconds: 24 * 3600 });
  });

  it(`ends a scan interrupted ${MAX_SCAN_ATTEMPTS} times as ERROR with the sentence, and its dead runs write nothing`, async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const id = (await insertScan(ctx.deps.db, { userId: user.id, brands: ['CeraVe'], markets: ['DE'], minRoi: 0.15, now: ctx.clock.now() }))!;
    fake.hold();
    const deadRuns: Array<Promise<void>> = [];
    const sweeps: Array<{ requeued: number; failed: number }> = [];
    for (let attempt = 1; attempt <= MAX_SCAN_ATTEMPTS; attempt++) {
      const calls = fake.lookupCalls.length;
      deadRuns.push(handleBrandScanJob(ctx.deps, { data: { scanId: id } })); // the job the sweep sent (the first: the start)
      await waitFor(() => fake.lookupCalls.length > calls);
      expect((await getScan(ctx, user, id)).status).toBe('PROCESSING');
      // Its process dies: the sweep gives the scan back to the queue, and after the last attempt ends it.
      await ctx.deps.db.execute('update brand_scans set owner_lease = $2 where id = $1', [id, DEAD_LEASE]);
      sweeps.push(await sweepBrandScans(ctx.deps, { startup: false }));
    }
    expect(sweeps).toEqual([
      { requeued: 1, failed: 0 },
      { requeued: 1, failed: 0 },
      { requeued: 0, failed: 1 },
    ]);
    const ended = await getScan(ctx, user, id);
    expect(ended).toMatchObject({ status: 'ERROR', error: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(ended.finishedAt).not.toBeNull();
    fake.release();
    await Promise.all(deadRuns);
    expect(await getScan(ctx, user, id)).toMatchObject({ status: 'ERROR', error: TOO_MANY_ATTEMPTS_MESSAGE, favoritesFound: 0 });
    expect((await listFavorites(ctx, user)).json().totalElements).toBe(0);
    const row = await ctx.deps.db.one<{ attempts: number }>('select attempts from brand_scans where id = $1', [id]);
    expect(row.attempts).toBe(MAX_SCAN_ATTEMPTS);
  });
});
