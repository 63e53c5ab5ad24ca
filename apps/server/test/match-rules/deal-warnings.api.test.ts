import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_RESULT_COLUMNS, type DealProduct } from '@dealradar/shared/contracts/scans';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import { SUSPICIOUS_ROI_PERCENT } from '@dealradar/shared/deal-warnings';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { toListing, type KeepaProduct } from '../../src/modules/market-data/providers/keepa/keepa-product.ts';
import { waitForStatus } from '../scans/helpers.ts';

/**
 * Deal warnings end to end on the demo catalogue: stored with every deal and favorite, consistent with the
 * deal's own figures, filterable (hideWarnings) and in the downloads. The rules themselves: deal-warnings.test.ts.
 */
describe('deal warnings', () => {
  let ctx: TestContext;
  let user: TestUser;
  let deals: DealProduct[];

  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true, env: { MARKET_DATA: 'demo' } });
    user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    // 300 demo products of a few brands at 30 % of their wholesale price: many deals, some at absurd ROIs, packs, spikes.
    const rows = demoCatalogue()
      .variants.slice(0, 300)
      .map((v) => ({ ean: v.gtin, brand: v.brand, price: Math.round(v.basePrice * 0.3) / 100 }));
    const started = await ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/start', headers: user.headers, payload: { marketId: 'DE', rows } });
    expect(started.statusCode).toBe(200);
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${started.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR'], 60_000);
    expect(done.status).toBe('COMPLETED');
    deals = [];
    for (let page = 0; ; page += 1) {
      const answer = (await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/results?size=100&page=${page}`, headers: user.headers })).json();
      deals.push(...answer.content);
      if (page + 1 >= answer.totalPages) break;
    }
  }, 90_000);
  afterAll(async () => ctx?.close());

  const codes = (d: { warnings: Array<{ code: string }> }) => d.warnings.map((w) => w.code);

  it('every deal carries the warnings its own figures call for, each with a one-line reason', () => {
    expect(deals.length).toBeGreaterThan(50);
    for (const d of deals) {
      expect(codes(d).includes('pack'), d.ean).toBe(d.breakdown.numberOfPacks > 1);
      expect(codes(d).includes('high_roi'), d.ean).toBe((d.roiPercentage ?? 0) > SUSPICIOUS_ROI_PERCENT);
      expect(codes(d).includes('amazon_buy_box'), d.ean).toBe(d.amazonHoldsBuyBox);
      expect(codes(d).includes('several_asins'), d.ean).toBe(d.alternatives.length > 0);
      expect(codes(d)).not.toContain('no_buy_box'); // a deal has a buy box
      expect(codes(d).includes('above_average'), d.ean).toBe(d.buyBoxAvg90 !== null && d.breakdown.price / d.breakdown.fxRate > d.buyBoxAvg90 * 1.3 + 0.02);
      for (const w of d.warnings) expect(w.reason).toMatch(/^[^\n]{10,200}$/);
    }
    // The demo catalogue gives every kind of warning a deal can have.
    const seen = new Set(deals.flatMap(codes));
    for (const code of ['pack', 'high_roi', 'amazon_buy_box', 'several_asins', 'above_average']) expect(seen, code).toContain(code);
  });

  it('hideWarnings leaves out deals with any of the chosen warnings; unknown codes answer 400', async () => {
    const total = (await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?size=1', headers: user.headers })).json().totalElements;
    const clean = (
      await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?size=100&hideWarnings=high_roi,pack', headers: user.headers })
    ).json();
    const expected = deals.filter((d) => !codes(d).includes('high_roi') && !codes(d).includes('pack')).length;
    expect(clean.totalElements).toBe(expected);
    expect(expected).toBeLessThan(total);
    for (const d of clean.content as DealProduct[]) expect(codes(d)).not.toContain('high_roi');
    const repeated = await ctx.app.inject({
      method: 'GET',
      url: '/api/supplier-analyzer/results?hideWarnings=high_roi&hideWarnings=pack',
      headers: user.headers,
    });
    expect(repeated.json().totalElements).toBe(expected);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?hideWarnings=scary', headers: user.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('hideWarnings takes');
  });

  it('the download has the warnings, their reasons and the 90-day averages as columns', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/supplier-analyzer/results/download?format=csv&sortBy=roi&sortOrder=desc',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(CSV_RESULT_COLUMNS.join(','));
    const top = [...deals].sort((a, b) => (b.roiPercentage ?? 0) - (a.roiPercentage ?? 0))[0]!;
    expect(top.roiPercentage).toBeGreaterThan(SUSPICIOUS_ROI_PERCENT);
    expect(lines[1]).toContain(top.ean);
    expect(lines[1]).toContain(codes(top).join(' | '));
    expect(lines[1]).toContain('likely a wrong match');
  });

  it('favorites of a brand scan carry warnings and can be filtered by them', async () => {
    const brand = deals.find((d) => d.warnings.length > 0)!.brand!;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/brand-analyzer/scan?brands=${encodeURIComponent(brand)}&markets=DE`, headers: user.headers });
    expect(res.statusCode).toBe(202);
    const done = await waitForStatus(ctx, `/api/brand-analyzer/scan/${res.json().scanId}`, user.headers, ['COMPLETED', 'ERROR'], 60_000);
    expect(done.status).toBe('COMPLETED');
    const favorites: Favorite[] = (await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/favorites?size=100', headers: user.headers })).json()
      .content;
    expect(favorites.length).toBeGreaterThan(0);
    for (const f of favorites) expect(codes(f).includes('several_asins')).toBe(f.alternatives.length > 0);
    const withWarning = favorites.filter((f) => f.warnings.length > 0);
    expect(withWarning.length).toBeGreaterThan(0);
    const hidden = [...new Set(withWarning.flatMap(codes))];
    const filtered = (
      await ctx.app.inject({ method: 'GET', url: `/api/brand-analyzer/favorites?size=100&hideWarnings=${hidden.join(',')}`, headers: user.headers })
    ).json();
    expect(filtered.totalElements).toBe(favorites.length - withWarning.length);
  });

  it("Keepa: the 30/90-day averages are the buy box's stats.avg30/avg90 (csv index 18)", () => {
    const avg = (value: number) => Array.from({ length: 19 }, (_, i) => (i === 18 ? value : -1));
    const product = { asin: 'B000000001', stats: { current: avg(2499), avg30: avg(2199), avg90: avg(1899) } } as unknown as KeepaProduct;
    expect(toListing(product, '4006381333931', 'DE', new Date())).toMatchObject({ buyBoxPrice: 2499, buyBoxAvg30: 2199, buyBoxAvg90: 1899 });
    const unknown = { asin: 'B000000001', stats: { current: avg(2499), avg90: avg(-1) } } as unknown as KeepaProduct;
    expect(toListing(unknown, '4006381333931', 'DE', new Date())).toMatchObject({ buyBoxAvg30: null, buyBoxAvg90: null });
  });
});

