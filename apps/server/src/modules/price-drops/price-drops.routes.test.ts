import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRefreshAt } from '@dealradar/shared/drops-schedule';
import type { MarketId } from '@dealradar/shared/markets';
import { TestClock } from '../../lib/clock.ts';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import type { AmazonListing, MarketDataService } from '../market-data/market-data.types.ts';
import { catalogueOf, variant } from './price-drops.test-helpers.ts';
import { registerPriceDropJobs } from './price-drops.jobs.ts';
import { refreshPrices } from './price-refresh.service.ts';

const HOUR = 3600_000;
/** Monday 23 Nov 2026, 09:00 in Berlin. */
const T0 = Date.parse('2026-11-23T08:00:00Z');

const PRODUCTS = {
  A1: { gtin: '4000000000011', brand: 'Nivea', name: 'Nivea Creme 150ml' },
  A2: { gtin: '4000000000028', brand: 'Nivea', name: 'Nivea Soft 200ml' },
  A3: { gtin: '4000000000035', brand: 'Nivea', name: 'Nivea Men Balm' },
  B1: { gtin: '3337875597197', brand: 'CeraVe', name: 'CeraVe Hydrating Cleanser' },
  B2: { gtin: '3337875597210', brand: 'CeraVe', name: 'CeraVe Moisturising Cream' },
  C1: { gtin: '0896364002428', brand: 'Olaplex', name: 'Olaplex No.3 Hair Perfector' },
  C2: { gtin: '0896364002435', brand: 'Olaplex', name: 'Olaplex No.4 Bond Shampoo' },
  D1: { gtin: '3600531142742', brand: 'Maybelline', name: 'Maybelline Lash Sensational' },
  E1: { gtin: '5000000000001', brand: 'Dove', name: 'Dove Original Deodorant' },
} as const;
type Key = keyof typeof PRODUCTS;

const BASE: Record<Key, number> = { A1: 1000, A2: 1000, A3: 1000, B1: 1000, B2: 1000, C1: 1000, C2: 2000, D1: 1000, E1: 1000 };

function catalogue(prices: Partial<Record<Key, number>>) {
  const all = { ...BASE, ...prices };
  return catalogueOf(
    (Object.keys(all) as Key[]).map((k) =>
      variant(PRODUCTS[k].gtin, all[k], { brand: PRODUCTS[k].brand, name: PRODUCTS[k].name, stock: k === 'E1' ? null : 25 }),
    ),
  );
}

function listing(ean: string, market: MarketId, buyBoxPrice: number): AmazonListing {
  return {
    ean,
    asin: 'B000TEST01',
    market,
    title: 'x',
    brand: 'Olaplex',
    imageUrl: null,
    buyBoxPrice,
    lowestFbaPrice: null,
    lowestFbmPrice: null,
    offerCount: 3,
    mainCategoryRank: 1000,
    beautyCategoryRank: 10,
    estimatedMonthlySales: 100,
    rating: 4.5,
    reviewCount: 10,
    buyBoxSellerId: null,
    referralFeeRate: 0.15,
    fbaFee: 300,
    packageQuantity: 1,
    fetchedAt: new Date(T0),
    source: 'demo',
  };
}

/** Market data the tests control: EUR→GBP at 0.85, and an Amazon listing only for C1 in DE and UK and A2 in DE. */
function stubMarketData(real: MarketDataService): MarketDataService {
  return {
    ...real,
    source: { retail: 'test', wholesale: 'test', isDemo: false },
    fxRate: async (from, to) => ({ from, to, rate: from === to ? 1 : to === 'GBP' ? 0.85 : 1.1, date: '2026-11-20' }),
    lookupListings: async (eans, market) => {
      const resolved = new Map();
      const price = market === 'DE' ? 1999 : market === 'UK' ? 1500 : null;
      if (price !== null && eans.includes(PRODUCTS.C1.gtin))
        resolved.set(PRODUCTS.C1.gtin, { listing: listing(PRODUCTS.C1.gtin, market, price), numberOfPacks: 1, alternatives: [], mapped: false });
      // A2 (new price 7.00) in DE too: a second drop with a ROI, for the sort by Best ROI.
      if (market === 'DE' && eans.includes(PRODUCTS.A2.gtin))
        resolved.set(PRODUCTS.A2.gtin, { listing: listing(PRODUCTS.A2.gtin, market, 1999), numberOfPacks: 1, alternatives: [], mapped: false });
      return { resolved, notLookedUp: [], upstreamRequests: 0 };
    },
  };
}

