import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLIMITED } from '@dealradar/shared/tiers';
import { AppError } from '../../src/errors/app-error.ts';
import {
  effectiveMinRoi,
  getEntitlements,
  getUsage,
  maxMarketsPerScan,
  releaseEanUploads,
  requireBrandAnalysis,
  requireLivePriceData,
  requireMarketsAllowed,
  reserveBrandChecks,
  reserveEanUploads,
} from '../../src/modules/plans/entitlements.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';

async function forbiddenMessage(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError && error.status === 403) return error.message;
    throw error;
  }
  throw new Error('expected a 403');
}

function thrown403(fn: () => void): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError && error.status === 403) return error.message;
    throw error;
  }
  throw new Error('expected a 403');
}

describe('entitlements', () => {
  let ctx: TestContext;
  const now = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('reads every plan field of the organization', async () => {
    const free = await createUser(ctx.deps, { tier: 'FREE' });
    const pro = await createUser(ctx.deps, { tier: 'PRO' });
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    expect(await getEntitlements(ctx.deps.db, free.organizationId, now)).toEqual({
      tier: 'FREE',
      eanUploadLimit: 100,
      qogitaBrandChecksPerDay: 0,
      brandProfitabilityAnalysis: false,
      multiMarketProfitAnalysis: false,
      supportLevel: 'Community',
      amazonListingFilterType: 'fixed',
      roiFilterValue: 0.25,
      qogitaAccessLevel: 'none',
    });
    const proEnt = await getEntitlements(ctx.deps.db, pro.organizationId, now);
    expect(proEnt).toMatchObject({ tier: 'PRO', eanUploadLimit: UNLIMITED, qogitaAccessLevel: 'full', amazonListingFilterType: 'adjustable' });
    expect(await getEntitlements(ctx.deps.db, admin.organizationId, now)).toMatchObject({
      tier: 'prodtest',
      eanUploadLimit: UNLIMITED,
      qogitaBrandChecksPerDay: UNLIMITED,
      brandProfitabilityAnalysis: true,
      multiMarketProfitAnalysis: true,
      amazonListingFilterType: 'adjustable',
      qogitaAccessLevel: 'full',
    });
  });

  it('gives a partial reservation, then 403 when the month is used up, and starts again next UTC month', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    expect(await reserveEanUploads(ctx.deps.db, user.organizationId, 60, now)).toEqual({ allowed: 60, requested: 60, usedBefore: 0, limit: 100 });
    expect(await reserveEanUploads(ctx.deps.db, user.organizationId, 60, now)).toEqual({ allowed: 40, requested: 60, usedBefore: 60, limit: 100 });
    const message = await forbiddenMessage(reserveEanUploads(ctx.deps.db, user.organizationId, 1, now));
    expect(message).toContain('EAN Upload Limit Exhausted');
    expect(message).toContain('100 EAN uploads for this month');
    expect((await getUsage(ctx.deps.db, user.organizationId, now)).eanUploadsThisMonth).toBe(100);
    // last second of November (UTC) still counts against November
    await expect(reserveEanUploads(ctx.deps.db, user.organizationId, 1, new Date('2026-11-30T23:59:59Z'))).rejects.toThrow(/Exhausted/);
    const december = new Date('2026-12-01T00:00:00Z');
    expect((await reserveEanUploads(ctx.deps.db, user.organizationId, 5, december)).allowed).toBe(5);
    expect((await getUsage(ctx.deps.db, user.organizationId, december)).eanUploadsThisMonth).toBe(5);
  });

  it('never overspends under concurrent reservations', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const results = await Promise.all([
      reserveEanUploads(ctx.deps.db, user.organizationId, 70, now),
      reserveEanUploads(ctx.deps.db, user.organizationId, 70, now),
    ]);
    expect(results.map((r) => r.allowed).sort((a, b) => a - b)).toEqual([30, 70]);
    expect((await getUsage(ctx.deps.db, user.organizationId, now)).eanUploadsThisMonth).toBe(100);

    const other = await createUser(ctx.deps, { tier: 'FREE' });
    const settled = await Promise.allSettled(Array.from({ length: 6 }, () => reserveEanUploads(ctx.deps.db, other.organizationId, 30, now)));
    const allowed = settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<{ allowed: number }>).value.allowed);
    expect(allowed.reduce((a, b) => a + b, 0)).toBe(100);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(2);
    expect((await getUsage(ctx.deps.db, other.organizationId, now)).eanUploadsThisMonth).toBe(100);
  });

  it('releases unused uploads without going below zero', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    await reserveEanUploads(ctx.deps.db, user.organizationId, 10, now);
    await releaseEanUploads(ctx.deps.db, user.organizationId, 4, now);
    expect((await getUsage(ctx.deps.db, user.organizationId, now)).eanUploadsThisMonth).toBe(6);
    await releaseEanUploads(ctx.deps.db, user.organizationId, 50, now);
    expect((await getUsage(ctx.deps.db, user.organizationId, now)).eanUploadsThisMonth).toBe(0);
  });

  it('counts brand checks per UTC day: none is refused, limited is capped, full is not', async () => {
    const free = await createUser(ctx.deps, { tier: 'FREE' });
    expect(await forbiddenMessage(reserveBrandChecks(ctx.deps.db, free.organizationId, 1, now))).toMatch(/not included in your plan/);

    const starter = await createUser(ctx.deps, { tier: 'STARTER' });
    expect(await reserveBrandChecks(ctx.deps.db, starter.organizationId, 3, now)).toEqual({ allowed: 3 });
    const both = await Promise.allSettled([
      reserveBrandChecks(ctx.deps.db, starter.organizationId, 2, now),
      reserveBrandChecks(ctx.deps.db, starter.organizationId, 2, now),
    ]);
    expect(both.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<{ allowed: number }>).value.allowed)).toEqual([2]);
    expect(both.filter((s) => s.status === 'rejected')).toHaveLength(1);
    expect(await forbiddenMessage(reserveBrandChecks(ctx.deps.db, starter.organizationId, 1, now))).toMatch(/5 brand checks per day/);
    expect((await getUsage(ctx.deps.db, starter.organizationId, now)).qogitaBrandChecksToday).toBe(5);
    expect(await reserveBrandChecks(ctx.deps.db, starter.organizationId, 1, new Date('2026-11-23T00:00:00Z'))).toEqual({ allowed: 1 });

    const pro = await createUser(ctx.deps, { tier: 'PRO' });
    expect(await reserveBrandChecks(ctx.deps.db, pro.organizationId, 500, now)).toEqual({ allowed: 500 });
    expect((await getUsage(ctx.deps.db, pro.organizationId, now)).qogitaBrandChecksToday).toBe(500);
  });

  it('uses the user threshold only on adjustable plans', async () => {
    const starter = await createUser(ctx.deps, { tier: 'STARTER', minRoiThreshold: 0.05 });
    const growth = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.05 });
    expect(await effectiveMinRoi(ctx.deps.db, starter.id)).toBe(0.2);
    expect(await effectiveMinRoi(ctx.deps.db, growth.id)).toBe(0.05);
  });

  it('gates live data, brand analysis and multi-market scans', async () => {
    expect(thrown403(() => requireLivePriceData('FREE'))).toMatch(/Growth and Pro/);
    expect(thrown403(() => requireLivePriceData('STARTER'))).toMatch(/Growth and Pro/);
    expect(() => requireLivePriceData('GROWTH')).not.toThrow();
    expect(() => requireLivePriceData('PRO')).not.toThrow();
    const free = await getEntitlements(ctx.deps.db, (await createUser(ctx.deps, { tier: 'FREE' })).organizationId, now);
    const starter = await getEntitlements(ctx.deps.db, (await createUser(ctx.deps, { tier: 'STARTER' })).organizationId, now);
    const growth = await getEntitlements(ctx.deps.db, (await createUser(ctx.deps, { tier: 'GROWTH' })).organizationId, now);
    expect(() => requireLivePriceData(free)).toThrow();
    expect(thrown403(() => requireBrandAnalysis(free))).toMatch(/not included/);
    expect(() => requireBrandAnalysis(starter)).not.toThrow();
    expect(maxMarketsPerScan(starter)).toBe(1);
    expect(thrown403(() => requireMarketsAllowed(starter, 2))).toMatch(/one market per brand scan/);
    expect(() => requireMarketsAllowed(starter, 1)).not.toThrow();
    expect(maxMarketsPerScan(growth)).toBe(7);
    expect(() => requireMarketsAllowed(growth, 7)).not.toThrow();
  });

  it('moves a canceled subscription to FREE once its paid period has ended', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    await ctx.deps.db.execute('update organizations set subscription_cancel_at = $2 where id = $1', [user.organizationId, new Date('2026-12-01T00:00:00Z')]);
    expect((await getEntitlements(ctx.deps.db, user.organizationId, now)).tier).toBe('PRO');
    expect((await getEntitlements(ctx.deps.db, user.organizationId, new Date('2026-12-01T00:00:01Z'))).tier).toBe('FREE');
  });
});

