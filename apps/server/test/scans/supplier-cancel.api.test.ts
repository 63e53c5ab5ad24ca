import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { CANCELED_MESSAGE, timeRemainingOf } from '../../src/modules/scans/scans.service.ts';
import { localScanCount } from '../../src/modules/scans/scans.jobs.ts';
import * as repo from '../../src/modules/scans/scans.repository.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitFor, waitForStatus } from './helpers.ts';

/**
 * Cancel and time remaining of a supplier scan; the deals list and the maximum buy price follow the user's current
 * minimum ROI.
 */

let ctx: TestContext;
let fake: ReturnType<typeof fakeMarketData>;

/** 3,000 EANs with a listing each (cost 1,00 € against a 20,00 € buy box: every one a deal). */
const MANY = Array.from({ length: 3000 }, (_, i) => ean13(String(710000000000 + i)));
/** One buy box, costs from 4,00 € to 12,00 €: ROIs on both sides of 15 % and 25 %. */
const COSTS = Array.from({ length: 17 }, (_, i) => 4 + i * 0.5);
const THRESHOLD = COSTS.map((_, i) => ean13(String(720000000000 + i)));

beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
  fake = fakeMarketData([...MANY.map((e) => listing(e, 'DE')), ...THRESHOLD.map((e) => listing(e, 'DE'))]);
  ctx.deps.marketData = fake.service;
});
afterAll(async () => {
  await ctx?.close();
});

