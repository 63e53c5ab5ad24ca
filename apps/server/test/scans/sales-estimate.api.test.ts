import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import { estimateSales, monthlyProfitOf } from '@dealradar/shared/sales-estimate';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import { createKeepaProvider } from '../../src/modules/market-data/providers/keepa/keepa-client.ts';
import { demoListings } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import { demoSupplierSampleCsv } from '../../src/modules/market-data/providers/demo/demo-supplier-sample.ts';
import { keepaProduct, startKeepaFake } from '../market-data/fakes/keepa-fake.ts';
import { scanSupplierCsv } from './helpers.ts';

/**
 * The sales estimate on supplier deals (docs/sales-estimate.md): carried from the demo provider and the Keepa
 * look-alike onto every deal, into the downloads; and the ungating-invoice setting.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
});
afterAll(async () => {
  await ctx?.close();
});

const runScan = (user: { headers: Record<string, string> }, csv: string) => scanSupplierCsv(ctx, user.headers, csv);

interface Deal {
  ean: string;
  asin: string;
  estimatedProfit: number | null;
  salesEstimate: ReturnType<typeof estimateSales>;
  estimatedMonthlyProfit: number | null;
}

async function dealsOf(headers: Record<string, string>): Promise<Deal[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?size=100', headers });
  expect(res.statusCode).toBe(200);
  return res.json().content;
}

/** The downloaded CSV as rows of column → cell. */
async function download(headers: Record<string, string>): Promise<Array<Record<string, string>>> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results/download?format=csv', headers });
  expect(res.statusCode).toBe(200);
  const [header, ...lines] = res.body.trim().split(/\r?\n/);
  const columns = header!.split(',');
  // The cells checked here hold no comma except the basis (quoted): split on commas outside quotes.
  return lines.map((line) => {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
    return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
  });
}