describe('subscription expiry sweep', () => {
  it('moves every organization whose canceled period has ended to FREE, and only those', async () => {
    const ctx = await buildTestApp();
    try {
      const { runSubscriptionExpiry } = await import('../../src/modules/plans/plans.jobs.ts');
      const ended = await createUser(ctx.deps, { tier: 'PRO' });
      const running = await createUser(ctx.deps, { tier: 'GROWTH' });
      const untouched = await createUser(ctx.deps, { tier: 'STARTER' });
      const now = ctx.clock.now();
      await ctx.deps.db.execute('update organizations set subscription_cancel_at = $2 where id = $1', [ended.organizationId, new Date(now.getTime() - 1000)]);
      await ctx.deps.db.execute('update organizations set subscription_cancel_at = $2 where id = $1', [
        running.organizationId,
        new Date(now.getTime() + 60_000),
      ]);
      expect(await runSubscriptionExpiry(ctx.deps)).toEqual({ expired: 1 });
      const tiers = await ctx.deps.db.query<{ id: string; subscription_tier: string }>(
        'select id, subscription_tier from organizations where id = any($1::uuid[])',
        [[ended.organizationId, running.organizationId, untouched.organizationId]],
      );
      expect(Object.fromEntries(tiers.map((t) => [t.id, t.subscription_tier]))).toEqual({
        [ended.organizationId]: 'FREE',
        [running.organizationId]: 'GROWTH',
        [untouched.organizationId]: 'STARTER',
      });
    } finally {
      await ctx.close();
    }
  });
});
