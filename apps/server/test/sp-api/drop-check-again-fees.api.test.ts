import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/lib/clock.ts';
import type { AmazonListing, MarketDataService } from '../../src/modules/market-data/market-data.types.ts';
import { catalogueOf, variant } from '../../src/modules/price-drops/price-drops.test-helpers.ts';
import { refreshPrices } from '../../src/modules/price-drops/price-refresh.service.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { waitFor } from '../scans/helpers.ts';
import { DE, GOOD_TOKEN, startFakeSpApi, type FakeSpApi } from './fake-sp-api.ts';

/**
 * Price drops carry the listing Amazon's answer is for, so "check again" reaches it (POST /seller-account/listing-checks
 * re-asks at once despite the week's cached answer), and a drop's profit basis carries the deals' breakdown shape, so
 * Amazon's own fee estimate is compared with it, marked, and chosen (the next profit basis then uses Amazon's fees).
 */
let ctx: TestContext;
let fake: FakeSpApi;
const clock = new TestClock('2026-11-23T10:00:00.000Z');
const HOUR = 3600_000;

const CAN = '4000000200011';
const APPROVAL = '4000000200028';
const EANS = [CAN, APPROVAL];
const asinOf = (ean: string) => `B0${ean.slice(-8)}`;

function listingOf(ean: string): AmazonListing {
  return {
    ean,
    asin: asinOf(ean),
    market: 'DE',
    title: `Product ${ean}`,
    brand: 'Nivea',
    imageUrl: null,
    buyBoxPrice: 5000,
    lowestFbaPrice: null,
    lowestFbmPrice: null,
    offerCount: 3,
    mainCategoryRank: 1000,
    referralFeeRate: 0.15,
    fbaFee: 300,
    packageQuantity: 1,
  } as unknown as AmazonListing;
}

const refresh = (price: number) =>
  refreshPrices(ctx.deps, { trigger: 'test', catalogue: catalogueOf(EANS.map((ean) => variant(ean, price, { name: `Product ${ean}` }))) });

let seller: TestUser;
let other: TestUser;

