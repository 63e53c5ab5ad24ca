import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_RESULT_COLUMNS } from '@dealradar/shared/contracts/scans';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { ean13, fakeMarketData, listing } from '../scans/fake-market-data.ts';
import { scanSupplierCsv, waitFor } from '../scans/helpers.ts';
import { connectSeller } from './connect-seller.ts';
import { CHECK_LANES, runListingChecks } from '../../src/modules/seller-account/listing-checks.ts';
import { forgetAccessToken } from '../../src/modules/seller-account/seller-account.service.ts';
import { DE, FR, GOOD_TOKEN, startFakeSpApi, type FakeSpApi } from './fake-sp-api.ts';

/** Amazon's listing restrictions on the deals of a supplier scan, the filter, the download, the rate. */
let ctx: TestContext;
let fake: FakeSpApi;

const CAN = ean13('400700001001');
const APPROVAL = ean13('400700001002');
const BANNED = ean13('400700001003');
const UNKNOWN = ean13('400700001004');
const asinOf = (ean: string) => `B0${ean.slice(-8)}`;

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({ withQueue: true, env: { ...fake.env, SP_API_TOKEN_KEY: 'r'.repeat(40) } });
  ctx.deps.marketData = fakeMarketData([CAN, APPROVAL, BANNED, UNKNOWN].map((ean) => listing(ean, 'DE'))).service;
  fake.approvalRequired(asinOf(APPROVAL), DE);
  fake.restrict(asinOf(BANNED), DE, { reasonCode: 'NOT_ELIGIBLE', message: 'This product cannot be listed by you.' });
  fake.restrict(asinOf(UNKNOWN), DE, { reasonCode: 'ASIN_NOT_FOUND', message: 'The ASIN was not found in this marketplace.' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function connected(): Promise<TestUser> {
  const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
  await connectSeller(ctx, user.headers);
  return user;
}

const scan = (user: TestUser) =>
  scanSupplierCsv(ctx, user.headers, ['EAN;Marke;Preis', ...[CAN, APPROVAL, BANNED, UNKNOWN].map((ean) => `${ean};Nivea;5,00`)].join('\r\n'), {
    marketId: 'DE',
    eanColumn: 'EAN',
    brandColumn: 'Marke',
    priceColumn: 'Preis',
  });

const deals = async (user: TestUser, query = '') =>
  (await ctx.app.inject({ method: 'GET', url: `/api/supplier-analyzer/results${query}`, headers: user.headers })).json() as {
    totalElements: number;
    content: Array<{ ean: string; listingRestriction?: { status: string; approvalUrl: string | null; reason: string | null } | null }>;
  };
const statusOf = (page: Awaited<ReturnType<typeof deals>>, ean: string) => page.content.find((d) => d.ean === ean)?.listingRestriction;

async function queue(organizationId: string, asins: string[], markets: string[]) {
  for (const asin of asins) {
    for (const market of markets) {
      await ctx.deps.db.execute('insert into listing_restriction_queue (organization_id, asin, market, queued_at) values ($1, $2, $3, now())', [
        organizationId,
        asin,
        market,
      ]);
    }
  }
}

describe('Listing restrictions on supplier deals', () => {
  it('without a connected account the deals are as today (no restriction field)', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    await scan(user);
    const page = await deals(user);
    expect(page.totalElements).toBe(4);
    expect(page.content.every((d) => d.listingRestriction === undefined)).toBe(true);
  });

  it('after a scan: Can sell, Approval required with the link, Not eligible, Not checked; the filter; the download column; a re-run costs no calls', async () => {
    const user = await connected();
    const callsBefore = fake.state.restrictionCalls.length;
    await scan(user);
    await waitFor(async () => {
      const account = (await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: user.headers })).json();
      const page = await deals(user);
      return account.pendingChecks === 0 && page.content.every((d) => d.listingRestriction?.status !== 'CHECKING') ? true : undefined;
    });
    expect(fake.state.restrictionCalls.length - callsBefore).toBe(4);
    const call = fake.state.restrictionCalls.at(-1)!;
    expect(call.marketplaceIds).toEqual([DE]);

    const page = await deals(user);
    expect(statusOf(page, CAN)).toMatchObject({ status: 'CAN_SELL', approvalUrl: null });
    expect(statusOf(page, APPROVAL)).toMatchObject({
      status: 'APPROVAL_REQUIRED',
      reason: 'You need approval to list in this brand.',
      approvalUrl: `https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=${asinOf(APPROVAL)}`,
    });
    expect(statusOf(page, BANNED)).toMatchObject({ status: 'NOT_ELIGIBLE' });
    expect(statusOf(page, UNKNOWN)).toMatchObject({ status: 'NOT_CHECKED', reason: 'The ASIN was not found in this marketplace.' });

    const sellable = await deals(user, '?listingRestriction=sellable');
    expect(sellable.content.map((d) => d.ean)).toEqual([CAN]);
    const hidden = await deals(user, '?listingRestriction=hideNotEligible');
    expect(hidden.content.map((d) => d.ean).sort()).toEqual([CAN, APPROVAL, UNKNOWN].sort());
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results?listingRestriction=maybe', headers: user.headers });
    expect(wrong.statusCode).toBe(400);

    const file = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results/download?format=csv', headers: user.headers });
    const [header, ...lines] = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual([...CSV_RESULT_COLUMNS]);
    const row = (ean: string) => lines.find((l) => l.startsWith(ean))!.split(',');
    expect(row(APPROVAL)[columns.indexOf('listingRestriction')]).toBe('Approval required');
    expect(row(APPROVAL)[columns.indexOf('listingApprovalUrl')]).toContain('approvalrequest');
    expect(row(CAN)[columns.indexOf('listingRestriction')]).toBe('Can sell');
    expect(row(BANNED)[columns.indexOf('listingRestriction')]).toBe('Not eligible');
    const sellableFile = await ctx.app.inject({
      method: 'GET',
      url: '/api/supplier-analyzer/results/download?format=csv&listingRestriction=sellable',
      headers: user.headers,
    });
    expect(sellableFile.body.trim().split('\r\n')).toHaveLength(2);

    // Another organization sees none of it.
    const stranger = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    await scan(stranger);
    expect((await deals(stranger)).content.every((d) => d.listingRestriction === undefined)).toBe(true);

    // The same list again within a day: answers reused, no call.
    const calls = fake.state.restrictionCalls.length;
    await scan(user);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.state.restrictionCalls.length).toBe(calls);
    expect(statusOf(await deals(user), CAN)).toMatchObject({ status: 'CAN_SELL' });
  });

  it('several stores in one call; a market outside the stores is not checked; an access token that expires mid-run is renewed', async () => {
    const user = await connected();
    const asin = 'B0MULTI001';
    fake.approvalRequired(asin, FR, 'sellercentral.amazon.fr');
    await queue(user.organizationId, [asin], ['DE', 'FR', 'IT']);
    const before = fake.state.restrictionCalls.length;
    await runListingChecks(ctx.deps, user.organizationId);
    const calls = fake.state.restrictionCalls.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.marketplaceIds).toEqual([DE, FR]);
    const rows = await ctx.deps.db.query<{ market: string; status: string; reason: string | null }>(
      'select market, status, reason from listing_restrictions where organization_id = $1 and asin = $2 order by market',
      [user.organizationId, asin],
    );
    expect(rows).toEqual([
      { market: 'DE', status: 'CAN_SELL', reason: null },
      { market: 'FR', status: 'APPROVAL_REQUIRED', reason: 'You need approval to list in this brand.' },
      { market: 'IT', status: 'NOT_CHECKED', reason: 'Not checked: this market is not one of the stores of your connected seller account.' },
    ]);

    // Amazon's hour ends mid-run: the 403 gets one new access token, and the check goes on.
    const lwaBefore = fake.requests.filter((r) => r.path === '/auth/o2/token').length;
    fake.expireAccessTokens();
    await queue(user.organizationId, ['B0MULTI002'], ['DE']);
    await runListingChecks(ctx.deps, user.organizationId);
    expect(fake.requests.filter((r) => r.path === '/auth/o2/token').length).toBe(lwaBefore + 1);
    const renewed = await ctx.deps.db.one<{ status: string }>('select status from listing_restrictions where organization_id = $1 and asin = $2', [
      user.organizationId,
      'B0MULTI002',
    ]);
    expect(renewed.status).toBe('CAN_SELL');

    // A 403 with a fresh token: the application lacks the Product Listing role; said per deal, nothing stops.
    fake.state.missingRole = true;
    await queue(user.organizationId, ['B0MULTI003'], ['DE']);
    await runListingChecks(ctx.deps, user.organizationId);
    fake.state.missingRole = false;
    const refused = await ctx.deps.db.one<{ status: string; reason: string }>(
      'select status, reason from listing_restrictions where organization_id = $1 and asin = $2',
      [user.organizationId, 'B0MULTI003'],
    );
    expect(refused.status).toBe('NOT_CHECKED');
    expect(refused.reason).toContain('Product Listing');
  });

  it("keeps Amazon's rate (5 per second, burst 10) across two runs at once, and backs off on 429", async () => {
    const user = await connected();
    const asins = Array.from({ length: 26 }, (_, i) => `B0RATE${String(i).padStart(4, '0')}`);
    await queue(user.organizationId, asins, ['DE']);
    fake.state.throttleNext = 1;
    const before = fake.state.restrictionCalls.length;
    const started = Date.now();
    await Promise.all([runListingChecks(ctx.deps, user.organizationId), runListingChecks(ctx.deps, user.organizationId)]);
    const calls = fake.state.restrictionCalls.slice(before);
    expect(calls).toHaveLength(27); // 26 ASINs, one answered 429 and asked again
    expect(new Set(calls.map((c) => c.asin)).size).toBe(26);
    // Never more than the bucket allows: in any window of w seconds at most 10 + 5·w calls.
    const times = calls.map((c) => c.at).sort((a, b) => a - b);
    for (let i = 0; i < times.length; i += 1) {
      for (let j = i; j < times.length; j += 1) {
        const seconds = (times[j]! - times[i]!) / 1000;
        expect(j - i + 1).toBeLessThanOrEqual(10 + 5 * seconds + 1);
      }
    }
    // 27 calls, 10 at once then 5 per second, plus a one-second block after the 429: at least about 4 s.
    expect(Date.now() - started).toBeGreaterThan(3_400);
    const stored = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from listing_restrictions where organization_id = $1', [
      user.organizationId,
    ]);
    expect(stored.n).toBe(26);
  }, 30_000);

  it("keeps several calls in flight when Amazon takes its time to answer, still within the seller's rate", async () => {
    const user = await connected();
    const asins = Array.from({ length: 12 }, (_, i) => `B0LATE${String(i).padStart(4, '0')}`);
    await queue(user.organizationId, asins, ['DE']);
    fake.state.restrictionLatencyMs = 400;
    fake.state.mostRestrictionsInFlight = 0;
    try {
      const before = fake.state.restrictionCalls.length;
      const started = Date.now();
      const result = await runListingChecks(ctx.deps, user.organizationId);
      const elapsed = Date.now() - started;
      expect(result).toEqual({ asked: 12, asins: 12 });
      expect(new Set(fake.state.restrictionCalls.slice(before).map((c) => c.asin)).size).toBe(12);
      // One call at a time would take 12 × 0.4 s = 4.8 s; CHECK_LANES at once take about a third of that.
      expect(fake.state.mostRestrictionsInFlight).toBe(CHECK_LANES);
      expect(elapsed).toBeLessThan(12 * 400);
    } finally {
      fake.state.restrictionLatencyMs = 0;
    }
  }, 30_000);

  it('follows the rate Amazon states for the seller in x-amzn-RateLimit-Limit', async () => {
    const user = await connected();
    const asins = Array.from({ length: 16 }, (_, i) => `B0SLOW${String(i).padStart(4, '0')}`);
    await queue(user.organizationId, asins, ['DE']);
    fake.state.statedRate = 2;
    try {
      const before = fake.state.restrictionCalls.length;
      await runListingChecks(ctx.deps, user.organizationId);
      const times = fake.state.restrictionCalls
        .slice(before)
        .map((c) => c.at)
        .sort((a, b) => a - b);
      expect(times).toHaveLength(16);
      // A burst of 10, then 2 per second (not the default 5): the 16th call can only come 3 s after the first
      // (10 + 2·t ≥ 16); at 5 per second it would have come after 1.2 s.
      expect((times[15]! - times[0]!) / 1000).toBeGreaterThan(2.8);
      const account = await ctx.deps.db.one<{ restrictions_rate: number }>('select restrictions_rate from seller_accounts where organization_id = $1', [
        user.organizationId,
      ]);
      expect(account.restrictions_rate).toBe(2);
    } finally {
      fake.state.statedRate = 5;
    }
  }, 30_000);

  it('a revoked authorization stops the checks, asks for reconnecting and tells the admin once', async () => {
    const user = await connected();
    await queue(user.organizationId, ['B0REVOKE01', 'B0REVOKE02'], ['DE']);
    fake.state.refreshTokens.delete(GOOD_TOKEN);
    forgetAccessToken(user.organizationId);
    try {
      await runListingChecks(ctx.deps, user.organizationId);
      const account = (await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: user.headers })).json();
      expect(account).toMatchObject({ connected: true, status: 'NEEDS_RECONNECT', pendingChecks: 0 });
      expect(account.statusMessage).toMatch(/invalid_grant/);
      await queue(user.organizationId, ['B0REVOKE03'], ['DE']);
      await runListingChecks(ctx.deps, user.organizationId);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const mails = ctx.mailer.sent.filter((m) => m.to === user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/Connect your Amazon seller account/);
      expect(mails[0]!.text).not.toContain('Atzr|');
      // A new scan queues nothing while the connection needs renewing.
      const page = await deals(user);
      expect(page.content).toHaveLength(0);
    } finally {
      fake.state.refreshTokens.add(GOOD_TOKEN);
    }
  });
});
