import { MARKETS } from '@dealradar/shared/markets';
import { TIER_NAMES, UNLIMITED, isExampleDataTier } from '@dealradar/shared/tiers';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import type { EanReservation, Entitlements } from './entitlements.types.ts';
import { addUsage, expireEndedSubscriptions, findOrganizationTier, findUserRoiSettings, lockUsage, readUsage, type TierRow } from './plans.repository.ts';
import { dayPeriod, monthPeriod } from './usage-periods.ts';

/**
 * What an organization's plan allows, decided on the server (contract: entitlements.types.ts; decisions: docs/plans.md).
 * Every function takes the Db so callers can run it inside their own transaction.
 */

export const LIVE_DATA_FORBIDDEN = 'Real-time price drop data is available on the Growth and Pro plans. Please upgrade to access it.';
export const BRAND_ANALYSIS_FORBIDDEN = 'Brand profitability analysis is not included in your plan. Please upgrade to scan brands.';
export const MULTI_MARKET_FORBIDDEN = 'Your plan allows one market per brand scan. Please upgrade to Growth or Pro to analyze several markets at once.';
export const ALL_MARKETS_FORBIDDEN =
  'Analyzing a supplier list in all markets at once is included in the Growth and Pro plans. Please choose one market or upgrade your plan.';
export const ROI_FIXED_FORBIDDEN = 'Your plan uses a fixed minimum ROI. Please upgrade to Growth or Pro to adjust it.';

export function eanLimitExhaustedMessage(limit: number): string {
  return `EAN Upload Limit Exhausted: you have used all ${limit} EAN uploads for this month. Please upgrade your plan to analyze more.`;
}

export function brandChecksExhaustedMessage(perDay: number): string {
  return `Brand check limit reached: your plan allows ${perDay} brand checks per day. Please try again tomorrow or upgrade your plan.`;
}

export function toEntitlements(tier: TierRow): Entitlements {
  return {
    tier: tier.name,
    eanUploadLimit: tier.eanUploadLimit,
    qogitaBrandChecksPerDay: tier.qogitaBrandChecksPerDay,
    brandProfitabilityAnalysis: tier.brandProfitabilityAnalysis,
    multiMarketProfitAnalysis: tier.multiMarketProfitAnalysis,
    supportLevel: tier.supportLevel,
    amazonListingFilterType: tier.amazonListingFilterType,
    roiFilterValue: tier.roiFilterValue,
    qogitaAccessLevel: tier.qogitaAccessLevel,
  };
}

/**
 * The organization's plan now. A canceled subscription whose paid period has ended is moved to FREE first
 * (`now` defaults to the system time; pass deps.clock.now() where you have it).
 */
export async function getEntitlements(db: Db, organizationId: string, now: Date = new Date()): Promise<Entitlements> {
  await expireEndedSubscriptions(db, organizationId, now);
  const tier = await findOrganizationTier(db, organizationId);
  if (!tier) throw notFound('Organization not found.');
  return toEntitlements(tier);
}

/** This UTC month's EAN uploads and today's (UTC) brand checks. */
export async function getUsage(db: Db, organizationId: string, now: Date): Promise<{ eanUploadsThisMonth: number; qogitaBrandChecksToday: number }> {
  const [eanUploadsThisMonth, qogitaBrandChecksToday] = await Promise.all([
    readUsage(db, organizationId, 'ean_uploads', monthPeriod(now)),
    readUsage(db, organizationId, 'brand_checks', dayPeriod(now)),
  ]);
  return { eanUploadsThisMonth, qogitaBrandChecksToday };
}

/**
 * Atomically takes up to `requested` EAN uploads from what is left of this UTC month's limit (row lock on the
 * counter, so concurrent scans never exceed it together). Throws forbidden when nothing is left.
 */
export async function reserveEanUploads(db: Db, organizationId: string, requested: number, now: Date): Promise<EanReservation> {
  const wanted = Math.max(0, Math.floor(requested));
  return db.tx(async (tx) => {
    const ent = await getEntitlements(tx, organizationId, now);
    const period = monthPeriod(now);
    const usedBefore = await lockUsage(tx, organizationId, 'ean_uploads', period);
    const left = Math.max(0, ent.eanUploadLimit - usedBefore);
    if (wanted > 0 && left === 0) {
      throw forbidden(eanLimitExhaustedMessage(ent.eanUploadLimit));
    }
    const allowed = Math.min(wanted, left);
    if (allowed > 0) await addUsage(tx, organizationId, 'ean_uploads', period, allowed);
    return { allowed, requested: wanted, usedBefore, limit: ent.eanUploadLimit };
  });
}