interface DropItem {
  id: number;
  productPrimaryIdentifier: string;
  listingRestriction?: { status: string } | null;
  listing?: { asin: string; market: string } | null;
}
const drops = async (user: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/price-alerts/price-drops', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { content: DropItem[] }).content;
};
const dropOf = async (user: TestUser, ean: string) => (await drops(user)).find((d) => d.productPrimaryIdentifier === ean)!;
const profitOf = async (user: TestUser, id: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/price-alerts/price-drops/${id}/profit`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const estimate = (user: TestUser, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/amazon-fees/estimate', headers: user.headers, payload: body });

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({ clock, withQueue: true, env: { ...fake.env, SP_API_TOKEN_KEY: 'e'.repeat(40) } });
  ctx.deps.marketData = {
    ...ctx.deps.marketData,
    source: { retail: 'test', wholesale: 'test', isDemo: false },
    fxRate: async (from: string, to: string) => ({ from, to, rate: 1, date: '2026-11-20' }),
    lookupListings: async (eans: string[], market: string) => ({
      resolved: new Map(
        market === 'DE'
          ? eans.filter((e) => EANS.includes(e)).map((ean) => [ean, { listing: listingOf(ean), numberOfPacks: 1, alternatives: [], mapped: false }])
          : [],
      ),
      notLookedUp: [],
      upstreamRequests: 0,
    }),
    cachedListing: async (asin: string, market: string) => (market === 'DE' ? EANS.map(listingOf).find((l) => l.asin === asin) : undefined),
  } as unknown as MarketDataService;
  fake.approvalRequired(asinOf(APPROVAL), DE);

  seller = await createUser(ctx.deps, { tier: 'GROWTH' });
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/seller-account',
    headers: seller.headers,
    payload: { refreshToken: GOOD_TOKEN, merchantId: 'A1SELLER', region: 'EU' },
  });
  expect(res.statusCode, res.body).toBe(200);
  other = await createUser(ctx.deps, { tier: 'GROWTH' });

  await refresh(1000);
  clock.advance(HOUR);
  await refresh(800);
  await waitFor(async () => {
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: seller.headers })).json();
    const page = await drops(seller);
    return account.pendingChecks === 0 && page.every((d) => d.listingRestriction && d.listingRestriction.status !== 'CHECKING') ? true : undefined;
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('Check again on price drops', () => {
  it('each drop carries the listing Amazon answered for (its ASIN in the Best-ROI market); another organization gets none', async () => {
    expect((await dropOf(seller, APPROVAL)).listing).toEqual({ asin: asinOf(APPROVAL), market: 'DE' });
    expect((await dropOf(seller, CAN)).listing).toEqual({ asin: asinOf(CAN), market: 'DE' });
    const hot = (await ctx.app.inject({ method: 'GET', url: '/api/price-alerts/dashboard/hot-deals', headers: seller.headers })).json() as DropItem[];
    expect(hot.find((d) => d.productPrimaryIdentifier === APPROVAL)?.listing).toEqual({ asin: asinOf(APPROVAL), market: 'DE' });
    expect((await drops(other)).every((d) => d.listing === undefined)).toBe(true);
  });

  it("check again with the drop's listing asks Amazon at once despite the cached answer, and the drop shows the new one", async () => {
    expect((await dropOf(seller, APPROVAL)).listingRestriction?.status).toBe('APPROVAL_REQUIRED');
    // The seller got approved in Seller Central: Amazon now answers "no restriction".
    fake.state.restrictions.delete(asinOf(APPROVAL));
    const calls = fake.state.restrictionCalls.length;
    const { listing } = await dropOf(seller, APPROVAL);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller-account/listing-checks',
      headers: seller.headers,
      payload: { asin: listing!.asin, markets: [listing!.market] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restrictions).toEqual([expect.objectContaining({ market: 'DE', listingRestriction: expect.objectContaining({ status: 'CHECKING' }) })]);
    const status = await waitFor(async () => {
      const s = (await dropOf(seller, APPROVAL)).listingRestriction?.status;
      return s === 'CAN_SELL' ? s : undefined;
    });
    expect(status).toBe('CAN_SELL');
    expect(fake.state.restrictionCalls.slice(calls).map((c) => c.asin)).toEqual([asinOf(APPROVAL)]);
    // The profit basis reads the same answer.
    expect((await profitOf(seller, (await dropOf(seller, APPROVAL)).id)).listingRestriction.status).toBe('CAN_SELL');
  });

  it('another organization cannot check again without its own account (409), and its drops are untouched', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller-account/listing-checks',
      headers: other.headers,
      payload: { asin: asinOf(CAN), markets: ['DE'] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Connect your Amazon seller account in Settings first/);
  });
});

describe("Amazon's fee estimate on a drop's profit basis", () => {
  it("the profit basis carries the deals' breakdown; Amazon's estimate of it differs by more than €0.05 and is marked", async () => {
    const drop = await dropOf(seller, CAN);
    const basis = await profitOf(seller, drop.id);
    expect(basis.breakdown).toMatchObject({ currency: 'EUR', price: 50, profit: basis.profit, numberOfPacks: 1 });
    expect(basis.breakdown.feeLines).toEqual(basis.feeLines);
    const ours = basis.feeLines
      .filter((l: { kind: string }) => l.kind !== 'fee-vat' && l.kind !== 'fee-vat-reclaimed')
      .reduce((sum: number, l: { amount: number }) => sum + l.amount, 0);
    // Amazon charges €0.40 more FBA fee than our rules.
    fake.state.fees.set(asinOf(CAN), { referral: 7.5, fba: 3.4 });
    const calls = fake.state.feeCalls.length;
    const res = await estimate(seller, { asin: basis.asin, market: basis.market, ean: CAN, breakdown: basis.breakdown });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({ status: 'ESTIMATED', currency: 'EUR', price: 50, marked: true, choice: 'RULES', cached: false });
    expect(e.ours.total).toBeCloseTo(ours, 2);
    expect(e.amazon.total).toBeCloseTo(10.9, 2);
    expect(e.difference).toBeCloseTo(10.9 - ours, 2);
    expect(e.profitWithRules).toBeCloseTo(basis.profit, 2);
    expect(e.profitWithAmazon).toBeLessThan(basis.profit);
    expect(fake.state.feeCalls.length - calls).toBe(1);
    expect(fake.state.feeCalls.at(-1)!.items).toEqual([{ asin: asinOf(CAN), marketplaceId: DE, price: 50, currency: 'EUR' }]);
    // Recorded for the drift view with our rules at the cached buy box.
    const [row] = await ctx.deps.db.query<{ price: number; our_total: number; source: string }>(
      'select price, our_total, source from amazon_fee_comparisons where organization_id = $1 and asin = $2',
      [seller.organizationId, asinOf(CAN)],
    );
    expect(row).toMatchObject({ price: 5000, our_total: Math.round(ours * 100), source: 'breakdown' });
  });

  it("choosing Amazon's estimate: the next profit basis of the drop computes with Amazon's fees and keeps ours beside", async () => {
    const drop = await dropOf(seller, CAN);
    const before = await profitOf(seller, drop.id);
    const chosen = await ctx.app.inject({
      method: 'PUT',
      url: '/api/amazon-fees/choice',
      headers: seller.headers,
      payload: { asin: asinOf(CAN), market: 'DE', choice: 'AMAZON' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const after = await profitOf(seller, drop.id);
    expect(after.feeLines.some((l: { label: string }) => /Amazon's estimate/.test(l.label))).toBe(true);
    expect(after.profit).toBeLessThan(before.profit);
    expect(after.breakdown.amazonFees.rules.total).toBeCloseTo(
      before.breakdown.feeLines.filter((l: { kind: string }) => !l.kind.startsWith('fee-vat')).reduce((s: number, l: { amount: number }) => s + l.amount, 0),
      2,
    );
    // Reopening compares our rules (kept beside) with Amazon's from the day's cache: still marked, the choice shown.
    const calls = fake.state.feeCalls.length;
    const e = (await estimate(seller, { asin: after.asin, market: after.market, ean: CAN, breakdown: after.breakdown })).json();
    expect(e).toMatchObject({ status: 'ESTIMATED', marked: true, choice: 'AMAZON', cached: true });
    expect(e.profitWithAmazon).toBeCloseTo(after.profit, 2);
    expect(fake.state.feeCalls.length).toBe(calls);
    // Back to our rules.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/amazon-fees/choice',
      headers: seller.headers,
      payload: { asin: asinOf(CAN), market: 'DE', choice: 'RULES' },
    });
    expect((await profitOf(seller, drop.id)).profit).toBeCloseTo(before.profit, 2);
  });

  it('another organization gets the same breakdown but no estimate (not connected), and cannot choose Amazon’s', async () => {
    const basis = await profitOf(other, (await dropOf(other, CAN)).id);
    expect(basis.breakdown).toMatchObject({ price: 50 });
    expect(basis.breakdown.amazonFees).toBeUndefined();
    const calls = fake.state.feeCalls.length;
    const e = (await estimate(other, { asin: basis.asin, market: basis.market, breakdown: basis.breakdown })).json();
    expect(e).toMatchObject({ status: 'NOT_CONNECTED', amazon: null, marked: false });
    expect(fake.state.feeCalls.length).toBe(calls);
    const choose = await ctx.app.inject({
      method: 'PUT',
      url: '/api/amazon-fees/choice',
      headers: other.headers,
      payload: { asin: asinOf(CAN), market: 'DE', choice: 'AMAZON' },
    });
    expect(choose.statusCode).toBe(409);
  });
});
