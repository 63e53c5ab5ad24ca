import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_CSV_COLUMNS } from '@dealradar/shared/contracts/brand-analyzer';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { listFavorites, PRODUCTS, seedFakeCatalogue, startScan, waitFor, waitForScan } from '../../src/modules/brand-analyzer/test-support/scan-helpers.ts';
import { NOT_CONNECTED } from '../../src/modules/seller-account/check-again.ts';
import { CHECK_FAILED } from '../../src/modules/seller-account/listing-checks.ts';
import { connectSeller } from './connect-seller.ts';
import { DE, GOOD_TOKEN, startFakeSpApi, UK, type FakeSpApi } from './fake-sp-api.ts';

/** Amazon's listing restrictions on brand-scan favorites: statuses, the filter, the week-long cache, check again. */
let ctx: TestContext;
let fake: FakeSpApi;

const asinOf = (ean: string) => `B0${ean.slice(-8)}`;
const HIGH = asinOf(PRODUCTS.high);
const MEDIUM = asinOf(PRODUCTS.medium);
const OTHER = asinOf(PRODUCTS.other);
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({ withQueue: true, env: { ...fake.env, SP_API_TOKEN_KEY: 'b'.repeat(40) } });
  seedFakeCatalogue(ctx);
  fake.approvalRequired(HIGH, DE);
  fake.restrict(MEDIUM, DE, { reasonCode: 'NOT_ELIGIBLE', message: 'This product cannot be listed by you.' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

interface Fav {
  asin: string;
  market: string;
  listingRestriction?: { status: string; approvalUrl: string | null; reason: string | null } | null;
}

async function connected(): Promise<TestUser> {
  const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
  await connectSeller(ctx, user.headers);
  return user;
}

async function brandScan(user: TestUser) {
  const res = await startScan(ctx, user, ['CeraVe', 'Nordhav Skin'], ['DE', 'UK']);
  expect(res.statusCode).toBe(202);
  expect((await waitForScan(ctx, user, res.json().scanId)).status).toBe('COMPLETED');
}

const favorites = async (user: TestUser, query = '') => (await listFavorites(ctx, user, query)).json() as { totalElements: number; content: Fav[] };
const answerOf = (page: { content: Fav[] }, asin: string, market: string) =>
  page.content.find((f) => f.asin === asin && f.market === market)?.listingRestriction;

/** Waits until the organization has nothing left in the queue and no favorite says "Checking…". */
async function checked(user: TestUser) {
  await waitFor(async () => {
    const account = (await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: user.headers })).json();
    const page = await favorites(user);
    return account.pendingChecks === 0 && page.content.every((f) => f.listingRestriction?.status !== 'CHECKING');
  });
}

/** GET /brand-analyzer/favorites/download: the CSV's columns and rows, and one cell by ASIN, market and column. */
async function download(user: TestUser, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/brand-analyzer/favorites/download${query ? `?${query}` : ''}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  const [header, ...lines] = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const columns = header!.split(',');
  const rows = lines.map((line) => line.split(','));
  const cell = (asin: string, market: string, column: string) =>
    rows.find((r) => r[columns.indexOf('asin')] === asin && r[columns.indexOf('market')] === market)?.[columns.indexOf(column)];
  return { columns, rows, cell };
}

/** Time passes for the organization's stored answers (the sessions' clock stays). */
async function age(user: TestUser, ms: number) {
  await ctx.deps.db.execute('update listing_restrictions set checked_at = checked_at - make_interval(secs => $2::float8) where organization_id = $1', [
    user.organizationId,
    ms / 1000,
  ]);
}

/** The (ASIN, marketplace) pairs Amazon was asked about since `from` (index in the look-alike's record), sorted. */
const pairsSince = (from: number) =>
  fake.state.restrictionCalls
    .slice(from)
    .filter((c) => !c.throttled)
    .flatMap((c) => c.marketplaceIds.map((id) => `${c.asin}|${id}`))
    .sort();

