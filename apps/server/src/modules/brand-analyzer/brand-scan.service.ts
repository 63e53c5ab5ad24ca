import { normalizeBrandName } from '@dealradar/shared/brand-categories';
import {
  BRAND_SCAN_MARKET_IDS,
  BRAND_SCAN_REQUIRED_MESSAGE,
  type StartBrandScanQuery,
  type BrandScanState,
  type StartBrandScanResponse,
} from '@dealradar/shared/contracts/brand-analyzer';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { effectiveMinRoi, getEntitlements, requireBrandAnalysis, requireMarketsAllowed, reserveBrandChecks } from '../plans/entitlements.ts';
import { listCatalogueBrands } from './brand-catalogue.ts';
import { enqueueBrandScan } from './brand-analyzer.jobs.ts';
import { failScan, findActiveScanOfUser, findScanOfUser, insertScan, type BrandScanRow } from './brand-scan.repository.ts';

/** Brand scans that ended, for the scan-finished e-mails. */
export { listEndedBrandScans, type EndedBrandScan } from './ended-brand-scans.repository.ts';

export const SCAN_ALREADY_RUNNING = 'A brand scan is already running. Wait for it to finish before starting another one.';
export const SCAN_NOT_FOUND = 'Brand scan not found.';
export const QUEUE_UNAVAILABLE = 'Brand scans cannot run right now. Please try again later.';

export function notEnoughBrandChecksMessage(allowed: number, requested: number): string {
  return `Your plan allows ${allowed} more brand check${allowed === 1 ? '' : 's'} today, but you selected ${requested} brands. Please select fewer brands or upgrade your plan.`;
}

export function toScanState(row: BrandScanRow): BrandScanState {
  return {
    id: row.id,
    status: row.status,
    totalBrands: row.brands.length,
    processedBrands: row.processed_brands,
    currentBrand: row.current_brand,
    totalMarkets: row.markets.length,
    processedMarkets: row.processed_markets,
    currentMarket: row.current_market,
    error: row.error,
    brands: row.brands,
    markets: row.markets,
    favoritesFound: row.favorites_found,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

/** Catalogue spelling of each requested brand (matched loosely); bad request for a brand the catalogue lacks. */
async function resolveBrands(deps: Pick<AppDeps, 'clock' | 'marketData'>, requested: string[]): Promise<string[]> {
  const catalogue = new Map((await listCatalogueBrands(deps.marketData, deps.clock)).map((name) => [normalizeBrandName(name), name]));
  const resolved = requested.map((name) => {
    const known = catalogue.get(normalizeBrandName(name));
    if (!known) throw badRequest(`The wholesale catalogue has no brand named "${name}".`);
    return known;
  });
  return [...new Set(resolved)];
}

/**
 * POST /brand-analyzer/scan: checks the plan (brand analysis, markets per scan, today's brand checks — one per
 * brand), records a PENDING scan with the user's effective minimum ROI and queues it. One unfinished scan per user.
 */
export async function startBrandScan(deps: AppDeps, user: CurrentUser, input: StartBrandScanQuery): Promise<StartBrandScanResponse> {
  if (input.brands.length === 0 || input.markets.length === 0) throw badRequest(BRAND_SCAN_REQUIRED_MESSAGE);
  for (const market of input.markets) {
    if (!(BRAND_SCAN_MARKET_IDS as readonly string[]).includes(market)) {
      throw badRequest(`A brand scan cannot cover the market "${market}". Choose from ${BRAND_SCAN_MARKET_IDS.join(', ')}.`);
    }
  }
  const now = deps.clock.now();
  const entitlements = await getEntitlements(deps.db, user.organizationId, now);
  requireBrandAnalysis(entitlements);
  requireMarketsAllowed(entitlements, input.markets.length);
  const brands = await resolveBrands(deps, input.brands);
  if (!deps.queue) throw new AppError('unavailable', QUEUE_UNAVAILABLE);
  const minRoi = await effectiveMinRoi(deps.db, user.id);

  const scanId = await deps.db.tx(async (tx) => {
    const id = await insertScan(tx, { userId: user.id, brands, markets: input.markets, minRoi, now });
    if (!id) throw conflict(SCAN_ALREADY_RUNNING);
    const { allowed } = await reserveBrandChecks(tx, user.organizationId, brands.length, now);
    if (allowed < brands.length) throw forbidden(notEnoughBrandChecksMessage(allowed, brands.length));
    return id;
  });

  try {
    await enqueueBrandScan(deps, scanId);
  } catch (error) {
    deps.log.error({ scanId, err: (error as Error).message }, 'could not queue a brand scan');
    await failScan(deps.db, scanId, null, QUEUE_UNAVAILABLE, deps.clock.now());
    throw new AppError('unavailable', QUEUE_UNAVAILABLE, { cause: error });
  }
  return { scanId, id: scanId, totalBrands: brands.length, totalMarkets: input.markets.length };
}

/** GET /brand-analyzer/scan/{id}: the user's own scan only (anyone else's answers 404). */
export async function getBrandScan(deps: Pick<AppDeps, 'db'>, user: CurrentUser, id: string): Promise<BrandScanState> {
  const row = isUuid(id) ? await findScanOfUser(deps.db, id, user.id) : undefined;
  if (!row) throw notFound(SCAN_NOT_FOUND);
  return toScanState(row);
}

/** GET /brand-analyzer/active-scan: the user's PENDING or PROCESSING scan, if any. */
export async function getActiveBrandScan(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<BrandScanState | null> {
  const row = await findActiveScanOfUser(deps.db, user.id);
  return row ? toScanState(row) : null;
}
