import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { signSessionToken } from '../../src/modules/auth/session-token.ts';
import { reserveEanUploads } from '../../src/modules/plans/entitlements.ts';
import { cleanupExpiredScans } from '../../src/modules/scans/scans.jobs.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitFor, waitForStatus } from './helpers.ts';

/**
 * Re-running a kept supplier list: the diff on a fixture pair of market data, ownership, the plan's
 * retention, deleting a list, partial runs, and the supplier list's file on disk.
 */

const A = ean13('401000000001'); // a deal in both runs, same price: unchanged
const B = ean13('401000000002'); // a deal, then no listing: gone
const C = ean13('401000000003'); // no listing, then a deal: new
const D = ean13('401000000004'); // a deal whose buy box rises by €6: profit moved over €1
const E = ean13('401000000005'); // a deal whose buy box rises by €0.50: profit moved under €1
const X = ean13('401000000006'); // never listed

const yesterday = [listing(A, 'DE'), listing(B, 'DE'), listing(D, 'DE'), listing(E, 'DE')];
const today = [listing(A, 'DE'), listing(C, 'DE'), listing(D, 'DE', { buyBoxPrice: 2600 }), listing(E, 'DE', { buyBoxPrice: 2050 })];

const fileText = ['EAN;Marke;Preis', `${A};Nivea;5,00`, `${B};Nivea;5,00`, `${C};Nivea;5,00`, `${D};Nivea;5,00`, `${E};Nivea;5,00`, `${X};Nivea;5,00`].join(
  '\r\n',
);

let ctx: TestContext;
let dataDir: string;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  // A data directory of its own: the hourly cleanup removes list files whose scan its database does not know.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealradar-rerun-'));
  ctx = await buildTestApp({ withQueue: true, env: { DATA_DIR: dataDir } });
  ctx.deps.marketData = fakeMarketData(yesterday).service;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The session token lives 24 h: sign a new one after moving the clock. */
