import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/lib/clock.ts';
import type { AmazonListing, MarketDataService } from '../../src/modules/market-data/market-data.types.ts';
import { NO_POSITIVE_ROI } from '../../src/modules/price-drops/drop-listings.service.ts';
import { catalogueOf, variant } from '../../src/modules/price-drops/price-drops.test-helpers.ts';
import { alertsOfRefreshDone } from '../../src/modules/alerts/refresh-alerts.test-helpers.ts';
import { refreshPrices } from '../../src/modules/price-drops/price-refresh.service.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { waitFor } from '../scans/helpers.ts';
import { DE, GOOD_TOKEN, startFakeSpApi, type FakeSpApi } from './fake-sp-api.ts';

/**
 * Amazon's listing restrictions on price drops (badge, filter, profit breakdown) and the alert rules' "Only products I
 * can sell", with the SP-API look-alike: a connected organization gets Amazon's answers, another one nothing.
 */
let ctx: TestContext;
let fake: FakeSpApi;
const clock = new TestClock('2026-11-23T10:00:00.000Z');
const HOUR = 3600_000;

const CAN = '4000000100011';
const APPROVAL = '4000000100028';
const BANNED = '4000000100035';
/** Its buy box is below the cost: a negative ROI, never checked with Amazon. */
const LOSS = '4000000100042';
const EANS = [CAN, APPROVAL, BANNED, LOSS];
const asinOf = (ean: string) => `B0${ean.slice(-8)}`;

function listingOf(ean: string): AmazonListing {
  return {
    ean,
    asin: asinOf(ean),
    market: 'DE',
    title: `Product ${ean}`,
    brand: 'Nivea',
    imageUrl: null,
    buyBoxPrice: ean === LOSS ? 500 : 5000,
    lowestFbaPrice: null,
    lowestFbmPrice: null,
    offerCount: 3,
    mainCategoryRank: 1000,
    referralFeeRate: 0.15,
    fbaFee: 300,
    packageQuantity: 1,
  } as unknown as AmazonListing;
}

/** A refresh, and the alerts its announcement sets off in the background (done when this answers). */
async function refresh(price: number) {
  const result = await refreshPrices(ctx.deps, { trigger: 'test', catalogue: catalogueOf(EANS.map((ean) => variant(ean, price, { name: `Product ${ean}` }))) });
  await alertsOfRefreshDone(ctx.deps, result.runId);
  return result;
}

let seller: TestUser;
let other: TestUser;
const rules: Record<string, number> = {};

async function addRule(user: TestUser, name: string, onlySellable: boolean): Promise<number> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: { name, channel: 'email', onlySellable } });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().onlySellable).toBe(onlySellable);
  return res.json().id as number;
}

interface DropItem {
  id: number;
  productPrimaryIdentifier: string;
  bestRoiPercentage: number | null;
  listingRestriction?: { status: string; approvalUrl: string | null; reason: string | null } | null;
}
const drops = async (user: TestUser, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/price-alerts/price-drops${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totalElements: number; content: DropItem[] };
};
const byEan = (items: DropItem[], ean: string) => items.find((d) => d.productPrimaryIdentifier === ean);

