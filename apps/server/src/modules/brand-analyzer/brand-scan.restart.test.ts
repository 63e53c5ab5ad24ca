import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { startQueue } from '../../jobs/queue.ts';
import { registerJobs } from '../../jobs/registry.ts';
import { handBackBrandScans, handleBrandScanJob, UNEXPECTED_SCAN_ERROR } from './brand-analyzer.jobs.ts';
import { insertScan } from './brand-scan.repository.ts';
import { MAX_SCAN_ATTEMPTS, NO_AMAZON_DATA_MESSAGE, resumeBrandScansAfterShutdown, TOO_MANY_ATTEMPTS_MESSAGE } from './brand-scan.runner.ts';
import type { FakeMarketData } from './test-support/fake-market-data.ts';
import { getScan, listFavorites, PRODUCTS, seedFakeCatalogue, waitForScan } from './test-support/scan-helpers.ts';

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
      // the dead process's last heartbeat, older than STALE_SCAN_MS (PostgreSQL) and before this start (PGlite)
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
      await expect(handleBrandScanJob(ctx.deps, { data: { scanId: id }, retryCount: 0, retryLimit: 2 })).rejects.toThrow('wholesale upstream is down');
      expect((await getScan(ctx, user, id)).status).toBe('PROCESSING');
      await handleBrandScanJob(ctx.deps, { data: { scanId: id }, retryCount: 2, retryLimit: 2 });
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
      await handleBrandScanJob(ctx.deps, { data: { scanId: id }, retryCount: 0, retryLimit: 2 });
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
    const first = handleBrandScanJob(ctx.deps, { data: { scanId: id }, retryCount: 0, retryLimit: 2 });
    while (fake.lookupCalls.length === calls) await new Promise((r) => setTimeout(r, 20));
    // A second run claims the scan while the first one waits on its look-up.
    const second = handleBrandScanJob(ctx.deps, { data: { scanId: id }, retryCount: 0, retryLimit: 2 });
    while (fake.lookupCalls.length === calls + 1) await new Promise((r) => setTimeout(r, 20));
    fake.release();
    await Promise.all([first, second]);
    const scan = await getScan(ctx, user, id);
    expect(scan).toMatchObject({ status: 'COMPLETED', processedBrands: 2 });
    const attempts = await ctx.deps.db.one<{ attempts: number }>('select attempts from brand_scans where id = $1', [id]);
    expect(attempts.attempts).toBe(2);
  });

  // Issue 13 item 13: last in this file, because it stops this process's brand-scan worker as a SIGTERM does.
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
    const run = handleBrandScanJob(ctx.deps, { data: { scanId: id }, retryCount: 0, retryLimit: 2 });
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
    await handleBrandScanJob(ctx.deps, { data: { scanId: id }, retryCount: 0, retryLimit: 2 });
    expect(await getScan(ctx, user, id)).toMatchObject({ status: 'COMPLETED', processedBrands: 2, processedMarkets: 2 });
    const attempts = await ctx.deps.db.one<{ attempts: number }>('select attempts from brand_scans where id = $1', [id]);
    expect(attempts.attempts).toBe(1);
  });
});