async function fresh(user: TestUser): Promise<TestUser> {
  const token = await signSessionToken(
    ctx.deps.jwtSecret,
    { id: user.id, username: user.username, email: user.email, role: user.role, subscriptionTier: 'GROWTH' },
    ctx.deps.config.JWT_TTL_SECONDS,
    ctx.clock.now(),
  );
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

async function uploadAndWait(user: TestUser, content = fileText, marketId = 'DE'): Promise<string> {
  const body = multipart({ marketId, eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis' }, { name: 'wholesaler.csv', content });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/supplier-analyzer/start',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { scanId } = res.json();
  expect((await waitForStatus(ctx, `/api/supplier-analyzer/${scanId}/status`, user.headers, ['COMPLETED', 'ERROR'])).status).toBe('COMPLETED');
  return scanId;
}

const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string) => ctx.app.inject({ method, url: `/api${url}`, headers: user.headers });

async function rerunAndWait(user: TestUser, scanId: string): Promise<string> {
  const res = await call(user, 'POST', `/supplier-analyzer/lists/${scanId}/rerun`);
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json();
  expect(started).toMatchObject({ rerunOf: scanId, status: 'PENDING' });
  const done = await waitForStatus(ctx, `/api/supplier-analyzer/${started.scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
  expect(done).toMatchObject({ status: 'COMPLETED', rerunOf: scanId });
  return started.scanId;
}

const kinds = (body: { content: Array<{ kind: string; ean: string }> }) => body.content.map((c) => `${c.kind}:${c.ean}`);

describe('re-running a kept supplier list', () => {
  let owner: TestUser;
  let first: string;
  let rerun: string;

  it('keeps the list of a completed scan and lists it with its retention', async () => {
    ctx.deps.marketData = fakeMarketData(yesterday).service;
    owner = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    first = await uploadAndWait(owner);
    const lists = (await call(owner, 'GET', '/supplier-analyzer/lists')).json();
    expect(lists).toMatchObject({ retentionDays: 90, totalElements: 1, totalPages: 1 });
    expect(lists.content[0]).toMatchObject({
      scanId: first,
      fileName: 'wholesaler.csv',
      source: 'upload',
      market: 'DE',
      totalEans: 6,
      analyzedEans: 6,
      dealsFound: 4,
      rerunOf: null,
      previousRunAt: null,
      changes: null,
    });
    expect(Date.parse(lists.content[0].keptUntil) - Date.parse(lists.content[0].completedAt)).toBe(90 * DAY);
    // the file is kept (a hard link of the upload), the upload itself is gone
    const row = await ctx.deps.db.one<{ list_path: string; upload_path: string | null }>('select list_path, upload_path from scans where id = $1', [first]);
    expect(row.upload_path).toBeNull();
    expect(row.list_path).toBe(path.join(dataDir, 'lists', `${first}.csv`));
    expect(fs.readFileSync(row.list_path, 'utf8')).toBe(fileText);
    // (the upload is removed in the background once the run has ended)
    await waitFor(async () => (fs.existsSync(path.join(dataDir, 'uploads', `${first}.csv`)) ? undefined : true), 5000);
  });

  it('re-runs it against today’s data with the same mapping and minimum ROI, and shows what changed (fixture pair)', async () => {
    // Later the user raises the minimum ROI; the re-run keeps the list's 15 % so both runs are compared like with like.
    await ctx.deps.db.execute('update users set min_roi_threshold = 0.9 where id = $1', [owner.id]);
    ctx.clock.advance(3 * DAY);
    owner = await fresh(owner);
    ctx.deps.marketData = fakeMarketData(today).service;
    rerun = await rerunAndWait(owner, first);
    const scan = await ctx.deps.db.one<{ min_roi: number; rerun_of: string; ean_column: string; file_name: string }>(
      'select min_roi, rerun_of, ean_column, file_name from scans where id = $1',
      [rerun],
    );
    expect(scan).toEqual({ min_roi: 0.15, rerun_of: first, ean_column: 'EAN', file_name: 'wholesaler.csv' });

    const changes = (await call(owner, 'GET', `/supplier-analyzer/lists/${rerun}/changes`)).json();
    expect(changes).toMatchObject({
      scanId: rerun,
      rerunOf: first,
      threshold: 1,
      counts: { new: 1, gone: 1, moved: 1, unchanged: 2 },
      notChecked: 0,
      totalElements: 3,
    });
    expect(kinds(changes)).toEqual([`new:${C}`, `moved:${D}`, `gone:${B}`]);
    const [added, moved, gone] = changes.content;
    expect(added).toMatchObject({ previousProfit: null, profitChange: null, asin: `B0${C.slice(-8)}`, productName: `Product ${C}` });
    expect(added.currentProfit).toBeGreaterThan(0);
    expect(moved.profitChange).toBeGreaterThan(1);
    expect(moved.profitChange).toBeCloseTo(moved.currentProfit - moved.previousProfit, 2);
    expect(gone).toMatchObject({ currentProfit: null, currentRoi: null });
    expect(gone.previousProfit).toBeGreaterThan(0);
    expect(Date.parse(changes.previousRunAt)).toBeLessThan(Date.parse(changes.completedAt));

    // E moved by less than €1: a lower threshold counts it
    const fine = (await call(owner, 'GET', `/supplier-analyzer/lists/${rerun}/changes?threshold=0.1&change=moved`)).json();
    expect(fine.counts).toEqual({ new: 1, gone: 1, moved: 2, unchanged: 1 });
    expect(kinds(fine)).toEqual([`moved:${D}`, `moved:${E}`]);
    expect(fine.content[1].profitChange).toBeGreaterThan(0);
    expect(fine.content[1].profitChange).toBeLessThan(1);
    expect(kinds((await call(owner, 'GET', `/supplier-analyzer/lists/${rerun}/changes?change=gone`)).json())).toEqual([`gone:${B}`]);
    const bad = await call(owner, 'GET', `/supplier-analyzer/lists/${rerun}/changes?threshold=-1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('threshold must be between 0 and 10000.');

    // the list shows the re-run with its counts at the default threshold
    const lists = (await call(owner, 'GET', '/supplier-analyzer/lists')).json();
    expect(lists.content.map((l: { scanId: string }) => l.scanId)).toEqual([rerun, first]);
    expect(lists.content[0]).toMatchObject({ rerunOf: first, changes: { new: 1, gone: 1, moved: 1, unchanged: 2 }, dealsFound: 4 });
    expect(lists.content[0].previousRunAt).toBe(lists.content[1].completedAt);

    // the live deals: today's, and the deal that is gone has left the list
    const deals = (await call(owner, 'GET', '/supplier-analyzer/results?size=100')).json();
    expect(deals.content.map((d: { ean: string }) => d.ean).sort()).toEqual([A, C, D, E].sort());
    expect(new Set(deals.content.map((d: { scanId?: string; supplierName: string }) => d.supplierName))).toEqual(new Set(['wholesaler.csv']));
  });

  it('downloads the changes as CSV', async () => {
    const res = await call(owner, 'GET', `/supplier-analyzer/lists/${rerun}/changes/download?threshold=0.1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="changes_${rerun}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('change,ean,asin,productName,brand,previousProfit,currentProfit,profitChange,previousRoiPercentage,currentRoiPercentage');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(':'))).toEqual([`new:${C}`, `moved:${D}`, `moved:${E}`, `gone:${B}`]);
  });

  it('a re-run of the re-run compares with the re-run; a first run has no changes (409)', async () => {
    ctx.deps.marketData = fakeMarketData(today).service;
    const again = await rerunAndWait(owner, rerun);
    const changes = (await call(owner, 'GET', `/supplier-analyzer/lists/${again}/changes`)).json();
    expect(changes).toMatchObject({ rerunOf: rerun, counts: { new: 0, gone: 0, moved: 0, unchanged: 4 }, content: [] });
    const notRerun = await call(owner, 'GET', `/supplier-analyzer/lists/${first}/changes`);
    expect(notRerun.statusCode).toBe(409);
    expect(notRerun.json().error).toBe('This scan is not a re-run of a kept list, so there are no changes to show.');
  });

  it("answers 404 for another organization's list and for unknown ids; a colleague in the organization shares the lists", async () => {
    const stranger = await createUser(ctx.deps, { tier: 'PRO' });
    const colleague = await createUser(ctx.deps, { tier: 'GROWTH' });
    await ctx.deps.db.execute('update users set organization_id = $2 where id = $1', [colleague.id, owner.organizationId]);
    for (const [method, url] of [
      ['POST', `/supplier-analyzer/lists/${first}/rerun`],
      ['GET', `/supplier-analyzer/lists/${rerun}/changes`],
      ['GET', `/supplier-analyzer/lists/${rerun}/changes/download`],
      ['DELETE', `/supplier-analyzer/lists/${first}`],
      ['POST', '/supplier-analyzer/lists/not-a-uuid/rerun'],
      ['POST', `/supplier-analyzer/lists/00000000-0000-4000-8000-000000000000/rerun`],
    ] as const) {
      const res = await call(stranger, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe('Scan not found');
    }
    expect((await call(stranger, 'GET', '/supplier-analyzer/lists')).json().totalElements).toBe(0);
    expect((await call(owner, 'GET', '/supplier-analyzer/lists')).json().totalElements).toBe(3);
    // Supplier lists are the organization's (docs/organizations.md): the colleague sees them and their changes.
    const shared = (await call(colleague, 'GET', '/supplier-analyzer/lists')).json();
    expect(shared.totalElements).toBe(3);
    expect(shared.content.map((l: { scanId: string }) => l.scanId)).toContain(first);
    expect((await call(colleague, 'GET', `/supplier-analyzer/lists/${rerun}/changes`)).statusCode).toBe(200);
    for (const url of ['/supplier-analyzer/lists/not-a-uuid/rerun', '/supplier-analyzer/lists/00000000-0000-4000-8000-000000000000/rerun']) {
      expect((await call(colleague, 'POST', url)).statusCode, url).toBe(404);
    }
  });

  it("refuses a list past the plan's retention with a sentence, then deletes it and its file", async () => {
    const user = await createUser(ctx.deps, { tier: 'STARTER' });
    ctx.deps.marketData = fakeMarketData(yesterday).service;
    const scanId = await uploadAndWait(user);
    const file = path.join(dataDir, 'lists', `${scanId}.csv`);
    expect(fs.existsSync(file)).toBe(true);
    expect((await call(user, 'GET', '/supplier-analyzer/lists')).json()).toMatchObject({ retentionDays: 30, totalElements: 1 });

    ctx.clock.advance(30 * DAY + 1000);
    const later = await fresh(user);
    expect((await call(later, 'GET', '/supplier-analyzer/lists')).json().totalElements).toBe(0);
    const refused = await call(later, 'POST', `/supplier-analyzer/lists/${scanId}/rerun`);
    expect(refused.statusCode).toBe(403);
    const day = (await ctx.deps.db.one<{ completed_at: Date }>('select completed_at from scans where id = $1', [scanId])).completed_at
      .toISOString()
      .slice(0, 10);
    expect(refused.json().error).toBe(
      `Your plan keeps supplier lists for 30 days after their scan; this list's scan finished on ${day}, so its list is no longer kept. Please upload the file again, or upgrade to keep lists longer.`,
    );

    const cleaned = await cleanupExpiredScans(ctx.deps);
    expect(cleaned.lists).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.db.query('select id from scans where id = $1', [scanId])).toEqual([]);
    // the file is removed in the background
    await waitFor(async () => (fs.existsSync(file) ? undefined : true), 5000);
    expect((await call(later, 'POST', `/supplier-analyzer/lists/${scanId}/rerun`)).statusCode).toBe(404);
    // the GROWTH owner's lists (90 days) are still kept after 33 days
    owner = await fresh(owner);
    expect((await call(owner, 'GET', '/supplier-analyzer/lists')).json().totalElements).toBe(3);
  });

  it('a downgrade shortens the retention at once', async () => {
    await ctx.deps.db.execute(`update organizations set subscription_tier = 'FREE' where id = $1`, [owner.organizationId]);
    const res = await call(owner, 'POST', `/supplier-analyzer/lists/${first}/rerun`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^Your plan keeps supplier lists for 7 days after their scan;/);
    expect((await call(owner, 'GET', '/supplier-analyzer/lists')).json()).toMatchObject({ retentionDays: 7, totalElements: 0 });
    await ctx.deps.db.execute(`update organizations set subscription_tier = 'GROWTH' where id = $1`, [owner.organizationId]);
  });

  it('deletes a supplier list on request: no re-run any more, its file removed', async () => {
    const res = await call(owner, 'DELETE', `/supplier-analyzer/lists/${first}`);
    expect(res.statusCode).toBe(204);
    await waitFor(async () => (fs.existsSync(path.join(dataDir, 'lists', `${first}.csv`)) ? undefined : true), 5000);
    const again = await call(owner, 'POST', `/supplier-analyzer/lists/${first}/rerun`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('The list of this scan was not kept, so it cannot be re-run. Please upload the file again.');
    expect((await call(owner, 'GET', '/supplier-analyzer/lists')).json().totalElements).toBe(2);
    // the re-run still has its changes: it kept the previous run's deals
    expect((await call(owner, 'GET', `/supplier-analyzer/lists/${rerun}/changes`)).json().counts).toEqual({ new: 1, gone: 1, moved: 1, unchanged: 2 });
  });

  it('re-runs an all-markets list in all markets; a plan without them is refused', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    ctx.deps.marketData = fakeMarketData(yesterday).service;
    const all = await uploadAndWait(user, fileText, 'ALL');
    expect((await call(user, 'GET', '/supplier-analyzer/lists')).json().content[0]).toMatchObject({ scanId: all, allMarkets: true, market: 'DE' });
    ctx.deps.marketData = fakeMarketData(today).service;
    const again = await rerunAndWait(user, all);
    expect((await ctx.deps.db.one<{ all_markets: boolean }>('select all_markets from scans where id = $1', [again])).all_markets).toBe(true);
    expect((await call(user, 'GET', `/supplier-analyzer/lists/${again}/changes`)).json().counts).toEqual({ new: 1, gone: 1, moved: 1, unchanged: 2 });
    await ctx.deps.db.execute(`update organizations set subscription_tier = 'STARTER' where id = $1`, [user.organizationId]);
    const refused = await call(user, 'POST', `/supplier-analyzer/lists/${again}/rerun`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/all markets/);
  });

  it('a deal whose Amazon data could not be fetched today is not counted as gone', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    ctx.deps.marketData = fakeMarketData(yesterday).service;
    const before = await uploadAndWait(user);
    // Today B cannot be looked up at all (an upstream failure): unknown, not gone.
    const base = fakeMarketData(yesterday).service;
    ctx.deps.marketData = {
      ...base,
      async lookupListings(eans, market, options) {
        const answer = await base.lookupListings(
          eans.filter((e) => e !== B),
          market,
          options,
        );
        return { ...answer, notLookedUp: eans.filter((e) => e === B) };
      },
    };
    const after = await rerunAndWait(user, before);
    const changes = (await call(user, 'GET', `/supplier-analyzer/lists/${after}/changes`)).json();
    expect(changes).toMatchObject({ counts: { new: 0, gone: 0, moved: 0, unchanged: 3 }, notChecked: 1, content: [] });
  });

  it('compares only the EANs both runs analyzed when the plan allowed part of the list', async () => {
    const user = await createUser(ctx.deps, { tier: 'STARTER' });
    // 3 EAN uploads left this month: the first run analyzes A, B, C only
    await reserveEanUploads(ctx.deps.db, user.organizationId, 2500 - 3, ctx.clock.now());
    ctx.deps.marketData = fakeMarketData(yesterday).service;
    const partial = await uploadAndWait(user);
    expect((await call(user, 'GET', '/supplier-analyzer/lists')).json().content[0]).toMatchObject({ totalEans: 6, analyzedEans: 3, dealsFound: 2 });
    // a new month: the re-run analyzes all six, against today's data
    await ctx.deps.db.execute(`delete from usage_counters where organization_id = $1`, [user.organizationId]);
    ctx.deps.marketData = fakeMarketData(today).service;
    const whole = await rerunAndWait(await fresh(user), partial);
    const changes = (await call(await fresh(user), 'GET', `/supplier-analyzer/lists/${whole}/changes`)).json();
    // D and E were never looked at by the first run: not "new"; B is gone, C is new, A unchanged
    expect(changes.counts).toEqual({ new: 1, gone: 1, moved: 0, unchanged: 1 });
    expect(kinds(changes)).toEqual([`new:${C}`, `gone:${B}`]);
    // and the other way: a partial re-run does not call the deals it did not look at "gone"
    await reserveEanUploads(ctx.deps.db, user.organizationId, 2500 - 6 - 2, ctx.clock.now());
    ctx.deps.marketData = fakeMarketData(yesterday).service;
    const back = await rerunAndWait(await fresh(user), whole);
    const backChanges = (await call(await fresh(user), 'GET', `/supplier-analyzer/lists/${back}/changes`)).json();
    // only A and B were analyzed: B is back (new), A unchanged; C, D and E were not looked at, so not gone
    expect(backChanges.counts).toEqual({ new: 1, gone: 0, moved: 0, unchanged: 1 });
    expect(kinds(backChanges)).toEqual([`new:${B}`]);
  });
});
