import { canonicalEan } from '@dealradar/shared/ean';
import { getMarket, type MarketId } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import type { FxRate, ResolvedListing, WholesaleVariant } from '../market-data/market-data.types.ts';
import { claimScan, completeScan, failScan, handBackScan, updateProgress, type BrandScanRow } from './brand-scan.repository.ts';
import { evaluateFavorite } from './favorite-evaluator.ts';
import { deleteFavoritesOfProducts, upsertFavorites } from './favorites.repository.ts';
import { loadProfitTerms } from '../market-data/fee-rules.service.ts';
import { ruleOrganizationOf } from '../market-data/match-rules.service.ts';

/** EANs per market-data look-up (one batched upstream call when the cache is cold). */
export const LOOKUP_BATCH_SIZE = 100;
/** A scan claimed more often than this (crashes, restarts) ends as ERROR instead of looping forever. */
export const MAX_SCAN_ATTEMPTS = 5;
export const TOO_MANY_ATTEMPTS_MESSAGE = 'The scan was interrupted too many times and has been stopped. Please start it again.';
export const NO_AMAZON_DATA_MESSAGE = 'Amazon data could not be retrieved for this scan. Please try again later.';

type RunnerDeps = Pick<AppDeps, 'db' | 'clock' | 'marketData' | 'log'> & { dbHandle?: Pick<AppDeps['dbHandle'], 'lease'> };

/** Lets HTTP and timers run between batches: PGlite works on the main thread. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown inside a run when another run has taken the scan over; the run stops quietly. */
class ScanTakenOver extends Error {}
/** Thrown inside a run at its next batch once the process is shutting down: the run gives its scan back. */
class HandingBack extends Error {}

/**
 * The brand-scan runs of one app instance (its database handle): set once on a graceful shutdown (SIGTERM), every
 * run gives its scan back after its current batch; the runs in progress, and the scans they gave back since the last
 * takeHandedBackBrandScans(). Per instance, not per module: two apps in one process (tests) do not share it.
 */
interface BrandRunState {
  handingBack: boolean;
  running: number;
  handedBack: Set<string>;
}
const runStates = new WeakMap<object, BrandRunState>();
function stateOf(deps: Pick<AppDeps, 'db'>): BrandRunState {
  let state = runStates.get(deps.db);
  if (!state) {
    state = { handingBack: false, running: 0, handedBack: new Set() };
    runStates.set(deps.db, state);
  }
  return state;
}

export function stopBrandScansForShutdown(deps: Pick<AppDeps, 'db'>): void {
  stateOf(deps).handingBack = true;
}
export function runningBrandScans(deps: Pick<AppDeps, 'db'>): number {
  return stateOf(deps).running;
}
export function takeHandedBackBrandScans(deps: Pick<AppDeps, 'db'>): string[] {
  const state = stateOf(deps);
  const ids = [...state.handedBack];
  state.handedBack.clear();
  return ids;
}
/** Tests: a process that starts again. */
export function resumeBrandScansAfterShutdown(deps: Pick<AppDeps, 'db'>): void {
  stateOf(deps).handingBack = false;
}

/** One wholesale variant per canonical EAN (the cheapest), in catalogue order. */
export function uniqueVariantsByEan(variants: WholesaleVariant[]): Map<string, WholesaleVariant> {
  const byEan = new Map<string, WholesaleVariant>();
  for (const variant of variants) {
    const ean = canonicalEan(variant.gtin);
    if (!ean) continue;
    const known = byEan.get(ean);
    if (!known || variant.priceExclVat < known.priceExclVat) byEan.set(ean, variant);
  }
  return byEan;
}

/**
 * Runs (or resumes) one brand scan: for each brand from the cursor, every wholesale variant is looked up in
 * each chosen market in batches; products reaching the scan's minimum ROI become (or refresh) favorites, and
 * favorites of looked-up products that no longer qualify are removed. Progress is written as it goes.
 * Unexpected errors propagate (the job decides between retry and ERROR).
 */
export async function runBrandScan(deps: RunnerDeps, scanId: string): Promise<'completed' | 'failed' | 'skipped' | 'handed-back'> {
  const state = stateOf(deps);
  if (state.handingBack) return 'skipped'; // the job came in as the process stops: the scan stays PENDING for the next worker
  const runId = crypto.randomUUID();
  const scan = await claimScan(deps.db, scanId, runId, deps.clock.now(), deps.dbHandle?.lease?.id ?? null);
  if (!scan) return 'skipped';
  state.running += 1;
  try {
    return await runClaimedScan(deps, scan, runId);
  } finally {
    state.running -= 1;
  }
}

