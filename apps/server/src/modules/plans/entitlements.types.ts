/**
 * The plans module's contract, used by every module that enforces a plan.
 * Implemented in plans/entitlements.ts; functions take the Db so they can run inside a transaction.
 *
 *   getEntitlements(db, organizationId): Promise<Entitlements>
 *   reserveEanUploads(db, organizationId, requested, now): Promise<EanReservation>
 *       atomically takes up to `requested` from what is left of this UTC month's eanUploadLimit;
 *       throws AppError forbidden ('EAN Upload Limit Exhausted' sentence) when nothing is left.
 *   reserveBrandChecks(db, organizationId, requested, now): Promise<{ allowed: number }>
 *       qogitaAccessLevel none → forbidden; limited → at most what is left of today's (UTC) qogitaBrandChecksPerDay;
 *       full → all; throws forbidden when nothing is left.
 *   effectiveMinRoi(db, userId): Promise<number>
 *       the user's minRoiThreshold (fraction) on adjustable plans, else the plan's roiFilterValue (fraction).
 *   requireLivePriceData(entitlements | tier): void — throws forbidden for FREE and STARTER.
 *
 * Also exported by entitlements.ts (decisions in docs/plans.md):
 *   getEntitlements(db, organizationId, now?) — `now` (default system time) moves an organization whose canceled
 *       subscription has reached the end of its paid period back to FREE before answering.
 *   requireBrandAnalysis(ent): void — brandProfitabilityAnalysis gates brand scans at all (403 otherwise);
 *       reserveBrandChecks calls it too.
 *   maxMarketsPerScan(ent): number / requireMarketsAllowed(ent, count): void — multiMarketProfitAnalysis gates more than
 *       one market per brand scan (and so the per-market comparison of one product); without it a scan covers 1 market.
 *   requireAdjustableRoi(ent): void — PUT /user/settings may change minRoiThreshold only on adjustable plans.
 *   getUsage(db, organizationId, now) — { eanUploadsThisMonth, qogitaBrandChecksToday }.
 *   releaseEanUploads(db, organizationId, count, now) — give back reserved EANs that were never analyzed.
 */
export interface Entitlements {
  tier: string;
  eanUploadLimit: number;
  qogitaBrandChecksPerDay: number;
  brandProfitabilityAnalysis: boolean;
  multiMarketProfitAnalysis: boolean;
  supportLevel: string;
  amazonListingFilterType: 'adjustable' | 'fixed';
  /** Fraction (0.2 = 20 %). */
  roiFilterValue: number;
  qogitaAccessLevel: 'full' | 'limited' | 'none';
}

export interface EanReservation {
  allowed: number;
  requested: number;
  usedBefore: number;
  limit: number;
}