async function upload(user: TestUser, content: string) {
  const body = multipart({ marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis' }, { name: 'list.csv', content });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/supplier-analyzer/start',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().scanId as string;
}

const status = async (user: TestUser, scanId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/${scanId}/status`, headers: user.headers });
const deals = async (user: TestUser) => (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?size=100', headers: user.headers })).json();

describe('cancelling a supplier scan', () => {
  it('the owner cancels a running scan: it ends as cancelled, the deals found so far stay, the worker stops; another user gets 404', async () => {
    const owner = await createUser(ctx.deps, { tier: 'GROWTH' });
    const other = await createUser(ctx.deps, { tier: 'GROWTH' });
    // Each look-up batch takes a second: the cancel surely comes while most of the list is still to do.
    fake.state.delayMs = 1000;
    try {
      const scanId = await upload(owner, ['EAN;Marke;Preis', ...MANY.map((e) => `${e};Nivea;1,00`)].join('\n'));
      const running = await waitFor(async () => {
        const body = (await status(owner, scanId)).json();
        return body.status === 'PROCESSING' && body.processedEans > 0 && body.report.dealsFound > 0 ? body : undefined;
      });
      expect(running.canceled).toBeUndefined();
      // Time remaining once EANs are done: from the rate measured since the start (the test's clock moves a minute on).
      ctx.clock.advance(60_000);
      const measured = (await status(owner, scanId)).json();
      expect(measured.timeRemaining.basis).toBe('measured');
      expect(measured.timeRemaining.seconds).toBeGreaterThan(0);
      expect(measured.timeRemaining.seconds).toBe(Math.round(((3000 - measured.processedEans) * 60) / measured.processedEans));

      // Someone else's scan is not found: neither its status nor its cancel.
      expect((await status(other, scanId)).statusCode).toBe(404);
      const foreign = await ctx.app.inject({ method: 'POST', url: `/api/supplier-analyzer/${scanId}/cancel`, headers: other.headers });
      expect(foreign.statusCode).toBe(404);
      expect((await status(owner, scanId)).json().status).toBe('PROCESSING');

      const canceled = await ctx.app.inject({ method: 'POST', url: `/api/supplier-analyzer/${scanId}/cancel`, headers: owner.headers });
      expect(canceled.statusCode).toBe(200);
      expect(canceled.json()).toMatchObject({ status: 'ERROR', error: CANCELED_MESSAGE, canceled: true });
      expect(canceled.json().timeRemaining).toBeUndefined();
      await waitFor(async () => (localScanCount(ctx.deps) === 0 ? true : undefined), 5000);

      const after = (await status(owner, scanId)).json();
      expect(after).toMatchObject({ status: 'ERROR', canceled: true });
      expect(after.processedEans).toBeLessThan(3000);
      // The deals found before the cancel stay in the list, and nothing is added after it.
      const kept = (await deals(owner)).totalElements;
      expect(kept).toBeGreaterThanOrEqual(after.report.dealsFound);
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await deals(owner)).totalElements).toBe(kept);
      expect((await status(owner, scanId)).json().processedEans).toBe(after.processedEans);
    } finally {
      fake.state.delayMs = 0;
    }
  });

  it('a cancel written by another process stops the worker that runs the scan, also while its look-up waits', async () => {
    const owner = await createUser(ctx.deps, { tier: 'GROWTH' });
    // A look-up that would take a minute (like a wait for Keepa tokens): the run commits nothing meanwhile.
    fake.state.delayMs = 60_000;
    try {
      const scanId = await upload(owner, ['EAN;Marke;Preis', ...MANY.slice(0, 10).map((e) => `${e};Nivea;1,00`)].join('\n'));
      await waitForStatus(ctx, `/api/supplier-analyzer/${scanId}/status`, owner.headers, ['PROCESSING']);
      await waitFor(async () => (localScanCount(ctx.deps) === 1 ? true : undefined));
      // What an API process's cancel writes; this process's request handler is not involved (no local abort).
      expect(await repo.cancelScan(ctx.deps.db, scanId, ctx.clock.now(), CANCELED_MESSAGE)).toBeTruthy();
      const started = Date.now();
      await waitFor(async () => (localScanCount(ctx.deps) === 0 ? true : undefined), 8000);
      expect(Date.now() - started).toBeLessThan(8000);
      expect((await status(owner, scanId)).json()).toMatchObject({ status: 'ERROR', canceled: true });
    } finally {
      fake.state.delayMs = 0;
    }
  });
});

describe('time remaining of a running scan', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const row = (over: Partial<repo.ScanRow>): repo.ScanRow =>
    ({
      status: 'PROCESSING',
      total_eans: 10_000,
      allowed_eans: 10_000,
      processed_eans: 0,
      started_at: new Date(now.getTime() - 60_000),
      tokens_estimated: null,
      tokens_spent: 0,
      token_refill_rate: null,
      tokens_left: null,
      token_wait_until: null,
      token_wait_reason: null,
      ...over,
    }) as repo.ScanRow;

  it('before the first EANs: from the token estimate at the refill rate; without one: unknown', () => {
    // 14,500 tokens at 21 per minute, no balance known: 691 minutes ("about 11 h 31 min").
    expect(timeRemainingOf(row({ status: 'PENDING', started_at: null, tokens_estimated: 14_500, token_refill_rate: 21 }), now)).toEqual({
      seconds: 691 * 60,
      basis: 'tokens',
    });
    expect(timeRemainingOf(row({ tokens_estimated: 14_500, token_refill_rate: 21 }), now)).toMatchObject({ basis: 'tokens' });
    expect(timeRemainingOf(row({}), now)).toEqual({ seconds: null, basis: 'unknown' });
  });

  it('then from the measured rate; a real Keepa account is never faster than its refill; nothing once ended', () => {
    // 500 of 10,000 in 60 s: 9,500 left at 500 per minute = 19 minutes.
    expect(timeRemainingOf(row({ processed_eans: 500 }), now)).toEqual({ seconds: 1140, basis: 'measured' });
    // The demo's estimate (no balance) does not hold a measured rate back.
    expect(timeRemainingOf(row({ processed_eans: 500, tokens_estimated: 14_500, token_refill_rate: 21 }), now)).toEqual({ seconds: 1140, basis: 'measured' });
    // A Keepa account with 0 tokens left and 14,000 still expected at 21 per minute: 667 minutes, not 19.
    expect(timeRemainingOf(row({ processed_eans: 500, tokens_estimated: 14_500, tokens_spent: 500, token_refill_rate: 21, tokens_left: 0 }), now)).toEqual({
      seconds: 667 * 60,
      basis: 'measured',
    });
    expect(timeRemainingOf(row({ status: 'COMPLETED', processed_eans: 10_000 }), now)).toBeUndefined();
    expect(timeRemainingOf(row({ status: 'ERROR', processed_eans: 500 }), now)).toBeUndefined();
  });
});

describe('the deals list follows the current minimum ROI', () => {
  const file = ['EAN;Marke;Preis', ...THRESHOLD.map((e, i) => `${e};Nivea;${COSTS[i]!.toFixed(2).replace('.', ',')}`)].join('\n');

  it('raising the minimum ROI hides the deals below it and gives the maximum buy price for the new minimum', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const scanId = await upload(user, file);
    await waitForStatus(ctx, `/api/supplier-analyzer/${scanId}/status`, user.headers, ['COMPLETED']);
    const at15 = (await deals(user)).content as Array<{ ean: string; roiPercentage: number; minRoi: number; maxBuyPrice: number }>;
    // The list has deals on both sides of 25 %, else this test proves nothing.
    expect(at15.some((d) => d.roiPercentage < 25)).toBe(true);
    expect(at15.some((d) => d.roiPercentage >= 25)).toBe(true);
    expect(at15.every((d) => d.roiPercentage >= 15 && d.minRoi === 0.15)).toBe(true);

    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/user/settings', headers: user.headers, payload: { minRoiThreshold: 0.25 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await deals(user);
    const at25 = page.content as typeof at15;
    expect(at25.length).toBe(at15.filter((d) => d.roiPercentage >= 25).length);
    expect(page.totalElements).toBe(at25.length);
    expect(at25.every((d) => d.roiPercentage >= 25 && d.minRoi === 0.25)).toBe(true);
    const filters = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results/filters', headers: user.headers })).json();
    expect(filters.brands).toEqual(['Nivea']);

    // The maximum buy price for 25 % is what the profit engine gives a scan run at 25 % (another user, same list).
    const fresh = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.25 });
    const freshScan = await upload(fresh, file);
    await waitForStatus(ctx, `/api/supplier-analyzer/${freshScan}/status`, fresh.headers, ['COMPLETED']);
    const engine = new Map(((await deals(fresh)).content as typeof at15).map((d) => [d.ean, d]));
    expect(engine.size).toBe(at25.length);
    for (const deal of at25) {
      const expected = engine.get(deal.ean)!;
      expect(Math.abs(deal.maxBuyPrice - expected.maxBuyPrice)).toBeLessThanOrEqual(0.01);
      expect(deal.maxBuyPrice).toBeLessThan(at15.find((d) => d.ean === deal.ean)!.maxBuyPrice);
    }

    // Lowering it again brings the deals back with the price for 15 %, as stored.
    await ctx.app.inject({ method: 'PUT', url: '/api/user/settings', headers: user.headers, payload: { minRoiThreshold: 0.15 } });
    expect(((await deals(user)).content as typeof at15).map((d) => [d.ean, d.maxBuyPrice]).sort()).toEqual(at15.map((d) => [d.ean, d.maxBuyPrice]).sort());
  });
});

describe('the re-run confirmation', () => {
  it("tells a supplier list's EANs and expected tokens before a re-run; another organization's list is 404", async () => {
    const owner = await createUser(ctx.deps, { tier: 'GROWTH' });
    const other = await createUser(ctx.deps, { tier: 'GROWTH' });
    const content = ['EAN;Marke;Preis', ...THRESHOLD.map((e) => `${e};Nivea;5,00`), `${THRESHOLD[0]};Nivea;5,00`, 'abc;Nivea;1,00'].join('\n');
    const scanId = await upload(owner, content);
    await waitForStatus(ctx, `/api/supplier-analyzer/${scanId}/status`, owner.headers, ['COMPLETED']);
    const url = `/api/supplier-analyzer/lists/${scanId}/rerun-estimate`;
    const estimate = await ctx.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(estimate.statusCode, estimate.body).toBe(200);
    // The list's distinct valid EANs (the duplicate and the invalid row do not count); this data source charges no tokens.
    expect(estimate.json()).toMatchObject({ eans: THRESHOLD.length, tokens: 0 });
    expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    // A colleague in the owner's organization shares the supplier lists, so may ask too.
    await ctx.deps.db.execute('update users set organization_id = $2 where id = $1', [other.id, owner.organizationId]);
    expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).json()).toMatchObject({ eans: THRESHOLD.length });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/lists/not-a-uuid/rerun-estimate', headers: owner.headers })).statusCode).toBe(
      404,
    );
    // A list deleted: no re-run, so no estimate either.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/supplier-analyzer/lists/${scanId}`, headers: owner.headers })).statusCode).toBe(204);
    const gone = await ctx.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toContain('no longer kept');
  });
});