describe('90-day stability', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true, env: { MARKET_DATA: 'demo' } });
    user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const rows = demoCatalogue()
      .variants.slice(300, 500)
      .map((v) => ({ ean: v.gtin, brand: v.brand, price: Math.round(v.basePrice * 1.1) / 100 }));
    const started = await ctx.app.inject({ method: 'POST', url: '/api/supplier-analyzer/start', headers: user.headers, payload: { marketId: 'DE', rows } });
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${started.json().scanId}/status`, user.headers, ['COMPLETED', 'ERROR'], 60_000);
    expect(done.status).toBe('COMPLETED');
  }, 90_000);
  afterAll(async () => ctx?.close());

  const get = async (query: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/results?size=100&${query}`, headers: user.headers })).json();

  it('every deal has the share of its last 90 days at the minimum ROI (demo history); sort, filter and download it', async () => {
    const all: DealProduct[] = (await get('sortBy=profitableShare&sortOrder=desc')).content;
    expect(all.length).toBeGreaterThan(20);
    const shares = all.map((d) => d.profitableShare90);
    for (const s of shares) expect(s).not.toBeNull();
    expect(shares).toEqual([...shares].sort((a, b) => b! - a!));
    // Not all alike: price wars and spikes make some deals unstable.
    expect(Math.min(...(shares as number[]))).toBeLessThan(0.6);
    expect(Math.max(...(shares as number[]))).toBeGreaterThan(0.8);
    for (const d of all) expect(d.buyBoxAvg90).toBeGreaterThan(0);

    const stable = await get('minProfitableShare=80');
    expect(stable.totalElements).toBe(all.filter((d) => d.profitableShare90! >= 0.8).length);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?minProfitableShare=120', headers: user.headers })).statusCode).toBe(400);

    const file = await ctx.app.inject({
      method: 'GET',
      url: '/api/supplier-analyzer/results/download?format=csv&sortBy=profitableShare&sortOrder=desc',
      headers: user.headers,
    });
    const [header, first] = file.body.trim().split(/\r?\n/);
    const col = header!.split(',').indexOf('profitableDays90Percentage');
    expect(col).toBeGreaterThan(0);
    expect(Number(first!.split(',')[col])).toBeCloseTo(Math.round(all[0]!.profitableShare90! * 1000) / 10, 5);
  });
});
