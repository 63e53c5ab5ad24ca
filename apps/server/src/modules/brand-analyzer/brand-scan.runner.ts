import { canonicalEan } from '@dealradar/shared/ean';
import { getMarket, type MarketId } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { RunStopped, type DurableRunStore, type DurableRuns } from '../../jobs/durable-run.ts';
import type { FxRate, ResolvedListing, WholesaleVariant } from '../market-data/market-data.types.ts';
import {
  claimScan,
  completeScan,
  failScan,
  findOrphanedScans,
  findPendingScans,
  handBackScan,
  releaseScan,
  requeueScan,
  touchHeartbeat,
  updateProgress,
  type BrandScanRow,
  type ScanProgress,
} from './brand-scan.repository.ts';
import { evaluateFavorite } from './favorite-evaluator.ts';
import { deleteFavoritesOfProducts, favoriteListingsOfScan, upsertFavorites } from './favorites.repository.ts';
import { queueListingChecksQuietly } from '../seller-account/seller-account.jobs.ts';
import { afterBrandScanFees } from '../seller-account/amazon-fees.jobs.ts';
import { loadProfitTerms } from '../market-data/fee-rules.service.ts';
import { ruleOrganizationOf } from '../market-data/match-rules.service.ts';

/** EANs per market-data look-up (one batched upstream call when the cache is cold). */
export const LOOKUP_BATCH_SIZE = 100;
/**
 * A scan is claimed at most this often (crashes, restarts, failed attempts); then it ends as ERROR with a sentence
 * instead of looping forever. A failed attempt is tried again after RETRY_DELAY_MS, resumed from the cursor.
 */
export const MAX_SCAN_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 5_000;
export const TOO_MANY_ATTEMPTS_MESSAGE = 'The scan was interrupted too many times and has been stopped. Please start it again.';
export const NO_AMAZON_DATA_MESSAGE = 'Amazon data could not be retrieved for this scan. Please try again later.';
export const UNEXPECTED_SCAN_ERROR = 'The scan stopped because of an unexpected problem. Please start it again.';

type RunnerDeps = Pick<AppDeps, 'db' | 'clock' | 'marketData' | 'log' | 'queue'> & { dbHandle?: Pick<AppDeps['dbHandle'], 'lease'> };

/** Lets HTTP and timers run between batches: PGlite works on the main thread. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The brand_scans table as a durable-run store (jobs/durable-run.ts): the run id is the claim token. */
export function brandScanRunStore(deps: RunnerDeps): DurableRunStore<BrandScanRow> {
  // Heartbeats are wall-clock time (staleness is real time; tests move the business clock).
  const wall = () => new Date();
  return {
    claim: (id, token, staleBefore) => claimScan(deps.db, id, token, deps.clock.now(), wall(), staleBefore, deps.dbHandle?.lease?.id ?? null),
    heartbeat: (id, token) => touchHeartbeat(deps.db, id, token, wall()),
    handBack: (id, token) => handBackScan(deps.db, id, token, deps.clock.now()),
    fail: (scan, token, message) => failScan(deps.db, scan.id, token, message, deps.clock.now()),
    findOrphans: (staleBefore) => findOrphanedScans(deps.db, staleBefore),
    requeue: (id) => requeueScan(deps.db, id, deps.clock.now()),
    findPending: () => findPendingScans(deps.db),
    release: (id, token) => releaseScan(deps.db, id, token),
  };
}

/**
 * Runs (or resumes) one brand scan through the worker's durable runs (claim, heartbeat, attempts, hand-back). A
 * failed attempt with attempts left is thrown after the scan was released for its retry (the job fails; the scan
 * goes on); the last attempt's failure ends the scan as ERROR with a sentence.
 */
