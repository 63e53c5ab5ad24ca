import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';
import { localScanCount, registerScanJobs, stopScanWorker, sweepScans } from '../../src/modules/scans/scans.jobs.ts';
import { acquireProcessLease } from '../../src/db/process-lease.ts';
import { silentLogger } from '../../src/lib/logger.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitFor, waitForStatus } from './helpers.ts';
import { storedIssues } from '../../src/modules/scans/scan-issues.repository.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe('scans survive a worker restart', () => {
  it('resumes a scan from its checkpoint after the worker was stopped mid-scan', async () => {
    const eans = Array.from({ length: 4500 }, (_, i) => ean13(String(700000000000 + i)));
    const fake = fakeMarketData(
      eans.map((e) => listing(e, 'DE')),
      { delayMs: 250 },
    );
    ctx.deps.marketData = fake.service;
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const body = multipart(
      { marketId: 'DE', eanColumn: 'ean', brandColumn: 'brand', priceColumn: 'price' },
      {
        name: 'big.csv',
        content: ['ean;brand;price', 'not-an-ean;Nivea;5,00', ...eans.map((e) => `${e};Nivea;5,00`)].join('\n'),
      },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    const { scanId } = res.json();
    const url = `/api/supplier-analyzer/${scanId}/status`;
    await waitFor(async () => {
      const s = (await ctx.app.inject({ method: 'GET', url, headers: user.headers })).json();
      return s.processedEans >= 1000 ? s : undefined;
    });

    // The worker dies: running scans stay PROCESSING where they were.
    await stopScanWorker(ctx.deps);
    await waitFor(async () => (localScanCount(ctx.deps) === 0 ? true : undefined));
    const stopped = (await ctx.app.inject({ method: 'GET', url, headers: user.headers })).json();
    expect(stopped.status).toBe('PROCESSING');
    expect(stopped.processedEans).toBeLessThan(4500);
    const checkpoint = stopped.processedEans;
    // Time passes without a heartbeat (what a dead process looks like to a PostgreSQL worker).
    await ctx.deps.db.execute(`update scans set heartbeat_at = heartbeat_at - interval '10 minutes' where id = $1`, [scanId]);
    const lookedUpBefore = fake.state.eansLookedUp;

    // A new worker starts: the sweep finds the orphan and the scan finishes from its checkpoint.
    fake.state.delayMs = 0;
    await registerScanJobs(ctx.deps, { worker: true, scheduler: false });
    const done = await waitForStatus(ctx, url, user.headers, ['COMPLETED', 'ERROR'], 30_000);
    expect(done).toMatchObject({ status: 'COMPLETED', processedEans: 4500, totalEans: 4500 });
    expect(fake.state.eansLookedUp - lookedUpBefore).toBe(4500 - checkpoint);
    const row = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from scan_results where scan_id = $1', [scanId]);
    expect(row.n).toBe(4500);
    const attempts = await ctx.deps.db.one<{ attempts: number }>('select attempts from scans where id = $1', [scanId]);
    expect(attempts.attempts).toBe(2);
    // the file's unusable row was stored by the first run and not again by the resumed one
    const issues = await storedIssues(ctx.deps.db, scanId);
    expect(issues.map(({ line, reason }) => ({ line, reason }))).toEqual([{ line: 2, reason: 'invalid_ean' }]);
    const chunks = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from scan_issue_chunks where scan_id = $1', [scanId]);
    expect(chunks.n).toBe(1);
    expect(done.report.issuesStored).toBe(1);
  });

  it('never leaves a scan in PROCESSING: after three interrupted runs it ends as ERROR with a message', async () => {
    const fake = fakeMarketData([]);
    ctx.deps.marketData = fake.service;
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const body = multipart(
      { marketId: 'DE', eanColumn: 'ean', brandColumn: 'brand', priceColumn: '' },
      { name: 'x.csv', content: `ean,brand\n${ean13('700000000001')},Nivea\n` },
    );
    await stopScanWorker(ctx.deps); // no worker: the scan stays where we put it
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    const { scanId } = res.json();
    await ctx.deps.db.execute(`update scans set status = 'PROCESSING', attempts = 3, heartbeat_at = now() - interval '10 minutes' where id = $1`, [scanId]);
    const swept = await sweepScans(ctx.deps, { startup: false });
    expect(swept.failed).toBe(1);
    const status = (await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/${scanId}/status`, headers: user.headers })).json();
    expect(status.status).toBe('ERROR');
    expect(status.error).toContain('interrupted 3 times');
  });

  // On PostgreSQL a scan whose process is gone is taken over at once, not after its heartbeat ages.
  it.skipIf(!process.env.TEST_DATABASE_URL)('takes over a scan as soon as the process lease of its owner is released, not while the owner lives', async () => {
    const fake = fakeMarketData([]);
    ctx.deps.marketData = fake.service;
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const body = multipart(
      { marketId: 'DE', eanColumn: 'ean', brandColumn: 'brand', priceColumn: '' },
      { name: 'x.csv', content: `ean,brand\n${ean13('700000000002')},Nivea\n` },
    );
    await stopScanWorker(ctx.deps);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    const { scanId } = res.json();
    const owner = await acquireProcessLease(ctx.deps.dbHandle.url!, silentLogger());
    // Running in the owner's process a moment ago: the heartbeat is fresh.
    await ctx.deps.db.execute(`update scans set status = 'PROCESSING', attempts = 1, heartbeat_at = now(), owner_lease = $2 where id = $1`, [scanId, owner.id]);
    expect(await sweepScans(ctx.deps, { startup: false })).toEqual({ requeued: 0, failed: 0 });
    await owner.release(); // the owner's process dies: PostgreSQL drops its lease with its connection
    expect(await sweepScans(ctx.deps, { startup: false })).toEqual({ requeued: 1, failed: 0 });
    const row = await ctx.deps.db.one<{ status: string; owner_lease: number | null }>('select status, owner_lease from scans where id = $1', [scanId]);
    expect(row).toEqual({ status: 'PENDING', owner_lease: null });
  });
});
