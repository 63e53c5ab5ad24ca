import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import { insertScan } from './brand-scan.repository.ts';
import { upsertFavorites, type FavoriteRecord } from './favorites.repository.ts';
import { listFavorites } from './test-support/scan-helpers.ts';

function record(overrides: Partial<FavoriteRecord> & Pick<FavoriteRecord, 'ean'>): FavoriteRecord {
  return {
    asin: `B0${overrides.ean.slice(-8)}`,
    market: 'DE',
    currency: 'EUR',
    productName: `Product ${overrides.ean}`,
    brand: 'CeraVe',
    supplierName: 'Qogita',
    supplierUrl: null,
    supplierPrice: 500,
    amazonPrice: 2000,
    estimatedProfit: 500,
    roiPercentage: 100,
    mainCategoryRank: 1000,
    beautyCategoryRank: 10,
    estimatedMonthlySales: 50,
    rating: 4.2,
    reviewCount: 10,
    numberOfSellers: 3,
    buyBoxSellerId: null,
    amazonImageUrl: null,
    qogitaImageUrl: null,
    ...overrides,
  };
}

describe('favorites', () => {
  let ctx: TestContext;
  let owner: TestUser;
  let other: TestUser;

  async function seed(user: TestUser, favorites: FavoriteRecord[], at: Date) {
    const scanId = await ctx.deps.db.tx(async (tx) => {
      const id = await insertScan(tx, { userId: user.id, brands: ['CeraVe'], markets: ['DE'], minRoi: 0.15, now: at });
      await tx.execute(`update brand_scans set status = 'COMPLETED' where id = $1`, [id]);
      return id!;
    });
    await upsertFavorites(ctx.deps.db, user.id, scanId, favorites, at);
  }

  beforeAll(async () => {
    ctx = await buildTestApp();
    owner = await createUser(ctx.deps, { tier: 'PRO' });
    other = await createUser(ctx.deps, { tier: 'PRO' });
    await seed(
      owner,
      [
        record({ ean: '1000000000001', brand: 'CeraVe', market: 'DE', roiPercentage: 50, amazonPrice: 3000, supplierPrice: 900, mainCategoryRank: 300 }),
        record({
          ean: '1000000000002',
          brand: 'CeraVe',
          market: 'UK',
          currency: 'GBP',
          roiPercentage: 25,
          amazonPrice: 1500,
          supplierPrice: 400,
          mainCategoryRank: null,
        }),
      ],
      new Date('2026-11-01T10:00:00Z'),
    );
    await seed(
      owner,
      [
        record({ ean: '1000000000003', brand: 'Nivea', market: 'FR', roiPercentage: 80, amazonPrice: 1200, supplierPrice: 300, mainCategoryRank: 90000 }),
        record({ ean: '1000000000004', brand: 'nivea', market: 'DE', roiPercentage: 12.5, amazonPrice: 900, supplierPrice: 600, mainCategoryRank: 20 }),
      ],
      new Date('2026-11-02T10:00:00Z'),
    );
    await seed(other, [record({ ean: '1000000000009', brand: 'CeraVe' })], new Date('2026-11-03T10:00:00Z'));
  });
  afterAll(async () => ctx.close());

  const eans = (body: { content: Array<{ ean: string }> }) => body.content.map((f) => f.ean.slice(-1));

  it('pages 100 favorites by default (SPEC §9 page size)', async () => {
    const many = await createUser(ctx.deps, { tier: 'PRO' });
    const favorites = Array.from({ length: 101 }, (_, i) => record({ ean: String(2000000000000 + i), mainCategoryRank: i + 1 }));
    await seed(many, favorites, new Date('2026-11-04T10:00:00Z'));
    const first = (await listFavorites(ctx, many)).json();
    expect(first).toMatchObject({ totalElements: 101, totalPages: 2 });
    expect(first.content).toHaveLength(100);
    const second = (await listFavorites(ctx, many, 'page=1')).json();
    expect(second.content.map((f: { ean: string }) => f.ean)).toEqual(['2000000000100']);
  });

  it("lists only the user's own favorites, paged (zero-based) with totals", async () => {
    const all = await listFavorites(ctx, owner);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ totalElements: 4, totalPages: 1 });
    const page = (await listFavorites(ctx, owner, 'size=3&page=1&sortBy=roi&sortOrder=desc')).json();
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2 });
    expect(eans(page)).toEqual(['4']);
    const first = (await listFavorites(ctx, owner, 'size=3&page=0&sortBy=roi&sortOrder=desc')).json();
    expect(eans(first)).toEqual(['3', '1', '2']);
    expect(first.content[2]).toMatchObject({ currency: 'GBP', amazonPrice: 15, supplierPrice: 4, market: 'UK' });
  });

  it('sorts by every option in both orders, missing ranks last', async () => {
    const cases: Array<[string, string[]]> = [
      ['sortBy=mainCategoryRank&sortOrder=asc', ['4', '1', '3', '2']],
      ['sortBy=mainCategoryRank&sortOrder=desc', ['3', '1', '4', '2']],
      ['sortBy=roi&sortOrder=asc', ['4', '2', '1', '3']],
      ['sortBy=amazonPrice&sortOrder=desc', ['1', '2', '3', '4']],
      ['sortBy=supplierPrice&sortOrder=asc', ['3', '2', '4', '1']],
      ['sortBy=createdAt&sortOrder=desc', ['3', '4', '1', '2']],
      ['', ['4', '1', '3', '2']],
    ];
    for (const [query, expected] of cases) {
      const body = (await listFavorites(ctx, owner, query)).json();
      if (query.startsWith('sortBy=createdAt')) expect(eans(body).slice(0, 2).sort()).toEqual(['3', '4']);
      else expect(eans(body), query).toEqual(expected);
    }
  });

  it('filters by brands (any spelling case) and markets', async () => {
    expect(eans((await listFavorites(ctx, owner, 'brands=NIVEA&sortBy=roi&sortOrder=desc')).json())).toEqual(['3', '4']);
    expect(eans((await listFavorites(ctx, owner, 'markets=DE&sortBy=roi&sortOrder=desc')).json())).toEqual(['1', '4']);
    expect(eans((await listFavorites(ctx, owner, 'markets=DE&markets=UK&brands=CeraVe&sortBy=roi&sortOrder=desc')).json())).toEqual(['1', '2']);
    expect((await listFavorites(ctx, owner, 'brands=Unknown')).json()).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('sorts and filters by the 90-day stability, favorites without the figure last and left out by the filter', async () => {
    const steady = await createUser(ctx.deps, { tier: 'PRO' });
    await seed(
      steady,
      [
        record({ ean: '3000000000001', profitableShare90: 0.9 }),
        record({ ean: '3000000000002', profitableShare90: 0.35 }),
        record({ ean: '3000000000003', profitableShare90: null }),
        record({ ean: '3000000000004', profitableShare90: 0.7 }),
      ],
      new Date('2026-11-05T10:00:00Z'),
    );
    expect(eans((await listFavorites(ctx, steady, 'sortBy=profitableShare&sortOrder=desc')).json())).toEqual(['1', '4', '2', '3']);
    expect(eans((await listFavorites(ctx, steady, 'sortBy=profitableShare&sortOrder=asc')).json())).toEqual(['2', '4', '1', '3']);
    const filtered = (await listFavorites(ctx, steady, 'minProfitableShare=70&sortBy=profitableShare&sortOrder=desc')).json();
    expect(eans(filtered)).toEqual(['1', '4']);
    expect(filtered.content[0].profitableShare90).toBe(0.9);
    expect((await listFavorites(ctx, steady, 'minProfitableShare=0')).json().totalElements).toBe(3);
    const bad = await listFavorites(ctx, steady, 'minProfitableShare=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('minProfitableShare must be between 0 and 100.');
  });

  it('answers 400 for a bad sort, order or page', async () => {
    for (const [query, message] of [
      ['sortBy=price', 'sortBy must be one of mainCategoryRank, roi, amazonPrice, supplierPrice, createdAt, profitableShare, estimatedMonthlyProfit.'],
      ['sortOrder=up', 'sortOrder must be asc or desc.'],
      ['page=-1', 'page must be 0 or more.'],
      ['size=500', 'size must be between 1 and 100.'],
    ]) {
      const res = await listFavorites(ctx, owner, query!);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it("deletes one favorite of the user; another user's or an unknown one answers 404", async () => {
    const victim = (await listFavorites(ctx, other)).json().content[0];
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/brand-analyzer/favorites/${victim.id}`, headers: owner.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Favorite not found.');
    expect((await listFavorites(ctx, other)).json().totalElements).toBe(1);

    const mine = (await listFavorites(ctx, owner, 'sortBy=roi&sortOrder=asc')).json().content[0];
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/brand-analyzer/favorites/${mine.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(204);
    expect((await listFavorites(ctx, owner)).json().totalElements).toBe(3);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/brand-analyzer/favorites/${mine.id}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'DELETE', url: '/api/brand-analyzer/favorites/abc', headers: owner.headers });
    expect(malformed.statusCode).toBe(404);
  });

  it('deletes all favorites of the user only', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/brand-analyzer/favorites', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 3 });
    expect((await listFavorites(ctx, owner)).json().totalElements).toBe(0);
    expect((await listFavorites(ctx, other)).json().totalElements).toBe(1);
  });
});