describe('the other listings of a deal', () => {
  it('carry their price now (the buy box, else the lowest offer) and the ROI the supplier price would have there', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const ean = THRESHOLD[0]!;
    const original = fake.service.lookupListings;
    fake.service.lookupListings = async (eans, market, opts) => {
      const answer = await original(eans, market, opts);
      const found = answer.resolved.get(ean);
      if (found) {
        found.alternatives = [
          // A first-phase listing: buy box not fetched, its lowest FBA offer known.
          listing(ean, 'DE', { asin: 'B0ALTPACK2', packageQuantity: 2, buyBoxPrice: null, lowestFbaPrice: 3000 }),
          listing(ean, 'DE', { asin: 'B0ALTNONE1', buyBoxPrice: null, lowestFbaPrice: null, lowestFbmPrice: null }),
        ];
      }
      return answer;
    };
    try {
      const scanId = await upload(user, ['EAN;Marke;Preis', `${ean};Nivea;5,00`].join('\n'));
      await waitForStatus(ctx, `/api/supplier-analyzer/${scanId}/status`, user.headers, ['COMPLETED']);
      const [deal] = (await deals(user)).content as Array<{ roiPercentage: number; alternatives: Array<Record<string, unknown>> }>;
      expect(deal!.alternatives).toEqual([
        expect.objectContaining({
          asin: 'B0ALTPACK2',
          numberOfPacks: 2,
          buyBoxPrice: null,
          price: 30,
          priceKind: 'lowest-fba',
          roiPercentage: expect.any(Number),
        }),
        expect.objectContaining({ asin: 'B0ALTNONE1', price: null, priceKind: null, roiPercentage: null }),
      ]);
      // Two units at €5.00 against €30.00 earn less per euro than one against the deal's €20.00 buy box.
      expect(deal!.alternatives[0]!.roiPercentage as number).toBeLessThan(deal!.roiPercentage);
    } finally {
      fake.service.lookupListings = original;
    }
  });
});
