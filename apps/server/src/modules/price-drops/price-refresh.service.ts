import { DROP_TTL_HOURS } from '@dealradar/shared/drops';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../errors/app-error.ts';
import { DurableRuns, RUN_HEARTBEAT_MS, RUN_STALE_AFTER_MS, RunStopped, type DurableRunStore } from '../../jobs/durable-run.ts';
import type { WholesaleVariant } from '../market-data/market-data.types.ts';
import { createMarketDataService } from '../market-data/market-data.service.ts';
import {
  claimRun,
  failRun,
  findOrphanedRuns,
  findPendingRuns,
  finishRun,
  handBackRun,
  openRun,
  requeueRun,
  saveApplied,
  setRunJob,
  touchRun,
  type RefreshRunRow,
} from './refresh-runs.repository.ts';
import { bestOf, roiPerMarket } from './drop-roi.ts';
import { recomputeOrgRoiAfterRefresh } from './org-roi.service.ts';
import { queueDropListingChecks } from './drop-listings.service.ts';
import { announce } from '../../jobs/define-job.ts';
import { priceRefreshFinished } from './price-drops.events.ts';
import {
  analyzeSnapshotTables,
  applySnapshot,
  applySnapshotIn,
  clearStaging,
  hasSnapshot,
  listDropsDetectedAt,
  loadStagingBatch,
  saveBestRoi,
  saveMarketRoi,
  type ApplyCounts,
} from './snapshot.repository.ts';

export type RefreshDeps = Pick<AppDeps, 'db' | 'clock' | 'marketData' | 'log' | 'config'> &
  Partial<Pick<AppDeps, 'queue'>> & { dbHandle?: Pick<AppDeps['dbHandle'], 'lease'> };

/** The queue of the refresh job (price-drops.jobs.ts); log lines of a refresh run outside a job carry it. */
export const PRICE_REFRESH_QUEUE = 'price-drops-refresh';
/**
 * A refresh is claimed at most this often (its process died while it ran); then it ends as failed with a sentence.
 * Heartbeat and staleness as every durable run: a running refresh silent for RUN_STALE_AFTER_MS (or whose process lease is released) is
 * taken over by the next sweep or claim, and resumed from its checkpoint.
 */
export const MAX_REFRESH_ATTEMPTS = 3;
export const REFRESH_TOO_MANY_ATTEMPTS = `The refresh was interrupted ${MAX_REFRESH_ATTEMPTS} times (the server stopped while it ran) and was ended.`;
/** Staging rows per INSERT; PGlite gets the event loop back between batches. */
const STAGING_BATCH = 5000;
/** Drops per refresh whose best-market ROI is looked up (the highest percentages first). */
export const ROI_LOOKUP_LIMIT = 200;

export const REFRESH_ALREADY_RUNNING = 'A price refresh is already running. Please wait until it has finished.';

