import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_SCAN_REQUIRED_MESSAGE } from '@dealradar/shared/contracts/brand-analyzer';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { BRAND_ANALYSIS_FORBIDDEN, MULTI_MARKET_FORBIDDEN } from '../plans/entitlements.ts';
import { SCAN_ALREADY_RUNNING } from './brand-scan.service.ts';
import type { FakeMarketData } from './test-support/fake-market-data.ts';
import { getScan, listFavorites, PRODUCTS, seedFakeCatalogue, startScan, waitFor, waitForScan } from './test-support/scan-helpers.ts';

describe('brand scans', () => {
  let ctx: TestContext;
  let fake: FakeMarketData;
  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true });
    fake = seedFakeCatalogue(ctx);
  });
  afterAll(async () => ctx.close());

  it('lists the wholesale brands and the European markets to logged-in users only', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const brands = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/brands', headers: user.headers });
    expect(brands.statusCode).toBe(200);
    expect(brands.json()).toEqual(expect.arrayContaining(['CeraVe', 'Nordhav Skin']));
    const markets = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/markets', headers: user.headers });
    expect(markets.json().map((m: { id: string }) => m.id)).toEqual(['DE', 'UK', 'FR', 'IT', 'ES']);
    expect(markets.json()[1]).toEqual({ id: 'UK', name: 'United Kingdom', currency: 'GBP', vatRate: 0.2, marketplaceId: 'A1F83G8C2ARO7P' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/brands' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('runs a scan to COMPLETED and keeps the products that reach the minimum ROI as favorites, per market', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const res = await startScan(ctx, user, ['CeraVe', 'Nordhav Skin'], ['DE', 'UK']);
    expect(res.statusCode).toBe(202);
    const { scanId } = res.json();
    expect(res.json()).toMatchObject({ id: scanId, totalBrands: 2, totalMarkets: 2 });

    const done = await waitForScan(ctx, user, scanId);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      totalBrands: 2,
      processedBrands: 2,
      totalMarkets: 2,
      processedMarkets: 2,
      error: null,
      favoritesFound: 4,
    });

    const favorites = (await listFavorites(ctx, user, 'sortBy=roi&sortOrder=desc')).json();
    expect(favorites.totalElements).toBe(4);
    const keys = favorites.content.map((f: { ean: string; market: string }) => `${f.market}:${f.ean}`).sort();
    expect(keys).toEqual([`DE:${PRODUCTS.high}`, `DE:${PRODUCTS.medium}`, `DE:${PRODUCTS.other}`, `UK:${PRODUCTS.high}`].sort());
    const deHigh = favorites.content.find((f: { market: string; ean: string }) => f.market === 'DE' && f.ean === PRODUCTS.high);
    expect(deHigh).toMatchObject({
      brand: 'CeraVe',
      supplierName: 'Qogita',
      currency: 'EUR',
      supplierPrice: 5,
      amazonPrice: 50,
      estimatedProfit: 26.52,
      roiPercentage: 530.34,
      mainCategoryRank: 1500,
      beautyCategoryRank: 80,
      numberOfSellers: 4,
      rating: 4.5,
      reviewCount: 320,
      estimatedMonthlySales: 150,
      buyBoxSellerId: 'A3JWKAKR8XB7XF',
      productName: `Amazon title ${PRODUCTS.high}`,
    });
    expect(deHigh.imageUrl).toBe(deHigh.amazonImageUrl);
    expect(deHigh.qogitaImageUrl).toContain(PRODUCTS.high);
    // UK: GBP prices, the EUR cost converted (€5.00 × 0.85 = £4.25). The default seller (established in DE) pays the UK
    // store's 2 % Digital Services Fee on referral (675 → 13.5) and FBA (300 → 6): 3750 − 688.5 − 306 − 425 = 2330.5.
    const ukHigh = favorites.content.find((f: { market: string }) => f.market === 'UK');
    expect(ukHigh).toMatchObject({ currency: 'GBP', supplierPrice: 4.25, amazonPrice: 45, estimatedProfit: 23.31, roiPercentage: 548.35 });
    expect(deHigh.amazonHoldsBuyBox).toBe(true);
    // Amazon.de's own id holds the DE buy boxes (not the UK one): the filter hides exactly those
    const hidden = (await listFavorites(ctx, user, 'hideAmazonBuyBox=true')).json();
    expect(hidden.content.map((f: { market: string }) => f.market)).toEqual(['UK']);
  });

  it("uses the user's own minimum ROI on adjustable plans", async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.3 });
    const { scanId } = (await startScan(ctx, user, ['CeraVe'], ['DE'])).json();
    expect((await waitForScan(ctx, user, scanId)).status).toBe('COMPLETED');
    const favorites = (await listFavorites(ctx, user)).json();
    expect(favorites.content.map((f: { ean: string }) => f.ean)).toEqual([PRODUCTS.high]);
  });

  it('refreshes a favorite on a later scan and drops one that no longer qualifies', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const first = (await startScan(ctx, user, ['CeraVe'], ['DE'])).json();
    await waitForScan(ctx, user, first.scanId);
    const before = (await listFavorites(ctx, user, 'sortBy=roi&sortOrder=desc')).json().content;
    expect(before).toHaveLength(2);

    fake.setListing('DE', PRODUCTS.high, { buyBoxPrice: 6000, mainCategoryRank: 1400 });
    fake.setListing('DE', PRODUCTS.medium, { buyBoxPrice: 1500 });
    try {
      const second = (await startScan(ctx, user, ['CeraVe'], ['DE'])).json();
      await waitForScan(ctx, user, second.scanId);
      const after = (await listFavorites(ctx, user)).json().content;
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ id: before.find((f: { ean: string }) => f.ean === PRODUCTS.high).id, amazonPrice: 60, mainCategoryRank: 1400 });
    } finally {
      fake.setListing('DE', PRODUCTS.high, { buyBoxPrice: 5000, mainCategoryRank: 1500 });
      fake.setListing('DE', PRODUCTS.medium, { buyBoxPrice: 3000, mainCategoryRank: 60000 });
    }
  });

  it('rejects a scan without brands or markets, with an unknown market or an unknown brand', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    for (const [brands, markets] of [
      [[], ['DE']],
      [['CeraVe'], []],
      [[], []],
    ] as const) {
      const res = await startScan(ctx, user, [...brands], [...markets]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(BRAND_SCAN_REQUIRED_MESSAGE);
    }
    const us = await startScan(ctx, user, ['CeraVe'], ['US']);
    expect(us.statusCode).toBe(400);
    expect(us.json().error).toMatch(/cannot cover the market "US"/);
    const unknown = await startScan(ctx, user, ['No Such Brand'], ['DE']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('The wholesale catalogue has no brand named "No Such Brand".');
    const active = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/active-scan', headers: user.headers });
    expect(active.statusCode).toBe(204);
  });

  it('accepts markets comma-separated and brand names spelled loosely', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const res = await startScan(ctx, user, ['cerave'], ['de,uk']);
    expect(res.statusCode).toBe(202);
    const done = await waitForScan(ctx, user, res.json().scanId);
    expect(done).toMatchObject({ brands: ['CeraVe'], markets: ['DE', 'UK'], status: 'COMPLETED' });
  });

  it('refuses scans to a plan without wholesale access (FREE)', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const res = await startScan(ctx, user, ['CeraVe'], ['DE']);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(BRAND_ANALYSIS_FORBIDDEN);
  });

  it('limits STARTER to one market per scan and 5 brand checks a day, one per brand scanned', async () => {
    const user = await createUser(ctx.deps, { tier: 'STARTER' });
    const twoMarkets = await startScan(ctx, user, ['CeraVe'], ['DE', 'UK']);
    expect(twoMarkets.statusCode).toBe(403);
    expect(twoMarkets.json().error).toBe(MULTI_MARKET_FORBIDDEN);

    const first = await startScan(ctx, user, ['Filler Brand 1', 'Filler Brand 2', 'Filler Brand 3'], ['DE']);
    expect(first.statusCode).toBe(202);
    await waitForScan(ctx, user, first.json().scanId);

    const tooMany = await startScan(ctx, user, ['Filler Brand 4', 'Filler Brand 5', 'Filler Brand 6'], ['DE']);
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json().error).toBe(
      'Your plan allows 2 more brand checks today, but you selected 3 brands. Please select fewer brands or upgrade your plan.',
    );

    const rest = await startScan(ctx, user, ['Filler Brand 4', 'Filler Brand 5'], ['DE']);
    expect(rest.statusCode).toBe(202);
    await waitForScan(ctx, user, rest.json().scanId);

    const exhausted = await startScan(ctx, user, ['CeraVe'], ['DE']);
    expect(exhausted.statusCode).toBe(403);
    expect(exhausted.json().error).toMatch(/Brand check limit reached/);

    const usage = await ctx.deps.db.one<{ used: number }>(
      `select used::int as used from usage_counters where organization_id = $1 and metric = 'brand_checks'`,
      [user.organizationId],
    );
    expect(usage.used).toBe(5);
  });

  it('shows the running scan as active (resumable), refuses a second one and answers 204 once it ends', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/active-scan', headers: user.headers });
    expect(none.statusCode).toBe(204);
    fake.hold();
    let scanId = '';
    try {
      const calls = fake.lookupCalls.length;
      const res = await startScan(ctx, user, ['CeraVe', 'Nordhav Skin'], ['DE', 'UK']);
      scanId = res.json().scanId;
      await waitFor(() => fake.lookupCalls.length > calls);
      const active = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/active-scan', headers: user.headers });
      expect(active.statusCode).toBe(200);
      expect(active.json()).toMatchObject({
        id: scanId,
        status: 'PROCESSING',
        totalBrands: 2,
        processedBrands: 0,
        currentBrand: 'CeraVe',
        totalMarkets: 2,
        processedMarkets: 0,
        currentMarket: 'DE',
      });

      const second = await startScan(ctx, user, ['CeraVe'], ['DE']);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toBe(SCAN_ALREADY_RUNNING);

      const other = await createUser(ctx.deps, { tier: 'PRO' });
      const foreign = await ctx.app.inject({ method: 'GET', url: `/api/brand-analyzer/scan/${scanId}`, headers: other.headers });
      expect(foreign.statusCode).toBe(404);
      const otherActive = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/active-scan', headers: other.headers });
      expect(otherActive.statusCode).toBe(204);
    } finally {
      fake.release();
    }
    expect((await waitForScan(ctx, user, scanId)).status).toBe('COMPLETED');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/active-scan', headers: user.headers });
    expect(after.statusCode).toBe(204);
  });

  it('writes progress brand by brand and market by market', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    fake.hold();
    const { scanId } = (await startScan(ctx, user, ['CeraVe', 'Nordhav Skin'], ['DE', 'UK'])).json();
    const seen = new Set<string>();
    try {
      // Each release lets one look-up through; the next one waits again.
      for (let step = 0; step < 8; step++) {
        const scan = await getScan(ctx, user, scanId);
        if (scan.status === 'COMPLETED') break;
        seen.add(`${scan.processedBrands}/${scan.currentBrand}/${scan.processedMarkets}/${scan.currentMarket}`);
        const calls = fake.lookupCalls.length;
        fake.release();
        fake.hold();
        await waitFor(async () => fake.lookupCalls.length > calls || (await getScan(ctx, user, scanId)).status === 'COMPLETED');
      }
    } finally {
      fake.release();
    }
    await waitForScan(ctx, user, scanId);
    expect([...seen]).toEqual(expect.arrayContaining(['0/CeraVe/0/DE', '0/CeraVe/1/UK', '1/Nordhav Skin/0/DE', '1/Nordhav Skin/1/UK']));
  });

  it('answers 404 for an unknown or malformed scan id', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/brand-analyzer/scan/${id}`, headers: user.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Brand scan not found.');
    }
  });
});
