import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { TestClock } from '../../src/lib/clock.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import type { AmazonListing, MarketDataService, ResolvedListing } from '../../src/modules/market-data/market-data.types.ts';
import { catalogueOf, variant } from '../../src/modules/price-drops/price-drops.test-helpers.ts';
import { refreshPrices } from '../../src/modules/price-drops/price-refresh.service.ts';

const HOUR = 3600_000;
const SOLD = '4000000000013'; // a listing with Amazon's "bought in past month" badge
const DROPS = '4000000000020'; // a listing with 90-day rank drops only
const NONE = '4000000000037'; // a listing without any sales data

/** A German listing with a buy box of €30.00 and the given sales facts. */
function listing(ean: string, asin: string, sales: AmazonListing['sales']): ResolvedListing {
  return {
    listing: {
      ean,
      asin,
      market: 'DE',
      title: `Listing ${asin}`,
      brand: 'Estimate',
      imageUrl: null,
      buyBoxPrice: 3000,
      lowestFbaPrice: 3000,
      lowestFbmPrice: null,
      offerCount: 4,
      mainCategoryRank: null,
      beautyCategoryRank: null,
      estimatedMonthlySales: null,
      rating: null,
      reviewCount: null,
      buyBoxSellerId: 'A3THIRDPARTY',
      referralFeeRate: 0.15,
      fbaFee: 300,
      packageQuantity: 1,
      fetchedAt: new Date('2026-11-24T10:00:00Z'),
      source: 'keepa',
      sales,
    },
    numberOfPacks: 1,
    alternatives: [],
    mapped: false,
  };
}

const LISTINGS = new Map<string, ResolvedListing>([
  // 300 bought last month, 3 FBA offers, Amazon not on the listing: 300 ÷ (3 + 1) = 75 units a month.
  [
    SOLD,
    listing(SOLD, 'B0SOLD0001', {
      monthlySold: 300,
      rankDrops30: 12,
      rankDrops90: 40,
      salesRank: 5000,
      rootCategory: 64187031,
      newFbaOffers: 3,
      amazonOffers: false,
      amazonBuyBoxShare: null,
    }),
  ],
  // 90 rank drops in 90 days (none in 30) → 30 a month; 2 FBA offers of which one is Amazon's, Amazon holds the buy
  // box half the time: 30 × (1 − 0.5) ÷ (1 + 1) = 7.5 units a month.
  [
    DROPS,
    listing(DROPS, 'B0DROPS001', {
      monthlySold: null,
      rankDrops30: 0,
      rankDrops90: 90,
      salesRank: null,
      rootCategory: 64187031,
      newFbaOffers: 2,
      amazonOffers: true,
      amazonBuyBoxShare: 0.5,
    }),
  ],
  [
    NONE,
    listing(NONE, 'B0NONE0001', {
      monthlySold: null,
      rankDrops30: null,
      rankDrops90: null,
      salesRank: null,
      rootCategory: null,
      newFbaOffers: 1,
      amazonBuyBoxShare: null,
    }),
  ],
]);

/**
 * The sales estimate of price drops (docs/sales-estimate.md "Price drops"): the refresh estimates the listing its ROI
 * was computed for (Germany only here), the list carries the estimate and the monthly profit, sorts and filters by
 * them, and the drop's profit basis shows the same estimate.
 */
