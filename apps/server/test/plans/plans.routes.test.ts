import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { UNLIMITED } from '@dealradar/shared/tiers';
import { reserveBrandChecks, reserveEanUploads } from '../../src/modules/plans/entitlements.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';

describe('plans API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { PADDLE_CHECKOUT_URL: 'https://pay.example.test/checkout/hsc_01test' } });
  });
  afterAll(async () => ctx.close());

  it('answers the usage and plan fields of the organization', async () => {
    const user = await createUser(ctx.deps, { tier: 'STARTER' });
    const now = ctx.clock.now();
    await reserveEanUploads(ctx.deps.db, user.organizationId, 120, now);
    await reserveBrandChecks(ctx.deps.db, user.organizationId, 2, now);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tier: 'STARTER',
      eanUploadsThisMonth: 120,
      eanUploadLimit: 2500,
      qogitaBrandChecksToday: 2,
      qogitaBrandChecksPerDay: 5,
      brandProfitabilityAnalysis: true,
      multiMarketProfitAnalysis: false,
      supportLevel: 'Email',
      amazonListingFilterType: 'fixed',
      roiFilterValue: 0.2,
      qogitaAccessLevel: 'limited',
      subscriptionStatus: null,
      cancelAt: null,
      billing: { configured: false, hasSubscription: false },
    });
    expect(res.headers['x-refreshed-token']).toBeUndefined();
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/subscription-tiers' })).statusCode).toBe(401);
  });

  it('lists the plans with Buy Plan links; prodtest only for administrators', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE', email: 'max+buyer@example.test' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/subscription-tiers', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const tiers = res.json() as Array<{ name: string; price: number; eanUploadLimit: number; checkoutId: string | null; checkoutUrl: string | null }>;
    expect(tiers.map((t) => t.name)).toEqual(['FREE', 'STARTER', 'GROWTH', 'PRO']);
    expect(tiers.map((t) => t.price)).toEqual([0, 19, 49, 99]);
    expect(tiers[3]!.eanUploadLimit).toBe(UNLIMITED);
    expect(tiers[0]!.checkoutUrl).toBeNull();
    const growth = tiers[2]!;
    const url = new URL(growth.checkoutUrl!);
    expect(url.origin + url.pathname).toBe('https://pay.example.test/checkout/hsc_01test');
    expect(url.searchParams.get('price_id')).toBe(growth.checkoutId);
    expect(url.searchParams.get('user_email')).toBe('max+buyer@example.test');
    expect(url.searchParams.get('user_id')).toBe(user.id);
    expect(growth.checkoutUrl).toContain('user_email=max%2Bbuyer%40example.test');

    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const adminTiers = (await ctx.app.inject({ method: 'GET', url: '/api/subscription-tiers', headers: admin.headers })).json() as Array<{ name: string }>;
    expect(adminTiers.map((t) => t.name)).toEqual(['FREE', 'STARTER', 'GROWTH', 'PRO', 'prodtest']);
  });

  it('lets minRoiThreshold change only on adjustable plans', async () => {
    for (const tier of ['FREE', 'STARTER']) {
      const user = await createUser(ctx.deps, { tier, minRoiThreshold: 0.15 });
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/user/settings', headers: user.headers, payload: { minRoiThreshold: 0.3 } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/fixed minimum ROI/);
      const after = await ctx.app.inject({ method: 'GET', url: '/api/user/settings', headers: user.headers });
      expect(after.json().minRoiThreshold).toBe(0.15);
    }
    for (const tier of ['GROWTH', 'PRO']) {
      const user = await createUser(ctx.deps, { tier });
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/user/settings', headers: user.headers, payload: { minRoiThreshold: 0.3 } });
      expect(res.statusCode).toBe(200);
      expect(res.json().minRoiThreshold).toBe(0.3);
    }
  });

  it('lets an administrator set a tier; the user sees it in the next token and in the status', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const denied = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/subscription-tier`,
      headers: user.headers,
      payload: { tier: 'PRO' },
    });
    expect(denied.statusCode).toBe(403);

    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/subscription-tier`,
      headers: admin.headers,
      payload: { tier: 'GOLD' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Tier must be one of/);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/organizations/not-an-id/subscription-tier',
      headers: admin.headers,
      payload: { tier: 'PRO' },
    });
    expect(missing.statusCode).toBe(404);
    const missingUser = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${crypto.randomUUID()}/subscription-tier`,
      headers: admin.headers,
      payload: { tier: 'PRO' },
    });
    expect(missingUser.statusCode).toBe(404);

    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/subscription-tier`,
      headers: admin.headers,
      payload: { tier: 'GROWTH' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ organizationId: user.organizationId, tier: 'GROWTH' });

    const status = await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers });
    expect(status.json().tier).toBe('GROWTH');
    const fresh = status.headers['x-refreshed-token'] as string;
    expect(fresh).toBeTruthy();
    const oldClaims = decodeJwt(user.token);
    const claims = decodeJwt(fresh);
    expect(claims).toMatchObject({ subscriptionTier: 'GROWTH', id: user.id, sub: user.username, role: 'USER', exp: oldClaims.exp });

    // the fresh token works and, being up to date, gets no further refresh
    const again = await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: { authorization: `Bearer ${fresh}` } });
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-refreshed-token']).toBeUndefined();
    // the refreshed token is the same session: it keeps the jti, so a logout with either token ends both
    expect(claims.jti).toBe(oldClaims.jti);

    // any other authenticated call refreshes a stale token too
    for (const url of ['/api/subscription-tiers', '/api/user/settings']) {
      const other = await ctx.app.inject({ method: 'GET', url, headers: user.headers });
      expect(other.statusCode).toBe(200);
      expect(decodeJwt(other.headers['x-refreshed-token'] as string).subscriptionTier).toBe('GROWTH');
    }

    const byOrg = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/organizations/${user.organizationId}/subscription-tier`,
      headers: admin.headers,
      payload: { tier: 'PRO' },
    });
    expect(byOrg.json()).toEqual({ organizationId: user.organizationId, tier: 'PRO' });
    const users = await ctx.app.inject({ method: 'GET', url: `/api/users?search=${user.username}`, headers: admin.headers });
    expect(users.statusCode).toBe(200);
    expect(users.json().content[0]).toMatchObject({ username: user.username, subscriptionTierName: 'PRO', paddleCustomerId: null });
  });

  it('shows a canceled subscription falling back to FREE when its paid period ends, with a fresh token', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    const endsAt = new Date(ctx.clock.now().getTime() + 3600_000);
    await ctx.deps.db.execute(`update organizations set subscription_cancel_at = $2, subscription_status = 'active' where id = $1`, [
      user.organizationId,
      endsAt,
    ]);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers });
    expect(before.json()).toMatchObject({ tier: 'PRO', cancelAt: endsAt.toISOString() });
    ctx.clock.advance(3600_000 + 1000);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers });
    expect(after.json()).toMatchObject({ tier: 'FREE', cancelAt: null, subscriptionStatus: 'canceled', eanUploadLimit: 100 });
    expect(decodeJwt(after.headers['x-refreshed-token'] as string).subscriptionTier).toBe('FREE');
  });

  it('lets an administrator correct usage counters; the status and the limits follow', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const url = `/api/admin/users/${user.id}/usage`;
    expect((await ctx.app.inject({ method: 'PUT', url, headers: user.headers, payload: { eanUploadsThisMonth: 0 } })).statusCode).toBe(403);
    const empty = await ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Give eanUploadsThisMonth or qogitaBrandChecksToday.');
    expect((await ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { eanUploadsThisMonth: -1 } })).json().error).toBe(
      'Usage must be a whole number of 0 or more.',
    );
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/users/${crypto.randomUUID()}/usage`,
          headers: admin.headers,
          payload: { eanUploadsThisMonth: 1 },
        })
      ).statusCode,
    ).toBe(404);
    const set = await ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { eanUploadsThisMonth: 100 } });
    expect(set.json()).toEqual({ eanUploadsThisMonth: 100, qogitaBrandChecksToday: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers })).json()).toMatchObject({
      eanUploadsThisMonth: 100,
      eanUploadLimit: 100,
    });
    await expect(reserveEanUploads(ctx.deps.db, user.organizationId, 1, ctx.clock.now())).rejects.toThrow(/Exhausted/);
    await ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { eanUploadsThisMonth: 90 } });
    expect((await reserveEanUploads(ctx.deps.db, user.organizationId, 50, ctx.clock.now())).allowed).toBe(10);
  });

  it("lets an administrator put the deployment's own Paddle price id on a plan", async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const url = '/api/admin/subscription-tiers/STARTER/checkout-id';
    expect((await ctx.app.inject({ method: 'PUT', url, headers: user.headers, payload: { checkoutId: 'pri_01abcdefghij' } })).statusCode).toBe(403);
    const bad = await ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { checkoutId: 'price-1' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('checkoutId must be a Paddle price id (pri_…) or null.');
    const taken = (await ctx.deps.db.one<{ paddle_price_id: string }>(`select paddle_price_id from subscription_tiers where name = 'PRO'`)).paddle_price_id;
    const clash = await ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { checkoutId: taken } });
    expect(clash.statusCode).toBe(409);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/admin/subscription-tiers/GOLD/checkout-id',
          headers: admin.headers,
          payload: { checkoutId: 'pri_01abcdefghij' },
        })
      ).statusCode,
    ).toBe(404);

    const set = await ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { checkoutId: 'pri_01realstarterprice' } });
    expect(set.json()).toEqual({ name: 'STARTER', checkoutId: 'pri_01realstarterprice' });
    const tiers = (await ctx.app.inject({ method: 'GET', url: '/api/subscription-tiers', headers: user.headers })).json() as Array<{
      name: string;
      checkoutId: string;
      checkoutUrl: string;
    }>;
    const starter = tiers.find((t) => t.name === 'STARTER')!;
    expect(starter.checkoutId).toBe('pri_01realstarterprice');
    expect(new URL(starter.checkoutUrl).searchParams.get('price_id')).toBe('pri_01realstarterprice');
    // the webhook maps the new id to the plan
    const { findTierByPriceId } = await import('../../src/modules/plans/plans.repository.ts');
    expect((await findTierByPriceId(ctx.deps.db, 'pri_01realstarterprice'))?.name).toBe('STARTER');
  });
});
