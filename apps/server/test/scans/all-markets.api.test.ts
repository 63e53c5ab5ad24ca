import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_RESULT_COLUMNS } from '@dealradar/shared/contracts/scans';
import { parseCsvRecords, stripBom } from '@dealradar/shared/csv';
import { MARKET_IDS, MARKETS, type MarketId } from '@dealradar/shared/markets';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { TestClock } from '../../src/lib/clock.ts';
import { ALL_MARKETS_FORBIDDEN, getUsage } from '../../src/modules/plans/entitlements.ts';
import { demoSupplierSampleCsv } from '../../src/modules/market-data/providers/demo/demo-supplier-sample.ts';
import type { MarketDataService } from '../../src/modules/market-data/market-data.types.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitForStatus } from './helpers.ts';

/**
 * "All markets" in the Supplier Level Analyzer (docs/trusted-deals.md "Best market across all markets"):
 * best market and runner-up against a hand computation with FX, the same figures as seven single-market scans of the
 * demo sample, the plan gate, and the token estimate counting every market.
 */
let ctx: TestContext;
let demo: MarketDataService;
beforeAll(async () => {
  // Fee rules of 2026-11-23 (the hand computation's day).
  ctx = await buildTestApp({ withQueue: true, clock: new TestClock('2026-11-23T12:00:00Z') });
  demo = ctx.deps.marketData;
});
afterAll(async () => {
  await ctx?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function startUpload(user: TestUser, csv: string, marketId: string) {
  const body = multipart({ marketId, eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' }, { name: 'list.csv', content: csv });
  return ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/start', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

async function scan(user: TestUser, csv: string, marketId: string): Promise<Json> {
  const res = await startUpload(user, csv, marketId);
  expect(res.statusCode, res.body).toBe(200);
  const done = await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR'], 120_000);
  expect(done.status, done.error).toBe('COMPLETED');
  return done;
}

async function allDeals(user: TestUser, query = ''): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 0; ; page += 1) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/results?page=${page}&size=100${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    out.push(...res.json().content);
    if (page + 1 >= res.json().totalPages) return out;
  }
}

async function tokenEstimate(user: TestUser, csv: string, marketId: string) {
  const body = multipart({ marketId, eanColumn: 'EAN' }, { name: 'list.csv', content: csv });
  return ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/token-estimate', headers: { ...user.headers, ...body.headers }, payload: body.payload });
}

async function deSeller(user: TestUser) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/user/settings/seller-profile',
    headers: user.headers,
    payload: { country: 'DE', vatRegistered: true },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('best market and runner-up against a hand computation with FX', () => {
  const X = ean13('400617009001'); // DE, UK and US: best US, runner-up UK (ahead of DE only after FX)
  const Y = ean13('400617009002'); // DE only: best DE, no runner-up
  const Z = ean13('400617009003'); // FR six-pack earns more per sale below the minimum ROI; IT single is the deal
  const W = ean13('400617009004'); // listed, a deal nowhere
  // The fake's rates: 1 EUR = 0.85 GBP = 1.10 USD (= 1.10 CAD), dated 2026-11-20.
  const fake = fakeMarketData([
    listing(X, 'DE', { buyBoxPrice: 1999, fbaFee: 290 }),
    listing(X, 'UK', { buyBoxPrice: 1749, fbaFee: 250 }),
    listing(X, 'US', { buyBoxPrice: 2499, fbaFee: 350 }),
    listing(Y, 'DE', { buyBoxPrice: 1999, fbaFee: 290 }),
    listing(Z, 'FR', { buyBoxPrice: 7999, fbaFee: 500, packageQuantity: 6 }),
    listing(Z, 'IT', { buyBoxPrice: 1999, fbaFee: 300 }),
    listing(W, 'ES', { buyBoxPrice: 999, fbaFee: 300 }),
  ]);
  const csv = ['EAN,Brand,Price', `${X},Nivea,7.00`, `${Y},Nivea,7.00`, `${Z},Nivea,7.00`, `${W},Nivea,9.00`].join('\r\n');

  it('continental Europe: figures per market in their currency, compared in EUR', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    ctx.deps.marketData = fake.service;
    try {
      const done = await scan(user, csv, 'ALL');
      expect(done).toMatchObject({ allMarkets: true, report: { matchedProducts: 4, dealsFound: 3 } });
      const deals = await allDeals(user);
      const byEan = new Map(deals.map((d) => [d.ean, d]));
      expect([...byEan.keys()].sort()).toEqual([X, Y, Z].sort());

      // X, DE-registered seller, cost €7.00 (700):
      // DE: revenue 1999 / 1.19 = 1679.83; referral 0.15 × 1999 = 299.85; profit 1679.83 − 299.85 − 290 − 700 = 389.98
      //     → €3.90, ROI 55.71 %.
      // UK: cost 700 × 0.85 = 595 p; revenue 1749 / 1.2 = 1457.5; referral 262.35 + DSF 2 % 5.247; FBA 250 + DSF 5;
      //     profit 1457.5 − 262.35 − 5.247 − 250 − 5 − 595 = 339.90 → £3.40, ROI 57.13 %; in EUR 340 / 0.85 = €4.00.
      // US: cost 700 × 1.10 = 770 ¢; no VAT; referral 374.85; profit 2499 − 374.85 − 350 − 770 = 1004.15 → $10.04,
      //     ROI 130.41 %; in EUR 1004 / 1.10 = 912.7 → €9.13.
      // Best US €9.13, runner-up UK €4.00, then DE €3.90.
      const x = byEan.get(X)!;
      expect(x).toMatchObject({
        market: 'US',
        estimatedProfit: 9.13,
        roiPercentage: 130.41,
        amazonPrice: 22.72,
        breakdown: { currency: 'USD', profit: 10.04 },
      });
      // Each market's profit also in the list's EUR (the best one's is the deal's own) with its rate.
      expect(x.marketComparison).toEqual({
        currency: 'EUR',
        fxDate: '2026-11-20',
        fxRate: 1,
        best: {
          market: 'US',
          profit: 9.13,
          roiPercentage: 130.41,
          marketProfit: 10.04,
          marketCurrency: 'USD',
          buyBoxPrice: 24.99,
          asin: `B0${X.slice(-8)}`,
          listProfit: 9.13,
          fxRate: 1.1,
        },
        runnerUp: {
          market: 'UK',
          profit: 4,
          roiPercentage: 57.13,
          marketProfit: 3.4,
          marketCurrency: 'GBP',
          buyBoxPrice: 17.49,
          asin: `B0${X.slice(-8)}`,
          listProfit: 4,
          fxRate: 0.85,
        },
        dealMarkets: [
          expect.objectContaining({ market: 'US' }),
          expect.objectContaining({ market: 'UK' }),
          {
            market: 'DE',
            profit: 3.9,
            roiPercentage: 55.71,
            marketProfit: 3.9,
            marketCurrency: 'EUR',
            buyBoxPrice: 19.99,
            asin: `B0${X.slice(-8)}`,
            listProfit: 3.9,
            fxRate: 1,
          },
        ],
        listedIn: ['DE', 'UK', 'US'],
      });

      // Y: DE only, the same figures as X in DE; no runner-up.
      expect(byEan.get(Y)).toMatchObject({
        market: 'DE',
        estimatedProfit: 3.9,
        marketComparison: { best: { market: 'DE' }, runnerUp: null, listedIn: ['DE'] },
      });

      // Z: FR six-pack, cost 6 × 700 = 4200: revenue 7999 / 1.2 = 6665.83; referral 1199.85 + DSF 3 % 36.00; FBA 500 +
      //     DSF 3 % 15; profit 6665.83 − 1199.85 − 36.00 − 500 − 15 − 4200 = 714.99 → €7.15, ROI 17.02 % (≥ 15 %: best;
      //     at a 20 % minimum it takes no part, next test).
      // IT single, cost 700: revenue 1999 / 1.22 = 1638.52; referral 299.85 + DSF 3 % 9.00; FBA 300;
      //     profit 1638.52 − 299.85 − 9.00 − 300 − 700 = 329.68 → €3.30, ROI 47.10 %.
      expect(byEan.get(Z)).toMatchObject({
        market: 'FR',
        marketComparison: { best: { market: 'FR', profit: 7.15, roiPercentage: 17.02 }, runnerUp: { market: 'IT', profit: 3.3, roiPercentage: 47.1 } },
      });
    } finally {
      ctx.deps.marketData = demo;
    }
  });

  it('a market below the minimum ROI takes no part, however large its profit (minimum 20 %)', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.2 });
    ctx.deps.marketData = fake.service;
    try {
      await scan(user, csv, 'ALL');
      const z = (await allDeals(user)).find((d) => d.ean === Z)!;
      expect(z).toMatchObject({ market: 'IT', estimatedProfit: 3.3, marketComparison: { best: { market: 'IT' }, runnerUp: null, listedIn: ['FR', 'IT'] } });
    } finally {
      ctx.deps.marketData = demo;
    }
  });

  it('UK region: the same markets compared in GBP', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15, country: 'UK' });
    await deSeller(user); // the same seller profile as above, so only the display currency differs
    ctx.deps.marketData = fake.service;
    try {
      await scan(user, csv, 'ALL');
      const x = (await allDeals(user)).find((d) => d.ean === X)!;
      // US 1004 / 1.10 × 0.85 = 775.8 → £7.76; UK £3.40; DE 390 × 0.85 = 331.5 → £3.32 (half up)
      expect(x.marketComparison).toMatchObject({
        currency: 'GBP',
        best: { market: 'US', profit: 7.76 },
        runnerUp: { market: 'UK', profit: 3.4 },
        dealMarkets: [{ market: 'US' }, { market: 'UK' }, { market: 'DE', profit: 3.32 }],
      });
      // With the rate of the comparison and each market's EUR profit, so the card reconciles £7.76 with €9.13.
      expect(x.marketComparison).toMatchObject({ fxRate: 0.85, best: { listProfit: 9.13 }, runnerUp: { listProfit: 4 } });
      // The deal's own money stays in EUR (SPEC §9).
      expect(x).toMatchObject({ market: 'US', estimatedProfit: 9.13 });
    } finally {
      ctx.deps.marketData = demo;
    }
  });

  it('the downloads carry the best market and the runner-up; filters and sorts work on the best market', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    ctx.deps.marketData = fake.service;
    try {
      await scan(user, csv, 'ALL');
    } finally {
      ctx.deps.marketData = demo;
    }
    const file = await ctx.app.inject({
      method: 'GET',
      url: '/api/supplier-analyzer/results/download?sortBy=estimatedProfit&sortOrder=desc',
      headers: user.headers,
    });
    expect(file.statusCode).toBe(200);
    const [columns, ...rows] = parseCsvRecords(stripBom(file.body), ',', { complete: true }).filter((r) => r.length > 1);
    expect(columns).toEqual([...CSV_RESULT_COLUMNS]);
    const cells = rows.map((r) => Object.fromEntries(r.map((v, i) => [columns![i], v])));
    expect(cells.map((c) => c.ean)).toEqual([X, Z, Y]);
    expect(cells[0]).toMatchObject({
      market: 'US',
      comparisonCurrency: 'EUR',
      bestMarket: 'US',
      bestMarketProfit: '9.13',
      bestMarketRoiPercentage: '130.41',
      runnerUpMarket: 'UK',
      runnerUpProfit: '4',
      runnerUpRoiPercentage: '57.13',
      dealMarkets: 'US | UK | DE',
      // The market's own amounts beside the EUR ones, and the comparison's rate.
      marketCurrency: 'USD',
      estimatedProfit: '9.13',
      estimatedProfitMarketCurrency: '10.04',
      comparisonFxRate: '1',
      runnerUpProfitEur: '4',
    });
    expect(cells[2]).toMatchObject({ bestMarket: 'DE', runnerUpMarket: '', runnerUpProfit: '' });

    const us = await allDeals(user, '&markets=US');
    expect(us.map((d) => d.ean)).toEqual([X]);
    const byProfit = await allDeals(user, '&sortBy=estimatedProfit&sortOrder=asc');
    expect(byProfit.map((d) => d.ean)).toEqual([Y, Z, X]);
  });
});