export interface RefreshResult extends ApplyCounts {
  runId: number;
  seconds: number;
  roiComputed: number;
  /** The refresh's comparison time: the detected_at of the drops it created or improved. */
  detectedAt: Date;
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

/** The price_refresh_runs table as a durable-run store (jobs/durable-run.ts). */
export function refreshRunStore(deps: RefreshDeps): DurableRunStore<RefreshRunRow> {
  // Heartbeats are wall-clock time (staleness is real time; tests move the business clock).
  const wall = () => new Date();
  return {
    claim: (id, token, staleBefore) => claimRun(deps.db, id, token, wall(), staleBefore, deps.dbHandle?.lease?.id ?? null),
    heartbeat: async (id, token) => void (await touchRun(deps.db, id, token, wall())),
    handBack: (id, token) => handBackRun(deps.db, id, token),
    fail: (run, token, message) => failRun(deps.db, run.id, token, deps.clock.now(), message),
    findOrphans: (staleBefore) => findOrphanedRuns(deps.db, staleBefore),
    requeue: (id) => requeueRun(deps.db, id),
    findPending: () => findPendingRuns(deps.db),
  };
}

/** The durable runs of refreshes in one process: the worker's (price-drops.jobs.ts), or one for a single call. */
export function createRefreshRuns(deps: RefreshDeps, resend: (id: string) => Promise<void>): DurableRuns<RefreshRunRow> {
  return new DurableRuns<RefreshRunRow>({
    kind: 'price refresh',
    job: PRICE_REFRESH_QUEUE,
    store: refreshRunStore(deps),
    maxAttempts: MAX_REFRESH_ATTEMPTS,
    tooManyAttempts: REFRESH_TOO_MANY_ATTEMPTS,
    heartbeatMs: RUN_HEARTBEAT_MS,
    staleAfterMs: RUN_STALE_AFTER_MS,
    resend,
    log: deps.log,
  });
}

export interface RefreshOptions {
  trigger: string;
  /** The catalogue to compare (tests, benchmarks); the market-data provider's by default. */
  catalogue?: AsyncIterable<WholesaleVariant[]>;
  skipRoi?: boolean;
  /** The worker's durable runs and the pg-boss job running this refresh; a call without them (the CLI, tests) runs on its own. */
  runs?: DurableRuns<RefreshRunRow>;
  jobId?: string;
}

/**
 * One refresh, as a durable run: the unfinished run (a new one when there is none) is claimed with a token, so two
 * processes never run one refresh; a run whose process died is taken over and resumed from its checkpoint. The work:
 * fetch the whole wholesale catalogue into staging, compare it with the last snapshot set-wise in the database (drops,
 * history, snapshot; stored with the checkpoint in one transaction), then look up the best-market ROI of the new drops.
 * Throws conflict when another live refresh owns the run, and the error of a failed refresh (recorded on the run).
 */
export async function refreshPrices(deps: RefreshDeps, options: RefreshOptions): Promise<RefreshResult> {
  const runs = options.runs ?? createRefreshRuns(deps, async () => undefined);
  const id = await openRun(deps.db, options.trigger, deps.clock.now());
  let result: RefreshResult | undefined;
  let failure: unknown;
  const outcome = await runs.run(
    id,
    async (run, token, signal) => {
      result = await runRefresh(deps, run, token, signal, options);
    },
    {
      onFailure: (error) => (failure = error),
      failureMessage: (error) => (error as Error).message ?? String(error),
    },
  );
  if (result) return result;
  if (failure !== undefined) throw failure;
  if (outcome === 'skipped') throw conflict(REFRESH_ALREADY_RUNNING);
  // Handed back on shutdown, or taken over: another run finishes it.
  throw new RunStopped(`the price refresh was ${outcome === 'handed-back' ? 'handed back' : 'stopped'} before it finished`);
}

async function runRefresh(deps: RefreshDeps, run: RefreshRunRow, token: string, signal: AbortSignal, options: RefreshOptions): Promise<RefreshResult> {
  const t0 = performance.now();
  const owned = { id: run.id, token };
  const stopIfAborted = () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new RunStopped('aborted');
  };
  if (options.jobId) await setRunJob(deps.db, run.id, token, options.jobId);
  if (run.attempts > 1) deps.log.info({ runId: run.id, attempt: run.attempts, checkpoint: run.checkpoint }, 'price refresh resumed');
  let now: Date;
  let counts: ApplyCounts;
  if (run.checkpoint === 'applied' && run.compared_at) {
    now = run.compared_at;
    counts = {
      variants: run.variants ?? 0,
      newProducts: run.new_products ?? 0,
      priceChanges: run.price_changes ?? 0,
      dropsCreated: run.drops_created ?? 0,
      dropsUpdated: run.drops_updated ?? 0,
      dropsRemoved: run.drops_removed ?? 0,
      dropsExpired: run.drops_expired ?? 0,
    };
  } else {
    if (!options.catalogue) await seedDemoBaseline(deps, owned, stopIfAborted);
    const staged = await stageCatalogue(deps, options.catalogue ?? deps.marketData.fetchWholesaleCatalogue(), owned, stopIfAborted);
    now = staged.now;
    // The comparison and the checkpoint in one transaction: a run that lost its row rolls back, so it is applied once.
    counts = await deps.db.tx(async (tx) => {
      if (!(await touchRun(tx, run.id, token, new Date()))) throw new RunStopped('lost');
      const applied = { ...(await applySnapshotIn(tx, now, DROP_TTL_HOURS * 3600_000)), variants: staged.variants };
      if (!(await saveApplied(tx, run.id, token, now, applied))) throw new RunStopped('lost');
      return applied;
    });
    await clearStaging(deps.db);
    if (deps.db.kind === 'pglite') await analyzeSnapshotTables(deps.db);
  }
  stopIfAborted();
  const roiComputed = options.skipRoi ? 0 : await computeBestRoi(deps, now);
  // Amazon's listing restrictions of the drops shown as deals, for organizations with a connected seller account.
  if (!options.skipRoi) await queueDropListingChecks(deps);
  if (!(await finishRun(deps.db, run.id, token, deps.clock.now()))) throw new RunStopped('lost');
  const runId = Number(run.id);
  // The refresh has succeeded; an announcement that fails must not turn it into a failed run. What it would have set
  // off is not lost: the alerts look at every drop detected since they last ran, at the next refresh's announcement.
  if (deps.queue) {
    await announce(deps.queue, priceRefreshFinished, { runId, detectedAt: now.toISOString() }).catch((error: unknown) =>
      deps.log.error({ err: (error as Error).message, runId }, 'the finished refresh could not be announced'),
    );
  }
  const result = { runId, ...counts, roiComputed, detectedAt: now, seconds: (performance.now() - t0) / 1000 };
  deps.log.info({ ...result }, 'price refresh finished');
  return result;
}