describe('price drops: the sales estimate and the seller monthly profit', () => {
  let ctx: TestContext;
  let clock: TestClock;
  let pro: TestUser;
  let uk: TestUser;
  let lookups = 0;
  const refresh = (price: number) =>
    refreshPrices(ctx.deps, {
      trigger: 'test',
      catalogue: catalogueOf([SOLD, DROPS, NONE].map((gtin) => variant(gtin, price, { brand: 'Estimate' }))),
    });

  beforeAll(async () => {
    clock = new TestClock(new Date('2026-11-24T10:00:00Z'));
    ctx = await buildTestApp({ clock, env: { MARKET_DATA: 'demo' } });
    const real = ctx.deps.marketData;
    const fixed: MarketDataService = {
      ...real,
      lookupListings: (eans, market) => {
        lookups += 1;
        const resolved = new Map<string, ResolvedListing>();
        if (market === 'DE') for (const ean of eans) if (LISTINGS.has(ean)) resolved.set(ean, LISTINGS.get(ean)!);
        return Promise.resolve({ resolved, notLookedUp: [], upstreamRequests: 0 });
      },
    };
    ctx.deps.marketData = fixed;
    pro = await createUser(ctx.deps, { tier: 'PRO' });
    uk = await createUser(ctx.deps, { tier: 'PRO', country: 'UK' });
    await refresh(1500);
    clock.set(new Date(clock.now().getTime() + HOUR));
    await refresh(1000);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, who: TestUser = pro) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
  const list = async (query = '', who: TestUser = pro) => {
    const res = await get(`/api/price-alerts/price-drops?brand=Estimate${query}`, who);
    expect(res.statusCode).toBe(200);
    return res.json().content as PriceDropItem[];
  };
  const byEan = (items: PriceDropItem[], ean: string) => items.find((d) => d.productId === ean)!;
  /** The drop's profit per unit for the default profile, as its profit basis computes it. */
  const profitOf = async (item: PriceDropItem) => (await get(`/api/price-alerts/price-drops/${item.id}/profit`)).json().profit as number;

  it('a listing with monthlySold: ≥ 300 bought last month, a share of 75, and 75 × profit a month', async () => {
    const item = byEan(await list(), SOLD);
    expect(item.bestRoiMarket).toBe('DE');
    expect(item.salesEstimate).toMatchObject({
      unitsPerMonth: 300,
      basis: 'monthlySold',
      basisText: '≥ 300 bought last month',
      competitors: 4,
      amazonShare: null,
      sellerUnitsPerMonth: 75,
    });
    const profit = await profitOf(item);
    expect(profit).toBeGreaterThan(0);
    expect(item.estimatedMonthlyProfit).toBeCloseTo(Math.round(75 * profit * 100) / 100, 2);
  });

  it('a listing with rank drops only: ≈ 30 from 90-day rank drops, half the buy box to Amazon, a share of 7.5', async () => {
    const item = byEan(await list(), DROPS);
    expect(item.salesEstimate).toMatchObject({
      unitsPerMonth: 30,
      basis: 'rankDrops90',
      basisText: '≈ 30 from 90-day rank drops',
      competitors: 2,
      amazonShare: 0.5,
      sellerUnitsPerMonth: 7.5,
    });
    const profit = await profitOf(item);
    expect(item.estimatedMonthlyProfit).toBeCloseTo(Math.round(7.5 * profit * 100) / 100, 2);
    const none = byEan(await list(), NONE);
    expect(none.salesEstimate).toBeNull();
    expect(none.estimatedMonthlyProfit).toBeNull();
  });

  it("the drop's profit basis shows the same estimate and monthly profit", async () => {
    const item = byEan(await list(), SOLD);
    const basis = (await get(`/api/price-alerts/price-drops/${item.id}/profit`)).json();
    expect(basis.salesEstimate).toEqual(item.salesEstimate);
    expect(basis.estimatedMonthlyProfit).toBeCloseTo(item.estimatedMonthlyProfit!, 2);
  });

  it('sorts by monthly profit (drops without one last) and filters by units and monthly profit', async () => {
    const desc = await list('&sortBy=estimatedMonthlyProfit&sortOrder=desc');
    expect(desc.map((d) => d.productId)).toEqual([SOLD, DROPS, NONE]);
    const asc = await list('&sortBy=estimatedMonthlyProfit&sortOrder=asc');
    expect(asc.map((d) => d.productId)).toEqual([DROPS, SOLD, NONE]);

    expect((await list('&minUnitsPerMonth=10')).map((d) => d.productId)).toEqual([SOLD]);
    expect((await list('&minUnitsPerMonth=7.5')).map((d) => d.productId).sort()).toEqual([SOLD, DROPS].sort());
    const sold = byEan(desc, SOLD).estimatedMonthlyProfit!;
    const drops = byEan(desc, DROPS).estimatedMonthlyProfit!;
    const between = Math.round(((sold + drops) / 2) * 100) / 100;
    expect((await list(`&minMonthlyProfit=${between}`)).map((d) => d.productId)).toEqual([SOLD]);
    expect((await list('&minMonthlyProfit=0')).map((d) => d.productId).sort()).toEqual([SOLD, DROPS].sort());

    const bad = await get('/api/price-alerts/price-drops?minUnitsPerMonth=lots');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/minUnitsPerMonth/);
  });

  it('in pounds for a UK user: the monthly profit converted like the prices, the filter in pounds', async () => {
    const eur = byEan(await list(), SOLD);
    const gbp = byEan(await list('', uk), SOLD);
    expect(gbp.currency).toBe('GBP');
    expect(gbp.estimatedMonthlyProfit).toBeCloseTo(Math.round(eur.estimatedMonthlyProfit! * gbp.fxRate! * 100) / 100, 2);
    const justAbove = gbp.estimatedMonthlyProfit! + 0.5;
    expect((await list(`&minMonthlyProfit=${gbp.estimatedMonthlyProfit! - 0.5}`, uk)).some((d) => d.productId === SOLD)).toBe(true);
    expect((await list(`&minMonthlyProfit=${justAbove}`, uk)).some((d) => d.productId === SOLD)).toBe(false);
  });

  it('an organization with its own figures (match rules) reads the estimate from its own row, sorted and filtered', async () => {
    const org = await createUser(ctx.deps, { tier: 'PRO' });
    // Any rule on the EAN gives the organization its own row (the stub's listings ignore the rules: same figures).
    const rule = await ctx.app.inject({
      method: 'POST',
      url: '/api/match-rules',
      headers: org.headers,
      payload: { ean: DROPS, asin: 'B0DROPS001', kind: 'always', numberOfPacks: 1 },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const own = await ctx.deps.db.one<{ est: { sellerUnitsPerMonth: number }; profit: number }>(
      `select o.sales_estimate as est, o.estimated_monthly_profit as profit from price_drop_org_roi o join price_drops d on d.id = o.drop_id
        where o.organization_id = (select organization_id from users where id = $1) and d.gtin = $2`,
      [org.id, DROPS],
    );
    expect(own.est.sellerUnitsPerMonth).toBe(7.5);
    const shared = byEan(await list(), DROPS);
    const seen = byEan(await list('', org), DROPS);
    expect(seen.salesEstimate).toEqual(shared.salesEstimate);
    expect(seen.estimatedMonthlyProfit).toBe(shared.estimatedMonthlyProfit);
    expect((await list('&minUnitsPerMonth=7&sortBy=estimatedMonthlyProfit&sortOrder=asc', org)).map((d) => d.productId)).toEqual([DROPS, SOLD]);
  });

  it('the list makes no listing look-up: the estimate is stored by the refresh', async () => {
    const before = lookups;
    await list('&sortBy=estimatedMonthlyProfit&minUnitsPerMonth=1');
    expect(lookups).toBe(before);
    const stored = await ctx.deps.db.query<{ gtin: string; est: { sellerUnitsPerMonth: number } | null }>(
      `select gtin, sales_estimate as est from price_drops where brand = 'Estimate' and status = 'active' order by gtin`,
    );
    expect(stored.map((r) => r.est?.sellerUnitsPerMonth ?? null)).toEqual([75, 7.5, null]);
  });
});