describe('all markets with the demo provider', () => {
  const sample = () => demoSupplierSampleCsv(ctx.clock.now());

  it('the token estimate counts the seven markets; the scan stores it and agrees with seven single-market scans', async () => {
    const csv = sample();
    const allUser = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const singleUser = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    await ctx.deps.db.execute('delete from market_listing_cache');

    // Cold: every market counts; the sum of the seven single-market estimates.
    const single = await Promise.all(MARKET_IDS.map(async (m) => (await tokenEstimate(allUser, csv, m)).json()));
    const all = await tokenEstimate(allUser, csv, 'ALL');
    expect(all.statusCode, all.body).toBe(200);
    const estimate = all.json();
    expect(estimate.markets).toBe(7);
    expect(estimate.eans).toBe(single[0].eans);
    expect(estimate.newEans).toBe(single.reduce((s, e) => s + e.newEans, 0));
    expect(estimate.newEans).toBe(7 * estimate.eans);
    expect(estimate.tokens).toBe(single.reduce((s, e) => s + e.tokens, 0));
    expect(estimate.tokens).toBeGreaterThan(6 * single[0].tokens);
    expect(estimate.text).toContain(`about ${estimate.tokens.toLocaleString('en-US')} Keepa tokens`);

    const started = Date.now();
    const cold = await scan(allUser, csv, 'ALL');
    const coldMs = Date.now() - started;
    expect(cold.tokens.estimated).toBe(estimate.tokens);
    expect(cold.tokens.spent).toBeGreaterThan(0);
    expect(cold.totalEans).toBe(estimate.eans);

    // The same list in each market alone, for another user (warm cache: the shared cache served the seven markets).
    const singleDeals = new Map<string, Map<MarketId, Json>>();
    for (const market of MARKET_IDS) {
      const done = await scan(singleUser, csv, market);
      expect(done.tokens?.spent ?? 0).toBe(0);
    }
    for (const deal of await allDeals(singleUser)) {
      const perEan = singleDeals.get(deal.ean) ?? new Map<MarketId, Json>();
      perEan.set(deal.market, deal);
      singleDeals.set(deal.ean, perEan);
    }

    const deals = await allDeals(allUser);
    expect(deals.length).toBe(cold.report.dealsFound);
    // An EAN is an all-markets deal exactly when it is a deal in some market alone.
    expect(new Set(deals.map((d) => d.ean))).toEqual(new Set(singleDeals.keys()));
    expect(deals.length).toBeGreaterThan(20);
    const rate = Object.fromEntries(
      await Promise.all(MARKETS.map(async (m) => [m.currency, (await ctx.deps.marketData.fxRate('EUR', m.currency)).rate] as const)),
    );
    let withRunnerUp = 0;
    for (const deal of deals) {
      const perMarket = singleDeals.get(deal.ean)!;
      // Hand rule: each single-market deal's profit (market currency, cents) ÷ its EUR rate, rounded to the cent;
      // highest first, then ROI, then market order.
      const expected = [...perMarket.values()]
        .map((d) => ({
          market: d.market as MarketId,
          profit: Math.round((Math.round(d.breakdown.profit * 100) / rate[d.breakdown.currency]!) * (1 + 1e-12)) / 100,
          roi: d.roiPercentage as number,
        }))
        .sort((a, b) => b.profit - a.profit || b.roi - a.roi || MARKET_IDS.indexOf(a.market) - MARKET_IDS.indexOf(b.market));
      const best = perMarket.get(expected[0]!.market)!;
      expect(deal.market).toBe(expected[0]!.market);
      // The deal row is the best market's single-market deal, figure for figure.
      expect({ ...deal, id: 0, createdAt: 0, expiresAt: 0, supplierName: 0, marketComparison: 0 }).toEqual({
        ...best,
        id: 0,
        createdAt: 0,
        expiresAt: 0,
        supplierName: 0,
        marketComparison: 0,
      });
      expect(deal.marketComparison.dealMarkets.map((m: Json) => [m.market, m.profit, m.roiPercentage])).toEqual(
        expected.map((e) => [e.market, e.profit, e.roi]),
      );
      expect(deal.marketComparison.best.market).toBe(expected[0]!.market);
      expect(deal.marketComparison.runnerUp?.market ?? null).toBe(expected[1]?.market ?? null);
      if (expected[1]) withRunnerUp += 1;
    }
    expect(withRunnerUp).toBeGreaterThan(5);
    // The 90-day stability is the best market's (its history and fees), as the single-market deal compared above.
    expect(deals.filter((d) => d.profitableShare90 !== null).length).toBeGreaterThan(deals.length / 2);

    // Warm: nothing is expected, nothing spent, the same deals.
    const warmStarted = Date.now();
    const warm = await scan(allUser, csv, 'ALL');
    const warmMs = Date.now() - warmStarted;
    expect(warm.tokens).toMatchObject({ estimated: 0, spent: 0 });
    expect(warm.report.dealsFound).toBe(cold.report.dealsFound);
    // A newer all-markets scan replaces the user's older deals of the same EANs in every market.
    expect((await allDeals(allUser)).length).toBe(cold.report.dealsFound);
    console.info(`all-markets scan of the demo sample (${cold.totalEans} EANs × 7 markets): cold ${coldMs} ms, warm ${warmMs} ms`);
  }, 300_000);
});

