import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import type { MarketId } from '@dealradar/shared/markets';
import { estimateSales } from '@dealradar/shared/sales-estimate';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { demoListings } from '../market-data/providers/demo/demo-retail.ts';
import { listFavorites, startScan, waitForScan } from './test-support/scan-helpers.ts';

/** Brand favorites carry the sales estimate of their listing, like supplier deals (docs/sales-estimate.md). */
describe('sales estimate on brand favorites', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true, env: { MARKET_DATA: 'demo' } });
  });
  afterAll(async () => ctx.close());

  it('each favorite has the estimate of its demo listing, its share × profit in its own currency, and the download has the columns', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const brands: string[] = (await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/brands', headers: user.headers })).json();
    const res = await startScan(ctx, user, brands.slice(0, 3), ['DE', 'UK']);
    expect((await waitForScan(ctx, user, res.json().scanId, 60_000)).status).toBe('COMPLETED');
    const page = (await listFavorites(ctx, user, 'size=100')).json();
    const favorites: Favorite[] = page.content;
    expect(favorites.length).toBeGreaterThan(3);
    let withProfit = 0;
    for (const f of favorites) {
      const listing = demoListings(f.ean, f.market as MarketId, ctx.clock.now()).find((l) => l.asin === f.asin)!;
      const expected = estimateSales(f.market as MarketId, listing.sales!);
      expect(f.salesEstimate).toEqual(expected);
      if (expected?.sellerUnitsPerMonth == null) expect(f.estimatedMonthlyProfit).toBeNull();
      else {
        // Share × the profit per unit (before its rounding to the cent), in the favorite's currency.
        const share = (expected.unitsPerMonth * (1 - (expected.amazonShare ?? 0))) / expected.competitors;
        expect(Math.abs(f.estimatedMonthlyProfit! - share * f.estimatedProfit)).toBeLessThanOrEqual(share * 0.005 + 0.01);
        withProfit += 1;
      }
    }
    expect(withProfit).toBeGreaterThan(0);

    // Sorted by the estimated monthly profit (highest first, none last) and filtered by it or by the share.
    const sorted = (await listFavorites(ctx, user, 'size=100&sortBy=estimatedMonthlyProfit&sortOrder=desc')).json().content as Favorite[];
    const known = sorted.map((f) => f.estimatedMonthlyProfit).filter((v): v is number => v != null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(sorted.slice(0, known.length).every((f) => f.estimatedMonthlyProfit != null)).toBe(true);
    const threshold = known[Math.floor(known.length / 2)]!;
    const rich = (await listFavorites(ctx, user, `size=100&minMonthlyProfit=${threshold}`)).json();
    expect(rich.totalElements).toBeGreaterThan(0);
    expect(rich.totalElements).toBeLessThan(page.totalElements);
    for (const f of rich.content as Favorite[]) expect(f.estimatedMonthlyProfit!).toBeGreaterThanOrEqual(threshold);
    const busy = (await listFavorites(ctx, user, 'size=100&minUnitsPerMonth=10')).json();
    for (const f of busy.content as Favorite[]) expect(f.salesEstimate!.sellerUnitsPerMonth!).toBeGreaterThanOrEqual(10);
    expect((await listFavorites(ctx, user, 'minUnitsPerMonth=abc')).statusCode).toBe(400);

    const file = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/favorites/download', headers: user.headers });
    expect(file.statusCode).toBe(200);
    const [header, ...lines] = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const columns = header!.split(',');
    for (const c of ['estimatedUnitsPerMonth', 'salesEstimateBasis', 'estimatedSellerUnitsPerMonth', 'estimatedMonthlyProfit']) expect(columns).toContain(c);
    expect(lines).toHaveLength(page.totalElements);
    // The first page's favorites in the file: the basis column says "estimate: …" exactly where the favorite has one.
    const cellsOf = (line: string) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
    const byKey = new Map(lines.map((line) => cellsOf(line)).map((cells) => [`${cells[columns.indexOf('market')]}:${cells[columns.indexOf('ean')]}`, cells]));
    for (const f of favorites) {
      const cells = byKey.get(`${f.market}:${f.ean}`)!;
      expect(cells[columns.indexOf('salesEstimateBasis')]).toBe(f.salesEstimate ? `estimate: ${f.salesEstimate.basisText}` : '');
      expect(cells[columns.indexOf('estimatedMonthlyProfit')]).toBe(f.estimatedMonthlyProfit == null ? '' : String(f.estimatedMonthlyProfit));
    }
  });
});