describe('Listing restrictions on brand scans and favorites', () => {
  it('without a connected account the favorites are as today (no restriction field)', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    await brandScan(user);
    const page = await favorites(user);
    expect(page.totalElements).toBe(4);
    expect(page.content.every((f) => f.listingRestriction === undefined)).toBe(true);
  });

  it("a brand scan's favorites get Amazon's answers; the filter; a re-run within the week costs no calls, after it asks again", async () => {
    const user = await connected();
    const before = fake.state.restrictionCalls.length;
    await brandScan(user);
    await checked(user);
    // Every favorite (its ASIN in its market) was asked once, and nothing else.
    expect(pairsSince(before)).toEqual([`${HIGH}|${DE}`, `${HIGH}|${UK}`, `${MEDIUM}|${DE}`, `${OTHER}|${DE}`].sort());

    const page = await favorites(user);
    expect(answerOf(page, HIGH, 'DE')).toMatchObject({
      status: 'APPROVAL_REQUIRED',
      reason: 'You need approval to list in this brand.',
      approvalUrl: `https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=${HIGH}`,
    });
    expect(answerOf(page, HIGH, 'UK')).toMatchObject({ status: 'CAN_SELL', approvalUrl: null });
    expect(answerOf(page, MEDIUM, 'DE')).toMatchObject({ status: 'NOT_ELIGIBLE' });
    expect(answerOf(page, OTHER, 'DE')).toMatchObject({ status: 'CAN_SELL' });

    const sellable = await favorites(user, 'listingRestriction=sellable');
    expect(sellable.content.map((f) => `${f.asin}|${f.market}`).sort()).toEqual([`${HIGH}|UK`, `${OTHER}|DE`].sort());
    expect(sellable.totalElements).toBe(2);
    const hidden = await favorites(user, 'listingRestriction=hideNotEligible');
    expect(hidden.content.map((f) => `${f.asin}|${f.market}`).sort()).toEqual([`${HIGH}|DE`, `${HIGH}|UK`, `${OTHER}|DE`].sort());
    const wrong = await listFavorites(ctx, user, 'listingRestriction=maybe');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toContain('listingRestriction must be sellable or hideNotEligible');

    // The download: every favorite with the columns listingRestriction and listingApprovalUrl; with the filter, only those.
    const file = await download(user);
    expect(file.columns).toEqual([...FAVORITE_CSV_COLUMNS]);
    expect(file.rows).toHaveLength(4);
    expect(file.cell(HIGH, 'DE', 'listingRestriction')).toBe('Approval required');
    expect(file.cell(HIGH, 'DE', 'listingApprovalUrl')).toBe(`https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=${HIGH}`);
    expect(file.cell(HIGH, 'UK', 'listingRestriction')).toBe('Can sell');
    expect(file.cell(MEDIUM, 'DE', 'listingRestriction')).toBe('Not eligible');
    expect(file.cell(OTHER, 'DE', 'listingApprovalUrl')).toBe('');
    const sellableFile = await download(user, 'listingRestriction=sellable');
    expect(sellableFile.rows.map((r) => `${r[1]}|${r[2]}`).sort()).toEqual([`${HIGH}|UK`, `${OTHER}|DE`].sort());

    // The same scan again the same day, and six days later: Amazon is not asked.
    const rerun = fake.state.restrictionCalls.length;
    await brandScan(user);
    await checked(user);
    await age(user, 6 * DAY);
    await brandScan(user);
    await checked(user);
    expect(fake.state.restrictionCalls.length).toBe(rerun);
    expect(answerOf(await favorites(user), HIGH, 'DE')?.status).toBe('APPROVAL_REQUIRED');

    // Past the week the answers are asked again.
    await age(user, 2 * DAY);
    await brandScan(user);
    await checked(user);
    expect(pairsSince(rerun)).toEqual([`${HIGH}|${DE}`, `${HIGH}|${UK}`, `${MEDIUM}|${DE}`, `${OTHER}|${DE}`].sort());

    // Our own "Not checked: Amazon could not be asked" is not a cached answer: the next scan asks again, only for it.
    await ctx.deps.db.execute(
      `update listing_restrictions set status = 'NOT_CHECKED', reason = $3, approval_url = null where organization_id = $1 and asin = $2 and market = 'DE'`,
      [user.organizationId, OTHER, CHECK_FAILED],
    );
    const failed = fake.state.restrictionCalls.length;
    await brandScan(user);
    await checked(user);
    expect(pairsSince(failed)).toEqual([`${OTHER}|${DE}`]);
    expect(answerOf(await favorites(user), OTHER, 'DE')?.status).toBe('CAN_SELL');
  });

  it('check again re-asks Amazon at once despite the cached answer; only for the signed-in organization', async () => {
    const user = await connected();
    await brandScan(user);
    await checked(user);
    expect(answerOf(await favorites(user), HIGH, 'DE')?.status).toBe('APPROVAL_REQUIRED');

    // The seller got approved on Amazon meanwhile: the cached answer is still "Approval required" until checked again.
    const approval = fake.state.restrictions.get(HIGH)!;
    fake.state.restrictions.delete(HIGH);
    try {
      const before = fake.state.restrictionCalls.length;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/seller-account/listing-checks',
        headers: user.headers,
        payload: { asin: HIGH, markets: ['DE'] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ asin: HIGH, restrictions: [{ market: 'DE', listingRestriction: { status: 'CHECKING' } }] });
      await checked(user);
      expect(pairsSince(before)).toEqual([`${HIGH}|${DE}`]);
      const page = await favorites(user);
      expect(answerOf(page, HIGH, 'DE')).toMatchObject({ status: 'CAN_SELL', approvalUrl: null });
      expect(answerOf(page, HIGH, 'UK')).toMatchObject({ status: 'CAN_SELL' });
    } finally {
      fake.state.restrictions.set(HIGH, approval);
    }

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller-account/listing-checks',
      headers: user.headers,
      payload: { asin: 'nope', markets: ['DE'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('An ASIN has 10 capital letters and digits');
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/seller-account/listing-checks', payload: { asin: HIGH, markets: ['DE'] } });
    expect(anonymous.statusCode).toBe(401);

    // Another organization: no answers on its favorites, no check without its own account, and its own account
    // is asked for itself (the first organization's answers are not shared).
    const stranger = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    await brandScan(stranger);
    expect((await favorites(stranger)).content.every((f) => f.listingRestriction === undefined)).toBe(true);
    expect((await favorites(stranger, 'listingRestriction=sellable')).totalElements).toBe(0);
    const strangerFile = await download(stranger);
    expect(strangerFile.rows).toHaveLength(4);
    expect(strangerFile.rows.every((r) => r[strangerFile.columns.indexOf('listingRestriction')] === '')).toBe(true);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller-account/listing-checks',
      headers: stranger.headers,
      payload: { asin: HIGH, markets: ['DE'] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(NOT_CONNECTED);
    const pending = (await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: stranger.headers })).json();
    expect(pending).toMatchObject({ connected: false, pendingChecks: 0 });

    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/seller-account',
      headers: stranger.headers,
      payload: { refreshToken: GOOD_TOKEN, merchantId: 'A2OTHER', region: 'EU' },
    });
    expect(res.statusCode).toBe(200);
    const before = fake.state.restrictionCalls.length;
    await brandScan(stranger);
    await checked(stranger);
    expect(pairsSince(before)).toHaveLength(4);
  });
});