describe('the plan gate', () => {
  const csv = ['EAN,Brand,Price', `${ean13('400617009101')},Nivea,7.00`].join('\r\n');

  it.each(['FREE', 'STARTER'])('%s: start, manual entry and token estimate with ALL answer 403 with a sentence; no EAN upload is used', async (tier) => {
    const user = await createUser(ctx.deps, { tier });
    const res = await startUpload(user, csv, 'ALL');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: ALL_MARKETS_FORBIDDEN, code: 'forbidden' });
    expect(ALL_MARKETS_FORBIDDEN).toMatch(/Growth and Pro plans/);

    const manual = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'ALL', rows: [{ ean: ean13('400617009101'), brand: 'Nivea', price: 7 }] },
    });
    expect(manual.statusCode).toBe(403);
    expect(manual.json().error).toBe(ALL_MARKETS_FORBIDDEN);

    const estimate = await tokenEstimate(user, csv, 'ALL');
    expect(estimate.statusCode).toBe(403);
    expect(estimate.json().error).toBe(ALL_MARKETS_FORBIDDEN);

    const usage = await getUsage(
      ctx.deps.db,
      (await ctx.deps.db.one<{ organization_id: string }>('select organization_id from users where id = $1', [user.id])).organization_id,
      ctx.clock.now(),
    );
    expect(usage.eanUploadsThisMonth).toBe(0);

    // One market still works on these plans.
    expect((await startUpload(user, csv, 'DE')).statusCode).toBe(200);
  });

  it('GROWTH may (manual entry too); an unknown market choice is a 400 naming ALL', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const manual = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'ALL', rows: [{ ean: ean13('400617009101'), brand: 'Nivea', price: 7 }] },
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${manual.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done).toMatchObject({ status: 'COMPLETED', allMarkets: true });

    const bad = await startUpload(user, csv, 'EU');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/or ALL for all markets/);
  });
});
