import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';
import { realSleep } from '../../src/modules/market-data/providers/http-retry.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import type { MarketDataService } from '../../src/modules/market-data/market-data.types.ts';
import { createKeepaProvider } from '../../src/modules/market-data/providers/keepa/keepa-client.ts';
import { demoSupplierSampleCsv } from '../../src/modules/market-data/providers/demo/demo-supplier-sample.ts';
import { localScanCount, registerScanJobs, stopScanWorker } from '../../src/modules/scans/scans.jobs.ts';
import { keepaProduct, startKeepaFake } from '../market-data/fakes/keepa-fake.ts';
import { multipart, waitFor, waitForStatus } from './helpers.ts';

/** Keepa tokens through the supplier analyzer: tokens stored per scan, estimate, two phases, token waits. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
});
afterAll(async () => {
  await ctx?.close();
});

const mapping = { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' };

async function runScan(user: { headers: Record<string, string> }, csv: string) {
  const body = multipart(mapping, { name: 'sample.csv', content: csv });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/supplier-analyzer/start',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  const { scanId } = res.json();
  return waitForStatus(ctx, `/api/supplier-analyzer/${scanId}/status`, user.headers, ['COMPLETED', 'ERROR'], 60_000);
}

async function dealsOf(scanId: string) {
  return ctx.deps.db.query<{ ean: string; asin: string; amazon_price: number; estimated_profit: number; roi_percentage: number; max_buy_price: number }>(
    'select ean, asin, amazon_price, estimated_profit, roi_percentage, max_buy_price from scan_results where scan_id = $1 and is_deal order by ean',
    [scanId],
  );
}

/** The same service with the two-phase look-up switched off (every listing asked with its buy box). */
function onePhase(inner: MarketDataService): MarketDataService {
  return { ...inner, lookupListings: (eans, market, options) => inner.lookupListings(eans, market, { ...options, candidate: undefined }) };
}

