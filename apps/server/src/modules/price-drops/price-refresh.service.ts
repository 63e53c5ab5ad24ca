import { DROP_TTL_HOURS } from '@dealradar/shared/drops';
import { defaultSellerProfile } from '@dealradar/shared/fee-rules';
import { MARKETS } from '@dealradar/shared/markets';
import { computeProfit, convertMinor } from '@dealradar/shared/profit';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../errors/app-error.ts';
import type { WholesaleVariant } from '../market-data/market-data.types.ts';
import { loadFeeRules } from '../market-data/fee-rules.service.ts';
import { createMarketDataService } from '../market-data/market-data.service.ts';
import { failRun, finishRun, startRun } from './refresh-runs.repository.ts';
import { queueAlertsAfterRefresh, type AfterRefreshResult } from '../alerts/alert-dispatch.service.ts';
import { saveMarketRoi } from '../alerts/alerts.repository.ts';
import {
  analyzeSnapshotTables,
  applySnapshot,
  clearStaging,
  hasSnapshot,
  listDropsDetectedAt,
  loadStagingBatch,
  saveBestRoi,
  type ApplyCounts,
} from './snapshot.repository.ts';

export type RefreshDeps = Pick<AppDeps, 'db' | 'clock' | 'marketData' | 'log' | 'config'> & Partial<Pick<AppDeps, 'queue'>>;

/** A run that has not finished after this long is taken to have crashed; its lock is released. */
const STALE_RUN_MS = 2 * 3600_000;
/** Staging rows per INSERT; PGlite gets the event loop back between batches. */
const STAGING_BATCH = 5000;
/** Drops per refresh whose best-market ROI is looked up (the highest percentages first). */
export const ROI_LOOKUP_LIMIT = 200;
const ROI_MARKETS = MARKETS.filter((m) => m.region === 'Europe').map((m) => m.id);

export const REFRESH_ALREADY_RUNNING = 'A price refresh is already running. Please wait until it has finished.';