/**
 * Loads a catalogue into staging while `run` owns its row (checked with each batch, which is also its heartbeat);
 * answers the comparison time (the clock after the fetch, so a long fetch does not age drops).
 */
async function stageCatalogue(
  deps: RefreshDeps,
  catalogue: AsyncIterable<WholesaleVariant[]>,
  run: { id: string; token: string },
  stopIfAborted: () => void,
): Promise<{ now: Date; variants: number }> {
  await clearStaging(deps.db);
  let variants = 0;
  for await (const batch of rebatch(catalogue, STAGING_BATCH)) {
    stopIfAborted();
    variants += await loadStagingBatch(deps.db, batch, run);
    if (!(await touchRun(deps.db, run.id, run.token, new Date()))) throw new RunStopped('lost');
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
async function seedDemoBaseline(deps: RefreshDeps, run: { id: string; token: string }, stopIfAborted: () => void): Promise<void> {
  if (!deps.marketData.source.isDemo || (await hasSnapshot(deps.db))) return;
  const at = new Date(deps.clock.now().getTime() - DEMO_BASELINE_HOURS * 3600_000);
  const past = createMarketDataService({ config: deps.config, db: deps.db, clock: { now: () => at }, log: deps.log });
  await stageCatalogue(deps, past.fetchWholesaleCatalogue(), run, stopIfAborted);
  await applySnapshot(deps.db, at, DROP_TTL_HOURS * 3600_000);
  deps.log.info({ at: at.toISOString() }, 'demo price baseline recorded');
}

/**
 * Best ROI over the European Amazon markets at each new drop's price. Uses the market-data layer (its
 * shared cache first); a failure there leaves the ROI empty and never fails the refresh. Then the figures of the
 * organizations whose match rules name one of the drops this refresh created or improved.
 */
async function computeBestRoi(deps: RefreshDeps, now: Date): Promise<number> {
  const drops = await listDropsDetectedAt(deps.db, now, ROI_LOOKUP_LIMIT);
  let computed = 0;
  if (drops.length > 0) {
    const perMarket = await roiPerMarket(deps, drops, now);
    const best = bestOf(perMarket);
    await saveBestRoi(
      deps.db,
      [...best].map(([id, v]) => ({ id, ...v })),
    );
    await saveMarketRoi(deps.db, now, perMarket);
    computed = best.size;
  }
  await recomputeOrgRoiAfterRefresh(deps, now).catch((error: unknown) =>
    deps.log.error({ err: (error as Error).message }, "organizations' own price-drop ROI could not be computed"),
  );
  return computed;
}
