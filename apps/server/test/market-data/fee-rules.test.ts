import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_RULES_0013 } from '@dealradar/shared/fee-rules.test-helpers';
import { computeProfit } from '@dealradar/shared/profit';
import { forgetFeeRules, loadFeeRules, loadProfitTerms } from '../../src/modules/market-data/fee-rules.service.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';

const withoutIdsAndSources = <T extends { id: number; source: string }>(rows: T[]) => rows.map(({ id: _id, source: _source, ...rest }) => rest);

describe('fee rules as dated data', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('the migrated tables hold exactly the rules the hand-computed examples use, each with a source', async () => {
    const rules = await loadFeeRules(ctx.deps.db);
    const sort = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(sort(withoutIdsAndSources(rules.referral))).toEqual(sort(withoutIdsAndSources(FEE_RULES_0013.referral)));
    expect(sort(withoutIdsAndSources(rules.dsf))).toEqual(sort(withoutIdsAndSources(FEE_RULES_0013.dsf)));
    expect(sort(withoutIdsAndSources(rules.feeVat))).toEqual(sort(withoutIdsAndSources(FEE_RULES_0013.feeVat)));
    for (const row of [...rules.referral, ...rules.dsf, ...rules.feeVat]) expect(row.source.length).toBeGreaterThan(10);
  });

  it("a later migration's rows change deals from their date on, not before (no code change)", async () => {
    // What a 2027 migration would do: a new DE Beauty schedule (9 % / 16 % at €12) from 2027-02-01.
    await ctx.deps.db.exec(
      `insert into fee_referral_schedules (market, category, category_name, is_default, effective_from, low_rate, high_rate, threshold_minor, minimum_fee_minor, source)
       values ('DE', 'beauty-health', 'Beauty / Health & Personal Care', true, '2027-02-01', 0.09, 0.16, 1200, 30, 'test: next year')`,
    );
    forgetFeeRules(ctx.deps.db);
    const rules = await loadFeeRules(ctx.deps.db);
    const deal = (at: string) =>
      computeProfit({
        market: 'DE',
        buyBoxPrice: 1999,
        fbaFee: 290,
        numberOfPacks: 1,
        unitCost: 745,
        seller: { country: 'DE', vatRegistered: true },
        rules,
        at: new Date(at),
      });
    // before: 15 % × 1999 = 299.85 → profit 345 (profit.test.ts); from 2027-02-01: 16 % × 1999 = 319.84
    // profit = 1679.8319 − 319.84 − 290 − 745 = 324.9919 → 325
    expect(deal('2027-01-31T23:00:00Z')).toMatchObject({ referralFee: 300, profit: 345 });
    expect(deal('2027-02-01T00:00:00Z')).toMatchObject({ referralFee: 320, profit: 325 });
    expect(deal('2027-02-01T00:00:00Z').feeLines[0]!.rule).toMatch(/from 2027-02-01: 9 % up to €12\.00, 16 % above/);
  });

  it('admins see the table in force on a date; others get 403; a bad date 400', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const user = await createUser(ctx.deps);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/market-data/fee-rules?date=2026-03-19', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.date).toBe('2026-03-19');
    const frOthers = body.inForce.dsf.find((r: { sellerCountry: string; market: string }) => r.sellerCountry === '*' && r.market === 'FR');
    expect(frOthers).toMatchObject({ effectiveFrom: '2024-10-01', referralRate: 0.02 });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/market-data/fee-rules?date=2026-03-20', headers: admin.headers })).json();
    expect(after.inForce.dsf.find((r: { sellerCountry: string; market: string }) => r.sellerCountry === '*' && r.market === 'FR')).toMatchObject({
      effectiveFrom: '2026-03-20',
      referralRate: 0.03,
    });
    expect(body.all.dsf.length).toBeGreaterThan(body.inForce.dsf.length);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/market-data/fee-rules', headers: user.headers })).statusCode).toBe(403);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/market-data/fee-rules?date=2026-13-45', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('string');
  });
});

describe('the seller profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('defaults from the primary region (UK → UK, continental → DE), VAT-registered', async () => {
    const uk = await createUser(ctx.deps, { country: 'UK' });
    const eu = await createUser(ctx.deps, { country: 'DE' });
    const none = await createUser(ctx.deps, { country: null });
    const get = async (headers: Record<string, string>) => (await ctx.app.inject({ method: 'GET', url: '/api/user/settings/seller-profile', headers })).json();
    expect(await get(uk.headers)).toEqual({ country: 'UK', vatRegistered: true, isDefault: true });
    expect(await get(eu.headers)).toEqual({ country: 'DE', vatRegistered: true, isDefault: true });
    expect(await get(none.headers)).toEqual({ country: 'DE', vatRegistered: true, isDefault: true });
  });

  it('saves country and VAT status, and the profit terms use them', async () => {
    const user = await createUser(ctx.deps, { country: 'DE' });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/settings/seller-profile',
      headers: user.headers,
      payload: { country: 'IT', vatRegistered: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ country: 'IT', vatRegistered: false, isDefault: false });
    const terms = await loadProfitTerms(ctx.deps.db, user.id, ctx.deps.clock.now());
    expect(terms.seller).toEqual({ country: 'IT', vatRegistered: false });
  });

  it.each([[{ country: 'XX', vatRegistered: true }], [{ country: 'DE' }], [{ country: 'DE', vatRegistered: 'yes' }], [[1]]])(
    'refuses %j with 400 and a sentence',
    async (payload) => {
      const user = await createUser(ctx.deps);
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/user/settings/seller-profile', headers: user.headers, payload: payload as never });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/\w+ .*\./);
    },
  );

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/settings/seller-profile' })).statusCode).toBe(401);
  });
});