export async function runBrandScan(deps: RunnerDeps, runs: DurableRuns<BrandScanRow>, scanId: string): Promise<void> {
  let failure: unknown;
  const outcome = await runs.run(scanId, (scan, token, signal) => processBrandScan(deps, scan, token, signal), {
    onFailure: (error) => {
      failure = error;
      deps.log.error({ scanId, err: (error as Error).message }, 'brand scan failed');
    },
    failureMessage: (error) => (error instanceof AppError ? error.message : UNEXPECTED_SCAN_ERROR),
  });
  if (outcome === 'retrying') throw failure;
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
 * One attempt of a claimed brand scan, from its cursor: for each brand, every wholesale variant is looked up in each
 * chosen market in batches; products reaching the scan's minimum ROI become (or refresh) favorites, and favorites of
 * looked-up products that no longer qualify are removed. Each batch's favorites are stored with the cursor in one
 * transaction that checks the run still owns the scan, so a run that was taken over writes nothing more.
 */
async function processBrandScan(deps: RunnerDeps, scan: BrandScanRow, token: string, signal: AbortSignal): Promise<void> {
  const outcome = await scanBrands(deps, scan, token, signal);
  if (outcome.lookedUp === 0 && outcome.notLookedUp > 0) {
    if (!(await failScan(deps.db, scan.id, token, NO_AMAZON_DATA_MESSAGE, deps.clock.now()))) throw new RunStopped('lost');
    return;
  }
  if (!(await completeScan(deps.db, scan.id, token, deps.clock.now()))) throw new RunStopped('lost');
  // Every favorite the scan stored (its deals, in its markets) gets Amazon's listing check; answers of the last week
  // are reused. A resumed scan's earlier batches are included here. Never fails the scan.
  const organizationId = await ruleOrganizationOf(deps, scan.user_id);
  if (organizationId) await queueListingChecksQuietly(deps, organizationId, await favoriteListingsOfScan(deps.db, scan.id));
  // Amazon's fee estimate of its top 20 favorites by profit, in the background, as after a supplier scan.
  await afterBrandScanFees(deps, scan.id);
}

async function scanBrands(deps: RunnerDeps, scan: BrandScanRow, token: string, signal: AbortSignal): Promise<{ lookedUp: number; notLookedUp: number }> {
  const terms = await loadProfitTerms(deps.db, scan.user_id, deps.clock.now());
  // The organization's match rules apply to its members' brand scans.
  const organizationId = await ruleOrganizationOf(deps, scan.user_id);
  const fxRates = new Map<MarketId, FxRate>();
  const totals = { lookedUp: 0, notLookedUp: 0 };
  /** Writes the cursor; a run that no longer owns the scan (canceled, taken over) stops without writing. */
  const saveCursor = async (db: Db, processedBrands: number, processedMarkets: number, brand: string | null, market: string | null) => {
    const cursor: ScanProgress = { processedBrands, processedMarkets, currentBrand: brand, currentMarket: market };
    if (!(await updateProgress(db, scan.id, token, cursor, deps.clock.now(), new Date()))) throw new RunStopped('lost');
  };
  /** Between batches: a stopping worker (shutdown: hand back) ends the attempt here, after the batch it finished. */
  const checkpoint = async (processedBrands: number, processedMarkets: number, brand: string | null, market: string | null) => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new RunStopped('aborted');
    await saveCursor(deps.db, processedBrands, processedMarkets, brand, market);
  };

  for (let b = scan.processed_brands; b < scan.brands.length; b++) {
    const brand = scan.brands[b]!;
    const firstMarket = b === scan.processed_brands ? Math.min(scan.processed_markets, scan.markets.length) : 0;
    await checkpoint(b, firstMarket, brand, scan.markets[firstMarket] ?? null);
    const variants = uniqueVariantsByEan(await deps.marketData.listWholesaleVariants(brand));
    const eans = [...variants.keys()];

    for (let m = firstMarket; m < scan.markets.length; m++) {
      const market = scan.markets[m] as MarketId;
      await checkpoint(b, m, brand, market);
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
          await saveCursor(tx, b, m, brand, market); // first: the row lock keeps a take-over out until this batch is stored
          await upsertFavorites(tx, scan.user_id, scan.id, favorites, deps.clock.now());
          await deleteFavoritesOfProducts(tx, scan.user_id, market, notQualifying);
        });
        // The batch's favorites are checked with Amazon while the scan goes on (the list fills in as it runs).
        if (organizationId && favorites.length)
          await queueListingChecksQuietly(
            deps,
            organizationId,
            favorites.map((f) => ({ asin: f.asin, market: f.market })),
          );
        await yieldToEventLoop();
      }
      await yieldToEventLoop();
    }
    await checkpoint(b + 1, 0, brand, null);
  }
  return totals;
}