async function runClaimedScan(deps: RunnerDeps, scan: BrandScanRow, runId: string): Promise<'completed' | 'failed' | 'skipped' | 'handed-back'> {
  const scanId = scan.id;
  if (scan.attempts > MAX_SCAN_ATTEMPTS) {
    await failScan(deps.db, scanId, runId, TOO_MANY_ATTEMPTS_MESSAGE, deps.clock.now());
    return 'failed';
  }
  try {
    const outcome = await scanBrands(deps, scan, runId);
    if (outcome.lookedUp === 0 && outcome.notLookedUp > 0) {
      await failScan(deps.db, scanId, runId, NO_AMAZON_DATA_MESSAGE, deps.clock.now());
      return 'failed';
    }
    return (await completeScan(deps.db, scanId, runId, deps.clock.now())) ? 'completed' : 'skipped';
  } catch (error) {
    if (error instanceof ScanTakenOver) return 'skipped';
    if (error instanceof HandingBack) {
      if (await handBackScan(deps.db, scanId, runId, deps.clock.now())) {
        stateOf(deps).handedBack.add(scanId);
        deps.log.info({ scanId }, 'brand scan handed back on shutdown');
      }
      return 'handed-back';
    }
    throw error;
  }
}

async function scanBrands(deps: RunnerDeps, scan: BrandScanRow, runId: string): Promise<{ lookedUp: number; notLookedUp: number }> {
  const terms = await loadProfitTerms(deps.db, scan.user_id, deps.clock.now());
  // The organization's match rules apply to its members' brand scans (issue 17).
  const organizationId = await ruleOrganizationOf(deps, scan.user_id);
  const fxRates = new Map<MarketId, FxRate>();
  const totals = { lookedUp: 0, notLookedUp: 0 };
  const progress = async (processedBrands: number, processedMarkets: number, brand: string | null, market: string | null) => {
    if (stateOf(deps).handingBack) throw new HandingBack('shutting down');
    const owned = await updateProgress(
      deps.db,
      scan.id,
      runId,
      { processedBrands, processedMarkets, currentBrand: brand, currentMarket: market },
      deps.clock.now(),
    );
    if (!owned) throw new ScanTakenOver();
  };

  for (let b = scan.processed_brands; b < scan.brands.length; b++) {
    const brand = scan.brands[b]!;
    const firstMarket = b === scan.processed_brands ? Math.min(scan.processed_markets, scan.markets.length) : 0;
    await progress(b, firstMarket, brand, scan.markets[firstMarket] ?? null);
    const variants = uniqueVariantsByEan(await deps.marketData.listWholesaleVariants(brand));
    const eans = [...variants.keys()];

    for (let m = firstMarket; m < scan.markets.length; m++) {
      const market = scan.markets[m] as MarketId;
      await progress(b, m, brand, market);
      let fx = fxRates.get(market);
      if (fx === undefined) {
        fx = await deps.marketData.fxRate('EUR', getMarket(market).currency);
        fxRates.set(market, fx);
      }
      for (let start = 0; start < eans.length; start += LOOKUP_BATCH_SIZE) {
        const batch = eans.slice(start, start + LOOKUP_BATCH_SIZE);
        const result = await deps.marketData.lookupListings(batch, market, { organizationId });
        const failed = new Set(result.notLookedUp);
        const qualifying: Array<{ ean: string; resolved: ResolvedListing }> = [];
        const notQualifying: string[] = [];
        const evaluation = { market, fx, terms, minRoi: scan.min_roi };
        for (const ean of batch) {
          if (failed.has(ean)) continue;
          const resolved = result.resolved.get(ean);
          if (resolved && evaluateFavorite(variants.get(ean)!, resolved, evaluation)) qualifying.push({ ean, resolved });
          else notQualifying.push(ean);
        }
        // The qualifying products are priced again with their daily buy-box history (read for them only): the 90-day
        // stability needs it, the look-up leaves it out.
        const withHistory = await deps.marketData.withBuyBoxHistory(
          market,
          qualifying.map((q) => q.resolved),
        );
        const favorites = qualifying.map((q, k) => ({ ...evaluateFavorite(variants.get(q.ean)!, withHistory[k]!, evaluation)!, ean: q.ean }));
        totals.lookedUp += batch.length - failed.size;
        totals.notLookedUp += failed.size;
        await deps.db.tx(async (tx) => {
          await upsertFavorites(tx, scan.user_id, scan.id, favorites, deps.clock.now());
          await deleteFavoritesOfProducts(tx, scan.user_id, market, notQualifying);
        });
        await progress(b, m, brand, market);
        await yieldToEventLoop();
      }
      await yieldToEventLoop();
    }
    await progress(b + 1, 0, brand, null);
  }
  return totals;
}