const LIVE_ENDPOINTS = [
  '/api/price-alerts/dashboard/overview',
  '/api/price-alerts/dashboard/hot-deals',
  '/api/price-alerts/dashboard/recent-drops',
  '/api/price-alerts/dashboard/analytics',
  '/api/price-alerts/price-drops',
  '/api/price-alerts/price-drops/brands',
  '/api/price-alerts/stats',
];

describe('price-alert endpoints', () => {
  let ctx: TestContext;
  let clock: TestClock;
  const users: Record<string, TestUser> = {};

  beforeAll(async () => {
    clock = new TestClock(new Date(T0 - 48 * HOUR));
    ctx = await buildTestApp({ clock });
    ctx.deps.marketData = stubMarketData(ctx.deps.marketData);
    const refresh = (prices: Partial<Record<Key, number>>) => refreshPrices(ctx.deps, { trigger: 'test', catalogue: catalogue(prices) });
    await refresh({});
    clock.set(new Date(T0 - 47 * HOUR));
    await refresh({ D1: 500 }); // expired by now: only in the daily trend
    clock.set(new Date(T0));
    await refresh({ D1: 500 });
    clock.set(new Date(T0 + 1 * HOUR));
    await refresh({ D1: 500, A1: 950, A2: 700, B1: 400 });
    clock.set(new Date(T0 + 3 * HOUR));
    await refresh({ D1: 500, A1: 950, A2: 700, B1: 400, B2: 880, C1: 200, C2: 1500 });
    clock.set(new Date(T0 + 4 * HOUR));
    await refresh({ D1: 500, A1: 950, A2: 700, B1: 400, B2: 880, C1: 200, C2: 1500, A3: 990 });
    clock.set(new Date(T0 + 4.5 * HOUR));
    for (const tier of ['FREE', 'STARTER', 'GROWTH', 'PRO']) users[tier] = await createUser(ctx.deps, { tier });
    users.ADMIN = await createUser(ctx.deps, { role: 'ADMIN' });
    users.UK = await createUser(ctx.deps, { tier: 'PRO', country: 'UK' });
  });
  afterAll(async () => ctx.close());

  const get = (url: string, user: TestUser = users.GROWTH!) => ctx.app.inject({ method: 'GET', url, headers: user.headers });

  it('answers 403 with an error sentence to FREE and STARTER on every live endpoint', async () => {
    for (const tier of ['FREE', 'STARTER']) {
      for (const url of LIVE_ENDPOINTS) {
        const res = await get(url, users[tier]);
        expect(res.statusCode, `${tier} ${url}`).toBe(403);
        expect(res.json().error).toMatch(/Growth and Pro/);
      }
    }
  });

  it('answers 401 without a session', async () => {
    for (const url of LIVE_ENDPOINTS) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('serves GROWTH, PRO and admins', async () => {
    for (const who of ['GROWTH', 'PRO', 'ADMIN']) {
      for (const url of LIVE_ENDPOINTS) expect((await get(url, users[who])).statusCode, `${who} ${url}`).toBe(200);
    }
  });

  it('overview: totals, savings, average, top brand and recent count over the active drops', async () => {
    expect((await get('/api/price-alerts/dashboard/overview')).json()).toEqual({
      totalDrops: 7,
      totalSavings: 23.8,
      avgDiscount: 30.4,
      topBrand: 'Nivea',
      recentDrops: 4,
      currency: 'EUR',
    });
  });

  it('hot deals: the top 5 by percentage with every item field', async () => {
    const items = (await get('/api/price-alerts/dashboard/hot-deals')).json();
    expect(items.map((i: { priceDropPercentage: number }) => i.priceDropPercentage)).toEqual([80, 60, 30, 25, 12]);
    expect(items[0]).toMatchObject({
      productId: PRODUCTS.C1.gtin,
      productName: PRODUCTS.C1.name,
      productBrand: 'Olaplex',
      productCategory: 'Skin Care',
      productPrimaryIdentifier: PRODUCTS.C1.gtin,
      stock: 25,
      oldPriceExclVat: 10,
      oldPriceInclVat: 11.9,
      newPriceExclVat: 2,
      newPriceInclVat: 2.38,
      dropCategory: 'HUGE',
      priority: 'CRITICAL',
      dropIcon: '💎',
      detectedAt: new Date(T0 + 3 * HOUR).toISOString(),
      expiresAt: new Date(T0 + 27 * HOUR).toISOString(),
      qogitaLink: `https://www.qogita.com/products/${PRODUCTS.C1.gtin}/`,
      productImageUrl: `https://images.example.test/${PRODUCTS.C1.gtin}.jpg`,
      currency: 'EUR',
    });
  });

  it('carries the best-market ROI at the new price when the Amazon side is known', async () => {
    const items = (await get('/api/price-alerts/dashboard/hot-deals')).json();
    // DE: 19.99 incl. 19 % VAT → 16.7983 net − 2.9985 referral − 3.00 FBA − 2.00 cost = 8.7998 on 2.00 → 439.99 % (UK is lower).
    expect(items[0]).toMatchObject({ bestRoiMarket: 'DE', bestRoiPercentage: 439.99 });
    expect(items[1]).toMatchObject({ bestRoiPercentage: null, bestRoiMarket: null });
  });

  it('recent drops: the last 2 hours only, newest first', async () => {
    const items = (await get('/api/price-alerts/dashboard/recent-drops')).json();
    expect(items.map((i: { productId: string }) => i.productId)).toEqual([PRODUCTS.A3.gtin, PRODUCTS.C2.gtin, PRODUCTS.C1.gtin, PRODUCTS.B2.gtin]);
  });

  it('analytics: by category, by priority, top brands and a 14-day trend', async () => {
    const body = (await get('/api/price-alerts/dashboard/analytics')).json();
    expect(body.dropsByCategory).toEqual({ Minor: 2, Small: 1, Medium: 2, Large: 1, Huge: 1 });
    expect(Object.keys(body.dropsByCategory)).toEqual(['Minor', 'Small', 'Medium', 'Large', 'Huge']);
    expect(body.dropsByPriority).toEqual({ Low: 1, Medium: 2, High: 1, 'Very High': 1, Critical: 2 });
    expect(body.topBrands).toEqual([
      { brand: 'Nivea', dropCount: 3 },
      { brand: 'CeraVe', dropCount: 2 },
      { brand: 'Olaplex', dropCount: 2 },
    ]);
    expect(body.dailyTrend).toHaveLength(14);
    expect(body.dailyTrend[0].date).toBe('2026-11-10');
    expect(body.dailyTrend.at(-1)).toEqual({ date: '2026-11-23', drops: 7, avgDiscount: 30.4 });
    expect(body.dailyTrend.at(-3)).toEqual({ date: '2026-11-21', drops: 1, avgDiscount: 50 });
    expect(body.dailyTrend.at(-2)).toEqual({ date: '2026-11-22', drops: 0, avgDiscount: 0 });
  });

  it('price drops: paged, newest first by default', async () => {
    const body = (await get('/api/price-alerts/price-drops?page=0&size=100&sortBy=detectedAt&sortOrder=desc')).json();
    expect(body.totalElements).toBe(7);
    expect(body.totalPages).toBe(1);
    expect(body.content[0].productId).toBe(PRODUCTS.A3.gtin);
    expect(body.content.at(-1).detectedAt).toBe(new Date(T0 + HOUR).toISOString());
  });

  it('price drops: page and size', async () => {
    const body = (await get('/api/price-alerts/price-drops?page=2&size=3&sortBy=priceDropPercentage&sortOrder=desc')).json();
    expect(body).toMatchObject({ totalElements: 7, totalPages: 3 });
    expect(body.content.map((i: { priceDropPercentage: number }) => i.priceDropPercentage)).toEqual([1]);
    expect((await get('/api/price-alerts/price-drops?page=9')).json().content).toEqual([]);
  });

  const sortCases: Array<[string, string, (i: Record<string, unknown>) => unknown, unknown[]]> = [
    ['priceDropPercentage', 'asc', (i) => i.priceDropPercentage, [1, 5, 12, 25, 30, 60, 80]],
    ['newPriceExclVat', 'desc', (i) => i.newPriceExclVat, [15, 9.9, 9.5, 8.8, 7, 4, 2]],
    ['oldPriceExclVat', 'desc', (i) => i.oldPriceExclVat, [20, 10, 10, 10, 10, 10, 10]],
    ['productBrand', 'asc', (i) => i.productBrand, ['CeraVe', 'CeraVe', 'Nivea', 'Nivea', 'Nivea', 'Olaplex', 'Olaplex']],
    [
      'productName',
      'asc',
      (i) => i.productName,
      [
        'CeraVe Hydrating Cleanser',
        'CeraVe Moisturising Cream',
        'Nivea Creme 150ml',
        'Nivea Men Balm',
        'Nivea Soft 200ml',
        'Olaplex No.3 Hair Perfector',
        'Olaplex No.4 Bond Shampoo',
      ],
    ],
  ];
  it('price drops: sort by Best ROI, drops without a ROI last in both directions; filter by a minimum ROI', async () => {
    const keys = async (query: string) =>
      ((await get(`/api/price-alerts/price-drops?${query}`)).json().content as Array<{ productId: string; bestRoiPercentage: number | null }>).map((i) => [
        i.productId,
        i.bestRoiPercentage,
      ]);
    const desc = await keys('sortBy=bestRoiPercentage&sortOrder=desc');
    expect(desc.slice(0, 2).map(([id]) => id)).toEqual([PRODUCTS.C1.gtin, PRODUCTS.A2.gtin]);
    expect(desc[0]![1]).toBe(439.99);
    expect((desc[1]![1] as number) < 439.99).toBe(true);
    expect(desc.slice(2).every(([, roi]) => roi === null)).toBe(true);
    const asc = await keys('sortBy=bestRoiPercentage&sortOrder=asc');
    expect(asc.slice(0, 2).map(([id]) => id)).toEqual([PRODUCTS.A2.gtin, PRODUCTS.C1.gtin]);
    expect(asc).toHaveLength(7);
    expect(await keys('minRoi=200')).toEqual([[PRODUCTS.C1.gtin, 439.99]]);
    expect((await keys('minRoi=0&sortBy=bestRoiPercentage')).map(([id]) => id)).toEqual([PRODUCTS.C1.gtin, PRODUCTS.A2.gtin]);
    expect((await get('/api/price-alerts/price-drops?minRoi=200')).json().totalElements).toBe(1);
  });

  for (const [sortBy, sortOrder, pick, expected] of sortCases) {
    it(`price drops: sort by ${sortBy} ${sortOrder}`, async () => {
      const body = (await get(`/api/price-alerts/price-drops?sortBy=${sortBy}&sortOrder=${sortOrder}`)).json();
      expect(body.content.map(pick)).toEqual(expected);
    });
  }

  const filterCases: Array<[string, string[]]> = [
    ['dropCategory=MINOR', ['A3', 'A1']],
    ['dropCategory=medium', ['C2', 'A2']],
    ['priority=CRITICAL', ['C1', 'B1']],
    ['priority=VERY%20HIGH', ['A2']],
    ['brand=CeraVe', ['B2', 'B1']],
    ['search=olap', ['C2', 'C1']],
    ['search=3337875597', ['B2', 'B1']],
    ['search=nivea&dropCategory=MINOR&priority=LOW', ['A3']],
    ['search=%25', []],
  ];
  for (const [query, keys] of filterCases) {
    it(`price drops: filter ${query}`, async () => {
      const body = (await get(`/api/price-alerts/price-drops?${query}`)).json();
      expect(body.content.map((i: { productId: string }) => i.productId)).toEqual(keys.map((k) => PRODUCTS[k as Key].gtin));
      expect(body.totalElements).toBe(keys.length);
    });
  }

  const badQueries: Array<[string, RegExp]> = [
    ['sortBy=price', /sortBy must be one of/],
    ['sortOrder=up', /sortOrder must be asc or desc/],
    ['dropCategory=TINY', /dropCategory must be one of/],
    ['priority=URGENT', /priority must be one of/],
    ['page=-1', /page must be 0 or more/],
    ['size=0', /size must be between 1 and 1000/],
    ['page=abc', /page must be a number/],
    ['page=1.5', /page must be a whole number/],
    ['page=1e20', /page must be/],
    ['size=100000', /size must be between 1 and 1000/],
    ['sortBy=__proto__', /sortBy must be one of/],
    ['minRoi=abc', /minRoi must be a number of percent/],
    ['minRoi=1e9', /minRoi must be a number of percent/],
    ['sortBy=', /sortBy must be one of/],
    [`search=${'x'.repeat(201)}`, /search text is too long/],
    ['brand=' + 'b'.repeat(201), /search text is too long|too long/],
  ];
  for (const [query, message] of badQueries) {
    it(`price drops: 400 for ${query}`, async () => {
      const res = await get(`/api/price-alerts/price-drops?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(message);
    });
  }

  it('price drops: a page past the end answers an empty page, not an error', async () => {
    const res = await get('/api/price-alerts/price-drops?page=99999999&size=1000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: [], totalElements: 7, totalPages: 1 });
  });

  it('profit basis: the breakdown behind a drop ROI badge, in the market currency', async () => {
    const [top] = (await get('/api/price-alerts/dashboard/hot-deals')).json();
    const res = await get(`/api/price-alerts/price-drops/${top.id}/profit`);
    expect(res.statusCode, res.body).toBe(200);
    // DE: 19.99 incl. 19 % VAT → 3.19 VAT, 16.80 net − 3.00 referral (15 %) − 3.00 FBA − 1 × 2.00 cost = 8.80 → 439.99 % (as the badge).
    expect(res.json()).toMatchObject({
      dropId: top.id,
      market: 'DE',
      currency: 'EUR',
      available: true,
      asin: 'B000TEST01',
      vatRegistered: true,
      unitCostEur: 2,
      fxRate: 1,
      salePrice: 19.99,
      vatRate: 0.19,
      vat: 3.19,
      revenue: 16.8,
      referralFee: 3,
      fbaFee: 3,
      numberOfPacks: 1,
      unitCost: 2,
      totalCost: 2,
      profit: 8.8,
      roiPercentage: top.bestRoiPercentage,
      // The seller profile (default DE, registered), the rules' day and every fee line with its rule
      seller: { country: 'DE', vatRegistered: true },
      purchaseVat: 0,
    });
    const body = res.json();
    expect(body.rulesDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.feeLines.map((l: { kind: string }) => l.kind)).toEqual(['referral', 'fba', 'fee-vat', 'fee-vat-reclaimed']);
    expect(typeof body.amazonHoldsBuyBox).toBe('boolean');
  });

  it('profit basis: a drop without a known Amazon listing says so (not a deal)', async () => {
    const items = (await get('/api/price-alerts/dashboard/hot-deals')).json();
    const res = await get(`/api/price-alerts/price-drops/${items[1].id}/profit`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ market: 'DE', available: false, asin: null, profit: null, roiPercentage: null });
  });

  it('profit basis: 400 for a bad id, 404 for an unknown or expired drop, 403 for FREE and STARTER', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await get(`/api/price-alerts/price-drops/${id}/profit`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error).toMatch(/price drop id/);
    }
    const missing = await get('/api/price-alerts/price-drops/987654321/profit');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Price drop not found.' });
    const [top] = (await get('/api/price-alerts/dashboard/hot-deals')).json();
    for (const tier of ['FREE', 'STARTER']) expect((await get(`/api/price-alerts/price-drops/${top.id}/profit`, users[tier])).statusCode).toBe(403);
    clock.set(new Date(T0 + 27 * HOUR + 1));
    try {
      expect((await get(`/api/price-alerts/price-drops/${top.id}/profit`)).statusCode).toBe(404);
    } finally {
      clock.set(new Date(T0 + 4.5 * HOUR));
    }
  });

  it('brands: the brands of the active drops, sorted', async () => {
    expect((await get('/api/price-alerts/price-drops/brands')).json()).toEqual(['CeraVe', 'Nivea', 'Olaplex']);
  });

  it('stats: products, active drops, cadence, last and next update', async () => {
    const now = new Date(T0 + 4.5 * HOUR);
    expect((await get('/api/price-alerts/stats')).json()).toEqual({
      totalProducts: 9,
      totalPriceDrops: 7,
      currentUpdateFrequency: 'Hourly',
      lastUpdateTime: new Date(T0 + 4 * HOUR).toISOString(),
      nextUpdateTime: nextRefreshAt(now, 'Europe/Berlin').toISOString(),
      refreshing: false,
      timeZone: 'Europe/Berlin',
    });
    expect(nextRefreshAt(now, 'Europe/Berlin').toISOString()).toBe('2026-11-23T13:00:00.000Z');
  });

  it('prices are in GBP for a UK user, converted with the FX rate', async () => {
    const overview = (await get('/api/price-alerts/dashboard/overview', users.UK)).json();
    expect(overview).toMatchObject({ currency: 'GBP', totalSavings: 20.23 });
    const [top] = (await get('/api/price-alerts/dashboard/hot-deals', users.UK)).json();
    expect(top).toMatchObject({ currency: 'GBP', oldPriceExclVat: 8.5, newPriceExclVat: 1.7, priceDropPercentage: 80 });
    // Qogita's EUR prices beside the pounds, with the rate and its day.
    expect(top).toMatchObject({ oldPriceExclVatEur: 10, newPriceExclVatEur: 2, fxRate: 0.85, fxDate: '2026-11-20' });
    const [first] = (await get('/api/price-alerts/price-drops?sortBy=priceDropPercentage&sortOrder=desc', users.UK)).json().content;
    expect(first).toMatchObject({ currency: 'GBP', newPriceExclVatEur: expect.any(Number), fxRate: 0.85 });
    // A continental user's prices are the EUR ones already: no second figure.
    const [eur] = (await get('/api/price-alerts/dashboard/hot-deals')).json();
    expect(eur.fxRate).toBeUndefined();
  });

  it('drops vanish from every endpoint once 24 hours have passed', async () => {
    clock.set(new Date(T0 + 27 * HOUR + 1));
    try {
      const overview = (await get('/api/price-alerts/dashboard/overview')).json();
      expect(overview).toMatchObject({ totalDrops: 1, topBrand: 'Nivea' }); // only A3 (detected at T0+4h) is left
      expect((await get('/api/price-alerts/price-drops')).json().totalElements).toBe(1);
    } finally {
      clock.set(new Date(T0 + 4.5 * HOUR));
    }
  });

  it('only admins may start a refresh', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/price-alerts/refresh', headers: users.PRO!.headers });
    expect(res.statusCode).toBe(403);
  });

  it('a finished refresh shows at once in the totals (aggregates are cached per refresh)', async () => {
    expect((await get('/api/price-alerts/dashboard/overview')).json().totalDrops).toBe(7);
    expect((await get('/api/price-alerts/price-drops?brand=Nivea')).json().totalElements).toBe(3);
    await refreshPrices(ctx.deps, { trigger: 'test', catalogue: catalogue({ D1: 500, A1: 950, A2: 700, B1: 400, B2: 880, C1: 200, C2: 1500, A3: 1000 }) });
    expect((await get('/api/price-alerts/dashboard/overview')).json().totalDrops).toBe(6);
    expect((await get('/api/price-alerts/price-drops?brand=Nivea')).json().totalElements).toBe(2);
    expect((await get('/api/price-alerts/stats')).json().totalPriceDrops).toBe(6);
  });
});

describe('admin refresh through the job queue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true });
    ctx.deps.marketData = {
      ...stubMarketData(ctx.deps.marketData),
      fetchWholesaleCatalogue: () => catalogue({}),
    };
  });
  afterAll(async () => ctx.close());

  it('queues a refresh at once; the worker runs it and the stats show it', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/price-alerts/refresh', headers: admin.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ jobId: expect.any(String), message: 'Price refresh started.' });
    let stats: { totalProducts: number; lastUpdateTime: string | null } | undefined;
    for (let i = 0; i < 100; i += 1) {
      stats = (await ctx.app.inject({ method: 'GET', url: '/api/price-alerts/stats', headers: admin.headers })).json();
      if (stats?.lastUpdateTime) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(stats).toMatchObject({ totalProducts: 9, lastUpdateTime: expect.any(String) });
  });
});

describe('first start', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true });
    ctx.deps.marketData = { ...stubMarketData(ctx.deps.marketData), fetchWholesaleCatalogue: () => catalogue({}) };
  });
  afterAll(() => ctx.close());

  it('a process with the scheduler refreshes at once when no refresh ever ran, and not again on the next start', async () => {
    await registerPriceDropJobs(ctx.deps, { worker: false, scheduler: true });
    const runs = () => ctx.deps.db.query<{ trigger: string; status: string }>('select trigger, status from price_refresh_runs order by id');
    for (let i = 0; i < 150 && !(await runs()).some((r) => r.status === 'succeeded'); i += 1) await new Promise((r) => setTimeout(r, 200));
    expect(await runs()).toEqual([{ trigger: 'first start', status: 'succeeded' }]);
    await registerPriceDropJobs(ctx.deps, { worker: false, scheduler: true });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await runs()).toHaveLength(1);
  });
});