export interface RefreshResult extends ApplyCounts {
  runId: number;
  seconds: number;
  roiComputed: number;
  /** Price-drop alerts queued at the end of the refresh (issue 15); null when that step failed (logged). */
  alerts: AfterRefreshResult | null;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function* rebatch(source: AsyncIterable<WholesaleVariant[]>, size: number): AsyncIterable<WholesaleVariant[]> {
  let buffer: WholesaleVariant[] = [];
  for await (const batch of source) {
    for (const variant of batch) {
      buffer.push(variant);
      if (buffer.length >= size) {
        yield buffer;
        buffer = [];
      }
    }
  }
  if (buffer.length) yield buffer;
}

/**
 * One refresh: fetch the whole wholesale catalogue into staging, compare it with the last snapshot
 * set-wise in the database (drops, history, snapshot), then look up the best-market ROI of the new drops.
 * Throws conflict when another refresh holds the lock. `catalogue` defaults to the market-data provider.
 */
export async function refreshPrices(
  deps: RefreshDeps,
  options: { trigger: string; catalogue?: AsyncIterable<WholesaleVariant[]>; skipRoi?: boolean },
): Promise<RefreshResult> {
  const started = deps.clock.now();
  const runId = await startRun(deps.db, options.trigger, started, new Date(started.getTime() - STALE_RUN_MS));
  if (runId === null) throw conflict(REFRESH_ALREADY_RUNNING);
  const t0 = performance.now();
  try {
    if (!options.catalogue) await seedDemoBaseline(deps);
    const { now, variants } = await stageCatalogue(deps, options.catalogue ?? deps.marketData.fetchWholesaleCatalogue());
    const counts = { ...(await applySnapshot(deps.db, now, DROP_TTL_HOURS * 3600_000)), variants };
    await clearStaging(deps.db);
    if (deps.db.kind === 'pglite') await analyzeSnapshotTables(deps.db);
    const roiComputed = options.skipRoi ? 0 : await computeBestRoi(deps, now);
    await finishRun(deps.db, runId, deps.clock.now(), counts);
    // The refresh has succeeded; alerts failing must not turn it into a failed run.
    const alerts = await queueAlertsAfterRefresh(deps, runId, now).catch((error: unknown) => {
      deps.log.error({ err: (error as Error).message, runId }, 'price-drop alerts could not be queued');
      return null;
    });
    const result = { runId, ...counts, roiComputed, alerts, seconds: (performance.now() - t0) / 1000 };
    deps.log.info({ ...result }, 'price refresh finished');
    return result;
  } catch (error) {
    await failRun(deps.db, runId, deps.clock.now(), (error as Error).message).catch(() => undefined);
    throw error;
  }
}

/** Loads a catalogue into staging; answers the comparison time (the clock after the fetch, so a long fetch does not age drops). */
async function stageCatalogue(deps: RefreshDeps, catalogue: AsyncIterable<WholesaleVariant[]>): Promise<{ now: Date; variants: number }> {
  await clearStaging(deps.db);
  let variants = 0;
  for await (const batch of rebatch(catalogue, STAGING_BATCH)) {
    variants += await loadStagingBatch(deps.db, batch);
    await yieldToEventLoop();
  }
  return { now: deps.clock.now(), variants };
}

/** How far back the demo baseline is taken. */
export const DEMO_BASELINE_HOURS = 3;

/**
 * Demo data only: the very first refresh has nothing to compare with, so it first records the demo
 * catalogue as the deterministic price process had it DEMO_BASELINE_HOURS ago. A fresh demo install then
 * shows the drops of the last hours at once instead of after the next scheduled refresh. Real providers
 * (Qogita) start with an empty history, as they must.
 */
async function seedDemoBaseline(deps: RefreshDeps): Promise<void> {
  if (!deps.marketData.source.isDemo || (await hasSnapshot(deps.db))) return;
  const at = new Date(deps.clock.now().getTime() - DEMO_BASELINE_HOURS * 3600_000);
  const past = createMarketDataService({ config: deps.config, db: deps.db, clock: { now: () => at }, log: deps.log });
  await stageCatalogue(deps, past.fetchWholesaleCatalogue());
  await applySnapshot(deps.db, at, DROP_TTL_HOURS * 3600_000);
  deps.log.info({ at: at.toISOString() }, 'demo price baseline recorded');
}

/**
 * Best ROI over the European Amazon markets at each new drop's price. Uses the market-data layer (its
 * shared cache first); a failure there leaves the ROI empty and never fails the refresh.
 */
async function computeBestRoi(deps: RefreshDeps, now: Date): Promise<number> {
  const drops = await listDropsDetectedAt(deps.db, now, ROI_LOOKUP_LIMIT);
  if (drops.length === 0) return 0;
  const best = new Map<number, { roi: number; market: string }>();
  const perMarket: Array<{ dropId: number; market: string; roi: number }> = [];
  const eans = [...new Set(drops.map((d) => d.gtin))];
  // Drops are shared by every user: their best market is ranked for the default seller profile (DE, VAT-registered).
  const rules = await loadFeeRules(deps.db);
  const seller = defaultSellerProfile(null);
  for (const market of ROI_MARKETS) {
    try {
      const currency = MARKETS.find((m) => m.id === market)!.currency;
      const [fx, lookup] = await Promise.all([deps.marketData.fxRate('EUR', currency), deps.marketData.lookupListings(eans, market)]);
      for (const drop of drops) {
        const resolved = lookup.resolved.get(drop.gtin);
        if (!resolved) continue;
        const profit = computeProfit({
          seller,
          rules,
          at: now,
          market,
          buyBoxPrice: resolved.listing.buyBoxPrice,
          referralFeeRate: resolved.listing.referralFeeRate,
          fbaFee: resolved.listing.fbaFee,
          numberOfPacks: resolved.numberOfPacks,
          unitCost: convertMinor(drop.newPriceExclVat, fx.rate),
        });
        if (profit.roiPercentage === null) continue;
        perMarket.push({ dropId: drop.id, market, roi: profit.roiPercentage });
        const current = best.get(drop.id);
        if (!current || profit.roiPercentage > current.roi) best.set(drop.id, { roi: profit.roiPercentage, market });
      }
    } catch (error) {
      deps.log.warn({ market, err: (error as Error).message }, 'best-market ROI of price drops skipped for this market');
    }
    await yieldToEventLoop();
  }
  await saveBestRoi(
    deps.db,
    [...best].map(([id, v]) => ({ id, ...v })),
  );
  await saveMarketRoi(deps.db, now, perMarket);
  return best.size;
}