/** The EANs every delivery of a rule has alerted so far. */
async function alertedEans(ruleId: number): Promise<string[]> {
  const rows = await ctx.deps.db.query<{ items: Array<{ gtin: string }> }>('select items from alert_deliveries where rule_id = $1', [ruleId]);
  return [...new Set(rows.flatMap((r) => r.items.map((i) => i.gtin)))].sort();
}

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({ clock, withQueue: true, env: { ...fake.env, SP_API_TOKEN_KEY: 'd'.repeat(40) } });
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
  } as unknown as MarketDataService;
  fake.approvalRequired(asinOf(APPROVAL), DE);
  fake.restrict(asinOf(BANNED), DE, { reasonCode: 'NOT_ELIGIBLE', message: 'This product cannot be listed by you.' });

  seller = await createUser(ctx.deps, { tier: 'GROWTH' });
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/seller-account',
    headers: seller.headers,
    payload: { refreshToken: GOOD_TOKEN, merchantId: 'A1SELLER', region: 'EU' },
  });
  expect(res.statusCode, res.body).toBe(200);
  other = await createUser(ctx.deps, { tier: 'GROWTH' });
  rules.sellerSellable = await addRule(seller, 'Only what I can sell', true);
  rules.sellerAll = await addRule(seller, 'Every drop', false);
  rules.otherSellable = await addRule(other, 'Only what I can sell, not connected', true);
  rules.otherAll = await addRule(other, 'Every drop, not connected', false);

  await refresh(1000);
  clock.advance(HOUR);
  await refresh(800);
  // The drops' listings are checked in the background after the refresh.
  await waitFor(async () => {
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: seller.headers })).json();
    const page = await drops(seller);
    return account.pendingChecks === 0 && page.content.every((d) => d.listingRestriction?.status !== 'CHECKING') ? true : undefined;
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('Listing restrictions on price drops', () => {
  it('a connected organization sees Amazon’s answer on each drop; only positive-ROI drops were asked, once per ASIN', async () => {
    const page = await drops(seller);
    expect(page.totalElements).toBe(4);
    expect(byEan(page.content, CAN)?.listingRestriction).toMatchObject({ status: 'CAN_SELL', approvalUrl: null });
    expect(byEan(page.content, APPROVAL)?.listingRestriction).toMatchObject({
      status: 'APPROVAL_REQUIRED',
      approvalUrl: `https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=${asinOf(APPROVAL)}`,
    });
    expect(byEan(page.content, BANNED)?.listingRestriction).toMatchObject({ status: 'NOT_ELIGIBLE' });
    expect(byEan(page.content, LOSS)!.bestRoiPercentage).toBeLessThan(0);
    expect(byEan(page.content, LOSS)?.listingRestriction).toMatchObject({ status: 'NOT_CHECKED', reason: NO_POSITIVE_ROI });
    expect(fake.state.restrictionCalls.map((c) => c.asin).sort()).toEqual([CAN, APPROVAL, BANNED].map(asinOf).sort());
    expect(fake.state.restrictionCalls.every((c) => c.marketplaceIds.join() === DE)).toBe(true);
  });

  it('another organization (no seller account) sees the drops as before, without a restriction', async () => {
    const page = await drops(other);
    expect(page.totalElements).toBe(4);
    expect(page.content.every((d) => d.listingRestriction === undefined)).toBe(true);
    const hot = (await ctx.app.inject({ method: 'GET', url: '/api/price-alerts/dashboard/hot-deals', headers: other.headers })).json() as DropItem[];
    expect(hot.every((d) => d.listingRestriction === undefined)).toBe(true);
  });

  it('the filter: only what I can sell, hide not eligible; an unknown value is refused with a sentence', async () => {
    const sellable = await drops(seller, '?listingRestriction=sellable');
    expect(sellable.content.map((d) => d.productPrimaryIdentifier)).toEqual([CAN]);
    expect(sellable.totalElements).toBe(1);
    const hidden = await drops(seller, '?listingRestriction=hideNotEligible&sortBy=productName&sortOrder=asc');
    expect(hidden.content.map((d) => d.productPrimaryIdentifier).sort()).toEqual([CAN, APPROVAL, LOSS].sort());
    expect(hidden.totalElements).toBe(3);
    // Without a connected account nothing is known to be sellable.
    expect((await drops(other, '?listingRestriction=sellable')).totalElements).toBe(0);
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/price-alerts/price-drops?listingRestriction=maybe', headers: seller.headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('listingRestriction must be sellable or hideNotEligible.');
  });

  it('the dashboard’s drops and the profit breakdown carry the answer', async () => {
    const recent = (await ctx.app.inject({ method: 'GET', url: '/api/price-alerts/dashboard/recent-drops', headers: seller.headers })).json() as DropItem[];
    expect(byEan(recent, BANNED)?.listingRestriction?.status).toBe('NOT_ELIGIBLE');
    const id = byEan((await drops(seller)).content, APPROVAL)!.id;
    const profit = (await ctx.app.inject({ method: 'GET', url: `/api/price-alerts/price-drops/${id}/profit`, headers: seller.headers })).json();
    expect(profit).toMatchObject({ asin: asinOf(APPROVAL), market: 'DE', listingRestriction: { status: 'APPROVAL_REQUIRED' } });
    const theirs = (await ctx.app.inject({ method: 'GET', url: `/api/price-alerts/price-drops/${id}/profit`, headers: other.headers })).json();
    expect(theirs.listingRestriction).toBeUndefined();
  });

  it('alert rules: "only products I can sell" alerts only the Can sell drop (at the refresh after Amazon answered); other rules are unchanged', async () => {
    // The next refresh (same prices: no new drop) meets the answers that came in since the rules last looked.
    clock.advance(HOUR);
    const callsBefore = fake.state.restrictionCalls.length;
    await refresh(800);
    expect(fake.state.restrictionCalls.length - callsBefore).toBe(0); // answers are reused: a re-run costs no calls
    expect(await alertedEans(rules.sellerSellable!)).toEqual([CAN]);
    expect(await alertedEans(rules.sellerAll!)).toEqual([...EANS].sort());
    // Not connected: the option alerts nothing; the rule without it alerts as before.
    expect(await alertedEans(rules.otherSellable!)).toEqual([]);
    expect(await alertedEans(rules.otherAll!)).toEqual([...EANS].sort());
    // Once alerted, never again for the same drop.
    clock.advance(HOUR);
    await refresh(800);
    const deliveries = await ctx.deps.db.query<{ n: number }>('select count(*)::int as n from alert_deliveries where rule_id = $1', [rules.sellerSellable]);
    expect(deliveries[0]!.n).toBe(1);
  });

  it('the option is kept on the rule and can be switched off by editing it', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/rules', headers: seller.headers })).json() as Array<{
      id: number;
      onlySellable: boolean;
    }>;
    expect(list.find((r) => r.id === rules.sellerSellable)?.onlySellable).toBe(true);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/alerts/rules/${rules.sellerSellable}`,
      headers: seller.headers,
      payload: { name: 'Everything now', channel: 'email', onlySellable: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().onlySellable).toBe(false);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/alerts/rules',
      headers: seller.headers,
      payload: { name: 'x', channel: 'email', onlySellable: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('onlySellable must be true or false.');
  });
});
