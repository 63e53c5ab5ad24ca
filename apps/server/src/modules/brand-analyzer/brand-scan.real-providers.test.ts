import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { sendJson, startFake, type FakeRequest } from '../../../test/market-data/fakes/http-fake.ts';
import { keepaProduct, startKeepaFake } from '../../../test/market-data/fakes/keepa-fake.ts';
import { ean } from './test-support/fake-market-data.ts';
import { listFavorites, startScan, waitForScan } from './test-support/scan-helpers.ts';

/**
 * The whole brand scan with MARKET_DATA=real against local servers speaking Keepa's /product and Qogita's Buyer API
 * wire formats (external-apis.md §1, §2): brands and variants from Qogita, listings from Keepa, through the cache.
 */
const PROFITABLE = ean('400638133393');
const UNPROFITABLE = ean('400638133394');
const CSV_HEADER =
  'GTIN,Name,Category,Brand,€ Lowest Price inc. shipping,Unit,Lowest Priced Offer Inventory,Is a pre-order?,Estimated Delivery Time (weeks),Number of Offers,Total Inventory of All Offers,Product URL,Image URL';

async function startQogitaFake() {
  return startFake((req: FakeRequest, res) => {
    if (req.path === '/auth/login/' && req.method === 'POST') {
      return sendJson(res, 200, { accessToken: 'token-1', accessExp: Date.now() + 3_600_000, user: { email: 'buyer@example.com', activeCartQid: 'cart' } });
    }
    if (req.headers.authorization !== 'Bearer token-1') return sendJson(res, 401, { detail: 'not authenticated' });
    if (req.path === '/brands/') {
      return sendJson(res, 200, {
        count: 2,
        next: null,
        previous: null,
        results: [
          { qid: 'b1', name: 'CeraVe', slug: 'cerave' },
          { qid: 'b2', name: 'Nordhav Skin', slug: 'nordhav-skin' },
        ],
      });
    }
    if (req.path === '/variants/search/download/') {
      const rows = req.query.getAll('brand_name').includes('CeraVe')
        ? [
            `${PROFITABLE},CeraVe Moisturising Cream 340 g,Skin Care,CeraVe,5.00,1,240,No,1,3,400,https://www.qogita.com/products/ABC/cream/,https://img.example/1.jpg`,
            `${UNPROFITABLE},CeraVe Foaming Cleanser 236 ml,Skin Care,CeraVe,11.00,1,80,No,1,2,120,https://www.qogita.com/products/DEF/cleanser/,`,
          ]
        : [];
      res.writeHead(200, { 'content-type': 'text/csv' });
      return res.end([CSV_HEADER, ...rows].join('\r\n'));
    }
    return sendJson(res, 404, { detail: 'not found' });
  });
}

describe('brand scan against local Keepa and Qogita servers', () => {
  let ctx: TestContext;
  let keepa: Awaited<ReturnType<typeof startKeepaFake>>;
  let qogita: Awaited<ReturnType<typeof startQogitaFake>>;

  beforeAll(async () => {
    keepa = await startKeepaFake({
      key: 'keepa-test-key',
      products: new Map([
        [PROFITABLE, [keepaProduct({ asin: 'B0CERAVE01', ean: PROFITABLE, buyBox: 4999, rank: 1520, subRank: 88 })]],
        [UNPROFITABLE, [keepaProduct({ asin: 'B0CERAVE02', ean: UNPROFITABLE, buyBox: 999, rank: 64000 })]],
      ]),
    });
    qogita = await startQogitaFake();
    ctx = await buildTestApp({
      withQueue: true,
      env: {
        MARKET_DATA: 'real',
        KEEPA_API_KEY: 'keepa-test-key',
        KEEPA_BASE_URL: keepa.url,
        QOGITA_EMAIL: 'buyer@example.com',
        QOGITA_PASSWORD: 'secret',
        QOGITA_BASE_URL: qogita.url,
        FX_RATES: '2026-11-20;GBP=0.85;USD=1.08;CAD=1.47',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await keepa?.close();
    await qogita?.close();
  });

  it('lists Qogita brands, scans a brand with Keepa listings and keeps the profitable product as a favorite', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const brands = await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/brands', headers: user.headers });
    expect(brands.json()).toEqual(['CeraVe', 'Nordhav Skin']);

    const res = await startScan(ctx, user, ['CeraVe'], ['DE']);
    expect(res.statusCode).toBe(202);
    const done = await waitForScan(ctx, user, res.json().scanId);
    expect(done).toMatchObject({ status: 'COMPLETED', processedBrands: 1, favoritesFound: 1, error: null });

    const favorites = (await listFavorites(ctx, user)).json();
    expect(favorites.totalElements).toBe(1);
    expect(favorites.content[0]).toMatchObject({
      ean: PROFITABLE,
      asin: 'B0CERAVE01',
      market: 'DE',
      currency: 'EUR',
      brand: 'CeraVe',
      amazonPrice: 49.99,
      mainCategoryRank: 1520,
      supplierUrl: 'https://www.qogita.com/products/ABC/cream/',
      qogitaImageUrl: 'https://img.example/1.jpg',
    });
    expect(favorites.content[0].roiPercentage).toBeGreaterThan(15);

    // Qogita was asked for the brand's variants; Keepa for both EANs in the German marketplace (domain 3) with our key.
    expect(qogita.requests.some((r) => r.path === '/variants/search/download/' && r.query.getAll('brand_name').includes('CeraVe'))).toBe(true);
    const productCalls = keepa.requests.filter((r) => r.path === '/product');
    expect(productCalls.length).toBeGreaterThan(0);
    expect(productCalls.every((r) => r.query.get('key') === 'keepa-test-key' && r.query.get('domain') === '3')).toBe(true);
    expect(productCalls.flatMap((r) => (r.query.get('code') ?? '').split(','))).toEqual(expect.arrayContaining([PROFITABLE, UNPROFITABLE]));

    // A second scan within the cache TTL asks Keepa nothing new.
    const before = keepa.requests.length;
    const again = await startScan(ctx, user, ['CeraVe'], ['DE']);
    expect((await waitForScan(ctx, user, again.json().scanId)).status).toBe('COMPLETED');
    expect(keepa.requests.length).toBe(before);
    // The brand list (many pages on the real Qogita) was fetched once for the listing and both starts.
    expect(qogita.requests.filter((r) => r.path === '/brands/')).toHaveLength(1);
  });
});