describe('Keepa tokens in scans', () => {
  /** The demo sample with every supplier price × factor (1: most rows are candidates; 2.3: a typical 10–20 %). */
  const sample = (factor: number) =>
    demoSupplierSampleCsv(ctx.clock.now())
      .split('\n')
      .map((line, i) =>
        i === 0 || !line ? line : line.replace(/,([\d.]+)(\r?)$/, (_, price: string, cr: string) => `,${(Number(price) * factor).toFixed(2)}${cr}`),
      )
      .join('\n');

  it.each([1, 2.3])(
    'two phases find exactly the deals one phase finds (supplier prices × %s); the scan stores the tokens it spent',
    async (factor) => {
      const csv = sample(factor);
      const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
      const demo = ctx.deps.marketData;
      try {
        await ctx.deps.db.execute('delete from market_listing_cache');
        ctx.deps.marketData = onePhase(demo);
        const one = await runScan(user, csv);
        const oneDeals = await dealsOf(one.scanId);
        await ctx.deps.db.execute('delete from market_listing_cache');
        ctx.deps.marketData = demo;
        const two = await runScan(user, csv);
        const twoDeals = await dealsOf(two.scanId);

        expect(one.status).toBe('COMPLETED');
        expect(two.status).toBe('COMPLETED');
        expect(one.report.dealsFound).toBeGreaterThan(5);
        expect(two.report.dealsFound).toBe(one.report.dealsFound);
        expect(two.report.matchedProducts).toBe(one.report.matchedProducts);
        expect(twoDeals).toEqual(oneDeals);

        // What the demo charged as Keepa would (3 tokens per product in one phase), stored on the scan.
        expect(one.tokens.spent).toBeGreaterThan(0);
        expect(one.tokens.spent % 3).toBe(0);
        expect(two.tokens).toMatchObject({ refillRate: 20, minutesRemaining: null, waitingUntil: null });
        expect(two.tokens.estimated).toBeGreaterThan(0);
        if (factor === 1) {
          // Most products are candidates: after 200 judged listings the scan goes on in one phase, never much dearer.
          expect(two.tokens.spent).toBeLessThan(one.tokens.spent * 1.25);
        } else {
          // A typical list: at most 1.5 tokens per new EAN (one phase: about 3 per listed EAN).
          const candidates = (two.tokens.spent - one.tokens.spent / 3) / 3;
          expect(candidates / (one.tokens.spent / 3)).toBeGreaterThan(0.1);
          expect(candidates / (one.tokens.spent / 3)).toBeLessThan(0.2);
          expect(two.tokens.spent / two.report.validEans).toBeLessThanOrEqual(1.5);
          expect(two.tokens.spent).toBeLessThan(one.tokens.spent / 2);
        }

        // Warm: the same list again is expected to cost nothing, spends nothing and finds the same deals.
        const warm = await runScan(user, csv);
        expect(warm.tokens).toMatchObject({ spent: 0, estimated: 0 });
        expect(warm.report.dealsFound).toBe(two.report.dealsFound);
      } finally {
        ctx.deps.marketData = demo;
      }
    },
    60_000,
  );

  it('POST /supplier-analyzer/token-estimate tells the cost of a file before its scan', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    await ctx.deps.db.execute('delete from market_listing_cache');
    const csv = demoSupplierSampleCsv(ctx.clock.now());
    const body = multipart({ marketId: 'FR', eanColumn: 'EAN' }, { name: 'sample.csv', content: csv });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/token-estimate',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ eans: 500, newEans: 500, tokens: Math.ceil(500 * 1.45), refillRate: 20, minutes: Math.ceil(Math.ceil(500 * 1.45) / 20) });
    expect(answer.text).toBe('about 725 Keepa tokens, about 37 min at 20 tokens/min');

    const bad = multipart({ marketId: 'FR', eanColumn: 'Nope' }, { name: 'sample.csv', content: csv });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/token-estimate',
      headers: { ...user.headers, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual(expect.any(String));
    const noAuth = await ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/token-estimate', headers: body.headers, payload: body.payload });
    expect(noAuth.statusCode).toBe(401);
  });

  it('a scan waiting for Keepa tokens says so, keeps waiting across a restart and finishes when tokens are back', async () => {
    const ean = (i: number) => {
      const digits = `402${String(i).padStart(9, '0')}`;
      return digits + gs1CheckDigit(digits);
    };
    const products = new Map<string, object[]>();
    for (let i = 0; i < 30; i += 1) {
      const product = keepaProduct({ asin: `B0WAIT${String(i).padStart(4, '0')}`, ean: ean(i), buyBox: 2999 });
      products.set(ean(i), [product]);
      products.set(product.asin, [product]);
    }
    const fake = await startKeepaFake({ key: 'k', products, tokensLeft: -600, enforceTokens: true });
    // The account refills when the test says so; a stopped worker's wait ends with its abort.
    const sleep = async (_ms: number, signal?: AbortSignal) => {
      while (fake.tokens() <= 0) await realSleep(50, signal);
    };
    const keepaService = () =>
      createMarketDataService({
        config: ctx.deps.config,
        db: ctx.deps.db,
        clock: ctx.clock,
        log: ctx.deps.log,
        providers: { retail: createKeepaProvider({ apiKey: 'k', baseUrl: fake.url, now: () => ctx.clock.now(), log: ctx.deps.log, sleep }) },
      });
    const previous = ctx.deps.marketData;
    try {
      ctx.deps.marketData = keepaService();
      const user = await createUser(ctx.deps, { tier: 'PRO' });
      const csv = ['EAN;Brand;Price', ...Array.from({ length: 30 }, (_, i) => `${ean(i)};Nivea;5,00`)].join('\n');
      const body = multipart(mapping, { name: 'wait.csv', content: csv });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/supplier-analyzer/start',
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
      const { scanId } = res.json();
      const url = `/api/supplier-analyzer/${scanId}/status`;
      const status = () => ctx.app.inject({ method: 'GET', url, headers: user.headers }).then((r) => r.json());

      const waiting = await waitFor(async () => ((await status()).tokens?.waitingUntil ? status() : undefined));
      expect(waiting.status).toBe('PROCESSING');
      expect(waiting.tokens.waitingReason).toContain('tokens');
      expect(waiting.tokens.estimated).toBe(Math.ceil(30 * 1.45));
      // 600 tokens of debt and ~44 to spend at 20 per minute
      expect(waiting.tokens.minutesRemaining).toBeGreaterThanOrEqual(32);

      // The server stops: the scan stays PROCESSING; a new worker resumes it and it waits again.
      await stopScanWorker(ctx.deps);
      await waitFor(async () => (localScanCount(ctx.deps) === 0 ? true : undefined));
      await ctx.deps.db.execute(`update scans set heartbeat_at = heartbeat_at - interval '10 minutes' where id = $1`, [scanId]);
      ctx.deps.marketData = keepaService(); // a new process knows nothing of the account yet
      await registerScanJobs(ctx.deps, { worker: true, scheduler: false });
      // The resumed run (second attempt) asks Keepa, is refused for lack of tokens and waits again.
      await waitFor(async () => {
        const row = await ctx.deps.db.one<{ attempts: number; token_wait_until: Date | null }>('select attempts, token_wait_until from scans where id = $1', [
          scanId,
        ]);
        return row.attempts === 2 && row.token_wait_until ? true : undefined;
      });
      const waitingAgain = await status();
      expect(waitingAgain.status).toBe('PROCESSING');
      expect(waitingAgain.tokens.waitingReason).toContain('tokens');

      fake.setTokens(1000);
      const done = await waitForStatus(ctx, url, user.headers, ['COMPLETED', 'ERROR'], 30_000);
      expect(done).toMatchObject({ status: 'COMPLETED', processedEans: 30 });
      expect(done.report.matchedProducts).toBe(30);
      expect(done.tokens.spent).toBe(fake.stats.tokensConsumed);
      expect(done.tokens.waitingUntil).toBeNull();
    } finally {
      ctx.deps.marketData = previous;
      await fake.close();
    }
  });

  it('a scan waiting for tokens can be cancelled', async () => {
    const products = new Map<string, object[]>();
    const digits = '403000000001';
    const code = digits + gs1CheckDigit(digits);
    products.set(code, [keepaProduct({ asin: 'B0CANCEL01', ean: code })]);
    const fake = await startKeepaFake({ key: 'k', products, tokensLeft: -100_000, enforceTokens: true });
    const previous = ctx.deps.marketData;
    try {
      ctx.deps.marketData = createMarketDataService({
        config: ctx.deps.config,
        db: ctx.deps.db,
        clock: ctx.clock,
        log: ctx.deps.log,
        providers: { retail: createKeepaProvider({ apiKey: 'k', baseUrl: fake.url, now: () => ctx.clock.now(), log: ctx.deps.log }) },
      });
      const user = await createUser(ctx.deps, { tier: 'PRO' });
      const body = multipart(mapping, { name: 'c.csv', content: `EAN;Brand;Price\n${code};Nivea;5,00\n` });
      const { scanId } = (
        await ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/start', headers: { ...user.headers, ...body.headers }, payload: body.payload })
      ).json();
      const url = `/api/supplier-analyzer/${scanId}/status`;
      await waitFor(async () => ((await ctx.app.inject({ method: 'GET', url, headers: user.headers })).json().tokens?.waitingUntil ? true : undefined));
      const canceled = await ctx.app.inject({ method: 'POST', url: `/api/supplier-analyzer/${scanId}/cancel`, headers: user.headers });
      expect(canceled.statusCode).toBe(200);
      expect(canceled.json()).toMatchObject({ status: 'ERROR', error: 'The scan was canceled.' });
      expect(canceled.json().tokens.waitingUntil).toBeNull();
      // the worker's wait ends at once (no scan left running in this process)
      await waitFor(async () => (localScanCount(ctx.deps) === 0 ? true : undefined), 5000);
    } finally {
      ctx.deps.marketData = previous;
      await fake.close();
    }
  });
});