describe('sales estimate on supplier deals', () => {
  it('demo provider: every deal carries the estimate of its listing, its share and monthly profit, and the download has the columns', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    await runScan(user, demoSupplierSampleCsv(ctx.clock.now()));
    const deals = await dealsOf(user.headers);
    expect(deals.length).toBeGreaterThan(5);
    const bases = new Set<string>();
    for (const deal of deals) {
      const listing = demoListings(deal.ean, 'DE', ctx.clock.now()).find((l) => l.asin === deal.asin)!;
      const expected = estimateSales('DE', listing.sales!);
      expect(deal.salesEstimate).toEqual(expected);
      expect(deal.estimatedMonthlyProfit).toBe(monthlyProfitOf(expected, deal.estimatedProfit));
      if (expected) bases.add(expected.basis);
    }
    expect(bases.size).toBeGreaterThanOrEqual(2);

    // Sorted by the estimated monthly profit, highest first (deals without one last); filtered by it and by the share.
    const get = async (query: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/results?size=100&${query}`, headers: user.headers });
      expect(res.statusCode).toBe(200);
      return res.json() as { content: Deal[]; totalElements: number };
    };
    const sorted = (await get('sortBy=estimatedMonthlyProfit&sortOrder=desc')).content.map((d) => d.estimatedMonthlyProfit);
    const known = sorted.filter((v): v is number => v !== null);
    expect(known.length).toBeGreaterThan(5);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(sorted.slice(0, known.length)).toEqual(known);
    const all = await get('');
    const atLeast100 = await get('minMonthlyProfit=100');
    expect(atLeast100.totalElements).toBeGreaterThan(0);
    expect(atLeast100.totalElements).toBeLessThan(all.totalElements);
    for (const d of atLeast100.content) expect(d.estimatedMonthlyProfit!).toBeGreaterThanOrEqual(100);
    const units = await get('minUnitsPerMonth=20');
    expect(units.totalElements).toBeGreaterThan(0);
    expect(units.totalElements).toBeLessThan(all.totalElements);
    for (const d of units.content) expect(d.salesEstimate!.sellerUnitsPerMonth!).toBeGreaterThanOrEqual(20);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?minMonthlyProfit=-1', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('minMonthlyProfit must be 0 or more.');

    // The download holds every deal (the list pages 100 at a time): the first page's rows match it cell by cell.
    const total = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results', headers: user.headers })).json().totalElements;
    const rows = await download(user.headers);
    expect(rows).toHaveLength(total);
    // …and the list's filter: minUnitsPerMonth=20 leaves the same deals out of the download.
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: '/api/supplier-analyzer/results/download?format=csv&minUnitsPerMonth=20',
      headers: user.headers,
    });
    expect(filtered.body.trim().split(/\r?\n/)).toHaveLength(units.totalElements + 1);
    const byEan = new Map(deals.map((d) => [d.ean, d]));
    const shown = rows.filter((row) => byEan.has(row.ean!));
    expect(shown).toHaveLength(deals.length);
    for (const row of shown) {
      const deal = byEan.get(row.ean!)!;
      expect(row.estimatedUnitsPerMonth).toBe(deal.salesEstimate ? String(deal.salesEstimate.unitsPerMonth) : '');
      expect(row.salesEstimateBasis).toBe(deal.salesEstimate ? `estimate: ${deal.salesEstimate.basisText}` : '');
      expect(row.estimatedSellerUnitsPerMonth).toBe(deal.salesEstimate?.sellerUnitsPerMonth == null ? '' : String(deal.salesEstimate.sellerUnitsPerMonth));
      expect(row.estimatedMonthlyProfit).toBe(deal.estimatedMonthlyProfit == null ? '' : String(deal.estimatedMonthlyProfit));
    }
  });

  it('Keepa look-alike: each basis and the share with and without Amazon, against a hand computation', async () => {
    const ean = (i: number) => {
      const digits = `403${String(i).padStart(9, '0')}`;
      return digits + gs1CheckDigit(digits);
    };
    const AMAZON_DE = 'A3JWKAKR8XB7XF';
    const fixtures = [
      // monthlySold 300, 3 FBA offers, no Amazon → 300 / 4 = 75.
      keepaProduct({ asin: 'B0SALES001', ean: ean(1), monthlySold: 300, buyBox: 2999 }),
      // Only 30-day rank drops 40, 4 FBA of which Amazon's, Amazon 60 % → 40 × 0.4 / 4 = 4.
      keepaProduct({
        asin: 'B0SALES002',
        ean: ean(2),
        monthlySold: 0,
        drops30: 40,
        fbaOffers: 4,
        amazonPrice: 2999,
        buyBoxStats: { [AMAZON_DE]: 60 },
        buyBox: 2999,
      }),
      // Only a rank of 10,000 (DE curve: 63), 1 FBA offer → 63 / 2 = 31.5.
      keepaProduct({ asin: 'B0SALES003', ean: ean(3), monthlySold: 0, drops30: -1, drops90: -1, rank: 10_000, fbaOffers: 1, buyBox: 2999 }),
      // Nothing: no monthlySold, no drops, no rank.
      { ...keepaProduct({ asin: 'B0SALES004', ean: ean(4), monthlySold: 0, drops30: -1, drops90: -1, statsRank: -1, buyBox: 2999 }), salesRanks: {} },
      // Amazon 95 % of the buy box: units, no share.
      keepaProduct({ asin: 'B0SALES005', ean: ean(5), monthlySold: 500, fbaOffers: 2, amazonPrice: 2999, buyBoxStats: { [AMAZON_DE]: 95 }, buyBox: 2999 }),
    ];
    const products = new Map<string, object[]>();
    for (const p of fixtures) {
      products.set(p.eanList![0]!, [p]);
      products.set(p.asin, [p]);
    }
    const fake = await startKeepaFake({ key: 'k', products });
    const previous = ctx.deps.marketData;
    try {
      ctx.deps.marketData = createMarketDataService({
        config: ctx.deps.config,
        db: ctx.deps.db,
        clock: ctx.clock,
        log: ctx.deps.log,
        providers: { retail: createKeepaProvider({ apiKey: 'k', baseUrl: fake.url, now: () => ctx.clock.now(), log: ctx.deps.log }) },
      });
      const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
      await runScan(user, ['EAN;Brand;Price', ...[1, 2, 3, 4, 5].map((i) => `${ean(i)};Nivea;5,00`)].join('\n'));
      const deals = new Map((await dealsOf(user.headers)).map((d) => [d.asin, d]));
      expect(deals.size).toBe(5);
      const pick = (asin: string) => {
        const e = deals.get(asin)!.salesEstimate;
        return e && [e.unitsPerMonth, e.basisText, e.competitors, e.amazonShare, e.sellerUnitsPerMonth];
      };
      expect(pick('B0SALES001')).toEqual([300, '≥ 300 bought last month', 4, 0, 75]);
      expect(pick('B0SALES002')).toEqual([40, '≈ 40 from 30-day rank drops', 4, 0.6, 4]);
      expect(pick('B0SALES003')).toEqual([63, '≈ 63 from rank', 2, 0, 31.5]);
      expect(pick('B0SALES004')).toBeNull();
      expect(pick('B0SALES005')).toEqual([500, '≥ 500 bought last month', 2, 0.95, null]);
      // Monthly profit = share × the deal's profit per unit (EUR), to the cent.
      const profit = (asin: string) => deals.get(asin)!.estimatedProfit!;
      expect(deals.get('B0SALES001')!.estimatedMonthlyProfit).toBe(Math.round(75 * profit('B0SALES001') * 100) / 100);
      expect(deals.get('B0SALES002')!.estimatedMonthlyProfit).toBe(Math.round(4 * profit('B0SALES002') * 100) / 100);
      expect(deals.get('B0SALES003')!.estimatedMonthlyProfit).toBe(Math.round(31.5 * profit('B0SALES003') * 100) / 100);
      expect(deals.get('B0SALES004')!.estimatedMonthlyProfit).toBeNull();
      expect(deals.get('B0SALES005')!.estimatedMonthlyProfit).toBeNull();
      // No extra Keepa tokens: one product each, +2 for the buy box, in the look-ups the scan makes anyway.
      expect(fake.stats.tokensConsumed).toBeLessThanOrEqual(5 * 3 + 5);

      const rows = new Map((await download(user.headers)).map((r) => [r.asin, r]));
      expect(rows.get('B0SALES002')).toMatchObject({
        estimatedUnitsPerMonth: '40',
        salesEstimateBasis: 'estimate: ≈ 40 from 30-day rank drops',
        estimatedSellerUnitsPerMonth: '4',
      });
      expect(rows.get('B0SALES004')).toMatchObject({ estimatedUnitsPerMonth: '', salesEstimateBasis: '', estimatedMonthlyProfit: '' });
    } finally {
      ctx.deps.marketData = previous;
      await fake.close();
    }
  });
});

describe('the ungating invoice setting', () => {
  it('is 10 units until saved, keeps a saved number, refuses a bad one with a sentence', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const url = '/api/user/settings/ungating-invoice';
    expect((await ctx.app.inject({ method: 'GET', url, headers: user.headers })).json()).toEqual({ units: 10 });
    const saved = await ctx.app.inject({ method: 'PUT', url, headers: user.headers, payload: { units: 24 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ units: 24 });
    expect((await ctx.app.inject({ method: 'GET', url, headers: user.headers })).json()).toEqual({ units: 24 });
    for (const units of [0, 2.5, 'ten', 5000]) {
      const bad = await ctx.app.inject({ method: 'PUT', url, headers: user.headers, payload: { units } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/ungating invoice/);
    }
    expect((await ctx.app.inject({ method: 'GET', url, headers: user.headers })).json()).toEqual({ units: 24 });
    // Another user's setting is their own.
    const other = await createUser(ctx.deps, { tier: 'FREE' });
    expect((await ctx.app.inject({ method: 'GET', url, headers: other.headers })).json()).toEqual({ units: 10 });
  });
});
