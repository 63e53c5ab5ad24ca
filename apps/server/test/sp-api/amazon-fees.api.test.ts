import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { ean13, fakeMarketData, listing } from '../scans/fake-market-data.ts';
import { scanSupplierCsv, waitFor } from '../scans/helpers.ts';
import { connectSeller } from './connect-seller.ts';
import { forgetAccessToken } from '../../src/modules/seller-account/seller-account.service.ts';
import { DE, GOOD_TOKEN, startFakeSpApi, UNKNOWN_ASIN_ERROR, type FakeSpApi } from './fake-sp-api.ts';

/**
 * Amazon's own fee estimate beside ours: the fixtures where Amazon agrees and where it differs by more than €0.05, the
 * mark, the choice changing the profit of later scans, the ClientError sentence, the day's cache, another organization,
 * the admins' drift view, 429 and a revoked authorization.
 */
let ctx: TestContext;
let fake: FakeSpApi;

const AGREE = ean13('400800001001');
const DIFFERS = ean13('400800001002');
const CLOSE = ean13('400800001003');
const UNKNOWN = ean13('400800001004');
const EANS = [AGREE, DIFFERS, CLOSE, UNKNOWN];
const asinOf = (ean: string) => `B0${ean.slice(-8)}`;
// Every listing: buy box €20.00, referral 15 % (€3.00), FBA €3.00: our fees before VAT on fees are €6.00.
const LISTINGS = EANS.map((ean) => listing(ean, 'DE'));

/** The cached listings' buy box for the length of `run` (the server asks Amazon at it and prices our rules there). */
async function withBuyBox<T>(eans: string[], cents: number | null, run: () => Promise<T>): Promise<T> {
  const changed = LISTINGS.filter((l) => eans.includes(l.ean));
  const kept = changed.map((l) => l.buyBoxPrice);
  for (const l of changed) l.buyBoxPrice = cents;
  try {
    return await run();
  } finally {
    changed.forEach((l, i) => (l.buyBoxPrice = kept[i]!));
  }
}

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({ withQueue: true, env: { ...fake.env, SP_API_TOKEN_KEY: 'f'.repeat(40) } });
  ctx.deps.marketData = fakeMarketData(LISTINGS).service;
  fake.state.fees.set(asinOf(AGREE), { referral: 3, fba: 3 });
  fake.state.fees.set(asinOf(DIFFERS), { referral: 3, fba: 3.3, closing: 0.05, dsf: 0.05 });
  fake.state.fees.set(asinOf(CLOSE), { referral: 3, fba: 3.04 });
  fake.state.fees.set(asinOf(UNKNOWN), UNKNOWN_ASIN_ERROR);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const connect = (user: TestUser, token = GOOD_TOKEN) => connectSeller(ctx, user.headers, token);
const scan = (user: TestUser) =>
  scanSupplierCsv(ctx, user.headers, ['EAN;Marke;Preis', ...EANS.map((ean) => `${ean};Nivea;5,00`)].join('\r\n'), {
    marketId: 'DE',
    eanColumn: 'EAN',
    brandColumn: 'Marke',
    priceColumn: 'Preis',
  });

/** Waits until no fee estimate job of a scan is waiting or running (so a test's call counts are its own). */
async function feeJobsDone() {
  await waitFor(async () => {
    const row = await ctx.deps.db.one<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'amazon-fee-estimates' and state in ('created', 'retry', 'active')",
    );
    return row.n === 0 ? true : undefined;
  });
}

interface Deal {
  ean: string;
  asin: string;
  market: string;
  estimatedProfit: number;
  breakdown: {
    profit: number;
    price: number;
    feeLines: Array<{ kind: string; label: string; amount: number }>;
    amazonFees?: { rules: { total: number } | null };
  };
}
const dealsOf = async (user: TestUser) =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?size=50', headers: user.headers })).json() as { content: Deal[] }).content;
const dealOf = async (user: TestUser, ean: string) => (await dealsOf(user)).find((d) => d.ean === ean)!;