/**
 * Gives back EAN uploads that were reserved this month but never analyzed (e.g. a scan that failed before
 * processing them). Optional for callers; never goes below 0.
 */
export async function releaseEanUploads(db: Db, organizationId: string, count: number, now: Date): Promise<void> {
  if (count > 0) await addUsage(db, organizationId, 'ean_uploads', monthPeriod(now), -Math.floor(count));
}

/**
 * Brand checks (one per brand scanned). Needs brand analysis in the plan (requireBrandAnalysis);
 * qogitaAccessLevel none → forbidden; limited → at most what is left of today's (UTC) qogitaBrandChecksPerDay,
 * forbidden when nothing is left; full → all of them (still counted for the usage display).
 */
export async function reserveBrandChecks(db: Db, organizationId: string, requested: number, now: Date): Promise<{ allowed: number }> {
  const wanted = Math.max(0, Math.floor(requested));
  return db.tx(async (tx) => {
    const ent = await getEntitlements(tx, organizationId, now);
    requireBrandAnalysis(ent);
    const period = dayPeriod(now);
    const usedBefore = await lockUsage(tx, organizationId, 'brand_checks', period);
    const cap = ent.qogitaAccessLevel === 'full' ? UNLIMITED : ent.qogitaBrandChecksPerDay;
    const left = Math.max(0, cap - usedBefore);
    if (wanted > 0 && left === 0) throw forbidden(brandChecksExhaustedMessage(ent.qogitaBrandChecksPerDay));
    const allowed = Math.min(wanted, left);
    if (allowed > 0) await addUsage(tx, organizationId, 'brand_checks', period, allowed);
    return { allowed };
  });
}

/** The minimum ROI (fraction) to filter deals with: the user's own on adjustable plans, else the plan's roiFilterValue. */
export async function effectiveMinRoi(db: Db, userId: string): Promise<number> {
  const row = await findUserRoiSettings(db, userId);
  if (!row) throw notFound('User not found.');
  return row.amazonListingFilterType === 'adjustable' ? row.minRoiThreshold : row.roiFilterValue;
}

/** Live price-drop data (dashboard, price alerts): forbidden for FREE and STARTER (they see example data). */
export function requireLivePriceData(entitlementsOrTier: Entitlements | string): void {
  const tier = typeof entitlementsOrTier === 'string' ? entitlementsOrTier : entitlementsOrTier.tier;
  if (isExampleDataTier(tier)) throw forbidden(LIVE_DATA_FORBIDDEN);
}

export const ALERTS_FORBIDDEN = 'Price-drop alerts are available on the Growth and Pro plans. Please upgrade to set up alerts.';
/** The tiers whose users get no alerts (their rules are paused, nothing is sent): those that see example data. */
export const NO_ALERT_TIERS: string[] = TIER_NAMES.filter((tier) => isExampleDataTier(tier));

/** Alert rules and deliveries: GROWTH, PRO (and prodtest) and administrators; forbidden for FREE and STARTER. */
export function allowsAlerts(role: string, tier: string): boolean {
  return role === 'ADMIN' || !isExampleDataTier(tier);
}

export function requireAlerts(role: string, tier: string): void {
  if (!allowsAlerts(role, tier)) throw forbidden(ALERTS_FORBIDDEN);
}

/** Brand scans at all: need brandProfitabilityAnalysis and some wholesale access (docs/plans.md). */
export function requireBrandAnalysis(ent: Entitlements): void {
  if (!ent.brandProfitabilityAnalysis || ent.qogitaAccessLevel === 'none') throw forbidden(BRAND_ANALYSIS_FORBIDDEN);
}

/** How many markets one brand scan may cover: all with multiMarketProfitAnalysis, otherwise 1. */
export function maxMarketsPerScan(ent: Entitlements): number {
  return ent.multiMarketProfitAnalysis ? MARKETS.length : 1;
}

/** Throws forbidden when a brand scan asks for more markets than the plan allows. */
export function requireMarketsAllowed(ent: Entitlements, marketCount: number): void {
  if (marketCount > maxMarketsPerScan(ent)) throw forbidden(MULTI_MARKET_FORBIDDEN);
}

/** "All markets" in the Supplier Level Analyzer: needs multiMarketProfitAnalysis, else 403. */
export function requireAllMarkets(ent: Entitlements): void {
  if (!ent.multiMarketProfitAnalysis) throw forbidden(ALL_MARKETS_FORBIDDEN);
}

/** Changing minRoiThreshold (PUT /user/settings) needs an adjustable plan. */
export function requireAdjustableRoi(ent: Entitlements): void {
  if (ent.amazonListingFilterType !== 'adjustable') throw forbidden(ROI_FIXED_FORBIDDEN);
}
