import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import type { MarketDataService } from '../market-data/market-data.types.ts';
import { listFavorites, startScan, waitForScan } from './test-support/scan-helpers.ts';

/** The whole scan against the built-in demo provider (MARKET_DATA=demo) and the shared market-data cache. */
describe('brand scan with the demo market data', () => {
  let ctx: TestContext;
  let upstreamRequests = 0;
  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true, env: { MARKET_DATA: 'demo' } });
    const real: MarketDataService = ctx.deps.marketData;
    ctx.deps.marketData = Object.assign(Object.create(real) as MarketDataService, {
      source: real.source,
      lookupListings: async (...args: Parameters<MarketDataService['lookupListings']>) => {
        const result = await real.lookupListings(...args);
        upstreamRequests += result.upstreamRequests;
        return result;
      },
    });
  });
  afterAll(async () => ctx.close());

  it('scans demo brands in two markets, keeps only favorites at or above the minimum ROI, and reuses the cache on a rescan', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const brandsRes = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/brands', headers: user.headers });
    const brands: string[] = brandsRes.json();
    expect(brands.length).toBeGreaterThan(10);
    const chosen = brands.slice(0, 3);

    const res = await startScan(ctx, user, chosen, ['DE', 'UK']);
    expect(res.statusCode).toBe(202);
    const done = await waitForScan(ctx, user, res.json().scanId, 60_000);
    expect(done).toMatchObject({ status: 'COMPLETED', totalBrands: 3, processedBrands: 3, totalMarkets: 2, processedMarkets: 2, error: null });
    expect(upstreamRequests).toBeGreaterThan(0);

    const first = (await listFavorites(ctx, user, 'size=100&sortBy=roi&sortOrder=asc')).json();
    expect(first.totalElements).toBe(done.favoritesFound);
    expect(first.totalElements).toBeGreaterThan(0);
    const favorites: Favorite[] = [];
    for (let page = 0; page < first.totalPages; page++) {
      favorites.push(...(await listFavorites(ctx, user, `size=100&page=${page}&sortBy=roi&sortOrder=asc`)).json().content);
    }
    expect(favorites).toHaveLength(first.totalElements);
    for (const favorite of favorites) {
      expect(chosen).toContain(favorite.brand);
      expect(['DE', 'UK']).toContain(favorite.market);
      expect(favorite.currency).toBe(favorite.market === 'UK' ? 'GBP' : 'EUR');
      expect(favorite.roiPercentage).toBeGreaterThanOrEqual(15);
      expect(favorite.estimatedProfit).toBeGreaterThan(0);
      expect(favorite.asin).toMatch(/^B0/);
      // The breakdown the card opens, in the favorite's own currency, agreeing with its figures; the
      // wholesale price also as Qogita gives it (EUR), converted at the breakdown's rate.
      expect(favorite.breakdown).toMatchObject({ currency: favorite.currency, price: favorite.amazonPrice, profit: favorite.estimatedProfit });
      expect(favorite.breakdown!.feeLines!.length).toBeGreaterThan(0);
      expect(favorite.breakdown!.breakEvenPrice).toBeGreaterThan(0);
      expect(favorite.breakdown!.roi! * 100).toBeCloseTo(favorite.roiPercentage, 1);
      expect(Math.abs(favorite.supplierPriceEur! * favorite.breakdown!.fxRate - favorite.supplierPrice)).toBeLessThanOrEqual(0.006);
    }
    // The alternatives dialog: every other listing with a price also carries the ROI the wholesale price would give it.
    const priced = favorites.flatMap((f) => f.alternatives ?? []).filter((a) => a.price !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const alternative of priced) expect(alternative.roiPercentage).toEqual(expect.any(Number));
    const keys = new Set(favorites.map((f) => `${f.market}:${f.ean}`));
    expect(keys.size).toBe(favorites.length);

    // A second scan of the same brands within the cache TTL asks the provider nothing and keeps one favorite per product and market.
    upstreamRequests = 0;
    const again = await startScan(ctx, user, chosen, ['DE', 'UK']);
    expect((await waitForScan(ctx, user, again.json().scanId, 60_000)).status).toBe('COMPLETED');
    expect(upstreamRequests).toBe(0);
    expect((await listFavorites(ctx, user)).json().totalElements).toBe(favorites.length);
  });
});