const estimate = (user: TestUser, deal: Pick<Deal, 'asin' | 'market' | 'breakdown'> & { ean?: string }, market = deal.market) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/amazon-fees/estimate',
    headers: user.headers,
    payload: { asin: deal.asin, market, ean: deal.ean, breakdown: deal.breakdown },
  });
const choose = (user: TestUser, deal: Pick<Deal, 'asin' | 'market'>, choice: 'RULES' | 'AMAZON') =>
  ctx.app.inject({ method: 'PUT', url: '/api/amazon-fees/choice', headers: user.headers, payload: { asin: deal.asin, market: deal.market, choice } });
const comparisons = async (organizationId: string) =>
  ctx.deps.db.query<{
    asin: string;
    source: string;
    our_total: number;
    amazon_total: number;
    difference: number;
    marked: boolean;
    price: number;
    market: string;
  }>('select asin, source, our_total, amazon_total, difference, marked, price, market from amazon_fee_comparisons where organization_id = $1', [
    organizationId,
  ]);

describe("Amazon's fee estimate beside ours", () => {
  let owner: TestUser;
  let before: Deal[];

  it('without a connected account the breakdown gets nothing new but a hint, and no call is made', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    await scan(user);
    const calls = fake.state.feeCalls.length;
    const res = await estimate(user, await dealOf(user, AGREE));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'NOT_CONNECTED', amazon: null, marked: false, choice: 'RULES' });
    expect(res.json().message).toMatch(/Connect your Amazon seller account in Settings/);
    expect(fake.state.feeCalls.length).toBe(calls);
  });

  it('after a scan its top deals are estimated in one call of the real wire format and compared with ours', async () => {
    owner = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    await connect(owner);
    const calls = fake.state.feeCalls.length;
    await scan(owner);
    const rows = await waitFor(async () => {
      const found = await comparisons(owner.organizationId);
      return found.length === 3 ? found : undefined;
    });
    expect(fake.state.feeCalls.length - calls).toBe(1);
    const call = fake.state.feeCalls.at(-1)!;
    expect(call.items.map((i) => i.asin).sort()).toEqual(EANS.map(asinOf).sort());
    expect(call.items.every((i) => i.marketplaceId === DE && i.price === 20 && i.currency === 'EUR')).toBe(true);
    const byAsin = new Map(rows.map((r) => [r.asin, r]));
    expect(byAsin.get(asinOf(AGREE))).toMatchObject({
      source: 'scan',
      market: 'DE',
      price: 2000,
      our_total: 600,
      amazon_total: 600,
      difference: 0,
      marked: false,
    });
    expect(byAsin.get(asinOf(DIFFERS))).toMatchObject({ our_total: 600, amazon_total: 640, difference: 40, marked: true });
    expect(byAsin.get(asinOf(CLOSE))).toMatchObject({ our_total: 600, amazon_total: 604, difference: 4, marked: false });
    before = await dealsOf(owner);
  });

  it('the breakdown shows both, marks a difference above €0.05, reuses the day’s estimate and turns a ClientError into a sentence', async () => {
    const calls = fake.state.feeCalls.length;
    const agree = (
      await estimate(
        owner,
        before.find((d) => d.ean === AGREE)!,
      )
    ).json();
    expect(agree).toMatchObject({
      status: 'ESTIMATED',
      cached: true,
      currency: 'EUR',
      price: 20,
      ours: { referralFee: 3, fbaFee: 3, closingFee: 0, digitalServicesFee: 0, total: 6 },
      amazon: { referralFee: 3, fbaFee: 3, closingFee: 0, digitalServicesFee: 0, total: 6 },
      difference: 0,
      threshold: 0.05,
      marked: false,
      choice: 'RULES',
    });
    const differs = before.find((d) => d.ean === DIFFERS)!;
    const marked = (await estimate(owner, differs)).json();
    expect(marked).toMatchObject({
      status: 'ESTIMATED',
      amazon: { referralFee: 3, fbaFee: 3.3, closingFee: 0.05, digitalServicesFee: 0.05, total: 6.4 },
      difference: 0.4,
      marked: true,
      profitWithRules: differs.breakdown.profit,
    });
    expect(marked.profitWithAmazon).toBeCloseTo(differs.breakdown.profit - 0.4, 2);
    expect(
      (
        await estimate(
          owner,
          before.find((d) => d.ean === CLOSE)!,
        )
      ).json(),
    ).toMatchObject({ difference: 0.04, marked: false });
    const unknown = (
      await estimate(
        owner,
        before.find((d) => d.ean === UNKNOWN)!,
      )
    ).json();
    expect(unknown).toMatchObject({ status: 'CLIENT_ERROR', amazon: null });
    expect(unknown.message).toBe(
      'Amazon could not estimate the fees of this listing: The item is not available in the marketplace (ASIN not found). (InvalidParameterValue)',
    );
    expect(fake.state.feeCalls.length).toBe(calls);
    // Reopening after the day: asked again (one call), and recorded as a new comparison.
    const rows = (await comparisons(owner.organizationId)).length;
    await ctx.deps.db.execute("update amazon_fee_estimates set estimated_at = estimated_at - interval '25 hours' where organization_id = $1", [
      owner.organizationId,
    ]);
    expect((await estimate(owner, differs)).json()).toMatchObject({ status: 'ESTIMATED', cached: false, marked: true });
    expect(fake.state.feeCalls.length).toBe(calls + 1);
    expect((await comparisons(owner.organizationId)).filter((r) => r.source === 'breakdown')).toHaveLength(rows - 3 + 1);
  });

  it("choosing Amazon's estimate changes that listing's profit in the next scan; choosing our rules changes it back", async () => {
    const differs = before.find((d) => d.ean === DIFFERS)!;
    const shown = (await estimate(owner, differs)).json();
    const chosen = await choose(owner, differs, 'AMAZON');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ asin: differs.asin, market: 'DE', choice: 'AMAZON' });
    await scan(owner);
    const after = await dealOf(owner, DIFFERS);
    expect(after.breakdown.profit).toBeCloseTo(shown.profitWithAmazon, 2);
    expect(after.estimatedProfit).toBeLessThan(before.find((d) => d.ean === DIFFERS)!.estimatedProfit);
    expect(after.breakdown.feeLines.map((l) => l.label)).toEqual(
      expect.arrayContaining(["Referral fee (Amazon's estimate)", "FBA fee (Amazon's estimate)", "Closing fee (Amazon's estimate)"]),
    );
    expect(after.breakdown.amazonFees?.rules?.total).toBe(6);
    // The other listings keep our rules.
    expect((await dealOf(owner, AGREE)).breakdown.profit).toBe(before.find((d) => d.ean === AGREE)!.breakdown.profit);
    // The reopened breakdown still compares Amazon's with our rules' fees, and knows the choice.
    expect((await estimate(owner, after)).json()).toMatchObject({ choice: 'AMAZON', ours: { total: 6 }, amazon: { total: 6.4 }, marked: true });

    expect((await choose(owner, differs, 'RULES')).statusCode).toBe(200);
    await scan(owner);
    expect((await dealOf(owner, DIFFERS)).breakdown.profit).toBe(differs.breakdown.profit);
  });

  it('another organization can neither read the estimates nor set the choice, and its profits keep our rules', async () => {
    const other = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const differs = before.find((d) => d.ean === DIFFERS)!;
    expect((await estimate(other, differs)).json()).toMatchObject({ status: 'NOT_CONNECTED', amazon: null });
    const refused = await choose(other, differs, 'AMAZON');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/open its profit breakdown to ask Amazon first/);
    expect((await choose(owner, differs, 'AMAZON')).statusCode).toBe(200);
    await scan(other);
    expect((await dealOf(other, DIFFERS)).breakdown.profit).toBe(differs.breakdown.profit);
    expect((await choose(owner, differs, 'RULES')).statusCode).toBe(200);
  });

  it('a market outside the seller’s stores and a listing without a buy box are answered without a call', async () => {
    const calls = fake.state.feeCalls.length;
    const deal = before.find((d) => d.ean === AGREE)!;
    expect((await estimate(owner, deal, 'IT')).json()).toMatchObject({ status: 'NOT_A_STORE' });
    expect(await withBuyBox([AGREE], null, async () => (await estimate(owner, deal)).json())).toMatchObject({ status: 'NO_PRICE' });
    // (A scan's background job may ask about its top deals meanwhile: none of them in IT or without a price.)
    expect(fake.state.feeCalls.slice(calls).filter((c) => c.items.some((i) => i.marketplaceId !== DE || i.price === 0))).toHaveLength(0);
  });

  it("a made-up breakdown changes neither the mark nor the drift view: ours is our rules at the cached listing's buy box", async () => {
    await feeJobsDone();
    const agree = before.find((d) => d.ean === AGREE)!;
    // Amazon's estimate of the day is past: this reopening asks again, and a fresh estimate is a comparison.
    await ctx.deps.db.execute("update amazon_fee_estimates set estimated_at = estimated_at - interval '25 hours' where organization_id = $1 and asin = $2", [
      owner.organizationId,
      agree.asin,
    ]);
    const forged = {
      ...agree.breakdown,
      price: 99,
      referralFee: 0,
      fbaFee: 0,
      feeLines: agree.breakdown.feeLines.map((line) => ({ ...line, amount: 0 })),
    };
    const calls = fake.state.feeCalls.length;
    const recorded = (await comparisons(owner.organizationId)).length;
    const res = await estimate(owner, { ...agree, breakdown: forged });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ESTIMATED',
      cached: false,
      price: 20,
      ours: { referralFee: 3, fbaFee: 3, closingFee: 0, digitalServicesFee: 0, total: 6 },
      amazon: { total: 6 },
      difference: 0,
      marked: false,
    });
    // Amazon was asked at the cached buy box, not at the breakdown's price.
    expect(fake.state.feeCalls.slice(calls).flatMap((c) => c.items.filter((i) => i.asin === agree.asin))).toEqual([
      { asin: agree.asin, marketplaceId: DE, price: 20, currency: 'EUR' },
    ]);
    const rows = await comparisons(owner.organizationId);
    expect(rows).toHaveLength(recorded + 1);
    expect(rows.filter((r) => r.asin === agree.asin && r.source === 'breakdown')).toEqual([
      expect.objectContaining({ price: 2000, our_total: 600, amazon_total: 600, difference: 0, marked: false }),
    ]);
  });

  it('a listing our cache does not know is answered at its breakdown, but recorded in no drift', async () => {
    await feeJobsDone();
    const agree = before.find((d) => d.ean === AGREE)!;
    const recorded = (await comparisons(owner.organizationId)).length;
    const unknown = { asin: 'B0UNCACHED', market: 'DE', breakdown: { ...agree.breakdown, feeLines: [], referralFee: 0, fbaFee: 0 } };
    const res = await estimate(owner, unknown);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ESTIMATED', cached: false, price: 20, ours: { total: 0 } });
    expect(await comparisons(owner.organizationId)).toHaveLength(recorded);
  });

  it('the drift view is for product admins only: the biggest differences first and the mean per market', async () => {
    const member = (await ctx.app.inject({ method: 'GET', url: '/api/admin/amazon-fee-drifts', headers: owner.headers })).statusCode;
    expect(member).toBe(403);
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/amazon-fee-drifts?sort=biggest&limit=5', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items[0]).toMatchObject({
      asin: asinOf(DIFFERS),
      market: 'DE',
      currency: 'EUR',
      price: 20,
      ourTotal: 6,
      amazonTotal: 6.4,
      difference: 0.4,
      differenceEur: 0.4,
      marked: true,
    });
    expect(body.markets.find((m: { market: string }) => m.market === 'DE')).toMatchObject({ marked: expect.any(Number), comparisons: expect.any(Number) });
    const recent = (await ctx.app.inject({ method: 'GET', url: '/api/admin/amazon-fee-drifts?sort=recent', headers: admin.headers })).json();
    const times = recent.items.map((i: { comparedAt: string }) => i.comparedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('a 429 backs off and asks again, keeping one call every two seconds', async () => {
    await feeJobsDone();
    const deal = before.find((d) => d.ean === AGREE)!;
    const calls = fake.state.feeCalls.length;
    fake.state.throttleFeesNext = 1;
    const res = await withBuyBox([AGREE], 2100, async () => (await estimate(owner, deal)).json());
    expect(res).toMatchObject({ status: 'ESTIMATED', cached: false, price: 21, amazon: { total: 6 } });
    // Only this listing's calls (a scan's background job may ask about its top deals meanwhile).
    const made = fake.state.feeCalls.slice(calls).filter((c) => c.items.some((i) => i.price === 21));
    expect(made).toHaveLength(2);
    expect(made[1]!.at - made[0]!.at).toBeGreaterThanOrEqual(1900);
  });

  it('breakdowns opened at once share the seller’s bucket: one call every two seconds', async () => {
    await feeJobsDone();
    const deals = [AGREE, DIFFERS, CLOSE].map((ean) => before.find((d) => d.ean === ean)!);
    const calls = fake.state.feeCalls.length;
    const answers = await withBuyBox([AGREE, DIFFERS, CLOSE], 2300, () => Promise.all(deals.map((deal) => estimate(owner, deal))));
    expect(answers.map((a) => a.json().status)).toEqual(['ESTIMATED', 'ESTIMATED', 'ESTIMATED']);
    const times = fake.state.feeCalls
      .slice(calls)
      .filter((c) => c.items.some((i) => i.price === 23))
      .map((c) => c.at);
    expect(times).toHaveLength(3);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1900);
  });

  it('a missing Pricing role is a sentence in the breakdown (after one fresh access token), and nothing is cached', async () => {
    const deal = before.find((d) => d.ean === AGREE)!;
    const calls = fake.state.feeCalls.length;
    fake.state.feesForbidden = true;
    try {
      const res = await withBuyBox([AGREE], 2200, async () => (await estimate(owner, deal)).json());
      expect(res).toMatchObject({ status: 'UNAVAILABLE', amazon: null });
      expect(res.message).toMatch(/lacks the Pricing role/);
      expect(fake.state.feeCalls.slice(calls).filter((c) => c.items.some((i) => i.price === 22))).toHaveLength(2);
    } finally {
      fake.state.feesForbidden = false;
    }
    expect(await withBuyBox([AGREE], 2200, async () => (await estimate(owner, deal)).json())).toMatchObject({ status: 'ESTIMATED', cached: false });
  });

  it('a revoked authorization marks the connection and the breakdown says so', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const token = 'Atzr|IwEBIA-revoked-later-token-SECRET';
    fake.state.refreshTokens.add(token);
    await connect(user, token);
    fake.state.refreshTokens.delete(token);
    forgetAccessToken(user.organizationId);
    const deal = before.find((d) => d.ean === AGREE)!;
    const res = (await estimate(user, deal)).json();
    expect(res).toMatchObject({ status: 'NEEDS_RECONNECT', amazon: null });
    expect(res.message).toMatch(/invalid_grant/);
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: user.headers })).json();
    expect(account.status).toBe('NEEDS_RECONNECT');
    expect((await estimate(user, deal)).json()).toMatchObject({ status: 'NEEDS_RECONNECT' });
  });
});
