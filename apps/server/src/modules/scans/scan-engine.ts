import { performance } from 'node:perf_hooks';
import { getMarket } from '@dealradar/shared/markets';
import { supplierPriceToEur } from '@dealradar/shared/price-terms';
import type { AppDeps } from '../../deps.ts';
import { RunStopped as ScanStopped, WorkerStopping, type DurableRunStore, type DurableRuns } from '../../jobs/durable-run.ts';
import { AppError } from '../../errors/app-error.ts';
import type { LookupResult, ResolvedListing, TokenWait } from '../market-data/market-data.types.ts';
import { releaseEanUploads } from '../plans/entitlements.ts';
import { loadProfitTerms } from '../market-data/fee-rules.service.ts';
import { createAllMarketsScan, estimateAllMarketsTokens, type AllMarketsScan } from './all-markets.ts';
import { reachesMinRoiBelow, referralThresholds } from './buy-box-candidates.ts';
import { evaluateProduct, isSurelyNoDeal, stabilityOf, type DealInput, type ScanProduct } from './deal-calculator.ts';
import { keepSupplierList } from './supplier-list-lifecycle.ts';
import { afterSupplierScan } from '../seller-account/seller-account.jobs.ts';
import { afterSupplierScanFees } from '../seller-account/amazon-fees.jobs.ts';
import { loadParsedFile, priceTermsOfScan, readOptionsOf, removeUpload, scanColumns } from './scan-files.ts';
import { storeParseIssues } from './scan-issues.ts';
import { ScanProgress, type PricedBatch } from './scan-progress.ts';
import * as repo from './scans.repository.ts';
import { eanFromKey, eanSampleOf, readSupplierFile, type ParsedSupplierFile } from './supplier-file.ts';

/**
 * EANs per market-data look-up: 250 while EANs go upstream (about 3 Keepa requests, so progress moves and cancel
 * is prompt), doubling while a batch is answered from the cache alone (a cached batch takes milliseconds, and fewer,
 * larger batches cut the statements and bookkeeping of a long list). A batch's memory and work are its listings, not
 * its keys: batches grow to 2,000 EANs, and beyond that (up to MAX_CACHED_BATCH_SIZE) only while the last batch held
 * few listings, so that the next holds about MAX_LISTED_PER_BATCH at most. A typical list (most EANs listed) keeps
 * batches of about 2,000, which bound its memory; a long list of mostly unknown codes is read in batches of up to
 * 64,000, a few statements instead of hundreds (docs/scans.md has the figures). A large batch that meets uncached EANs
 * sends them upstream in one look-up (cancel still stops it between requests); the next is 250 again.
 */
export const SCAN_BATCH_SIZE = 250;
export const MAX_CACHED_BATCH_SIZE = 64_000;
export const MAX_LISTED_PER_BATCH = 2000;

/** The next batch's size after a batch of `size` EANs that `listed` of had a listing (cache-only batches). */
export function nextCachedBatchSize(size: number, listed: number): number {
  const byListings = Math.floor((MAX_LISTED_PER_BATCH * size) / Math.max(1, listed));
  return Math.min(size * 2, MAX_CACHED_BATCH_SIZE, Math.max(MAX_LISTED_PER_BATCH, byListings));
}

/** Runs of a scan that the server's stopping may interrupt before the scan ends as ERROR (TOO_MANY_ATTEMPTS). */
export const MAX_ATTEMPTS = 3;
/**
 * Two-phase look-up (docs/market-data.md "Keepa tokens"): a candidate costs 1 + 3 tokens, a product in one phase 3.
 * Once more than 2/3 of the first MIN_JUDGED_FOR_ONE_PHASE judged listings of a scan were candidates, the rest of
 * the scan looks up in one phase.
 */
export const ONE_PHASE_ABOVE_CANDIDATE_SHARE = 2 / 3;
export const MIN_JUDGED_FOR_ONE_PHASE = 200;

export { RunStopped as ScanStopped, WorkerStopping } from '../../jobs/durable-run.ts';

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const TOO_MANY_ATTEMPTS = `The scan was interrupted ${MAX_ATTEMPTS} times (the server stopped while it ran) and was ended. Please start it again.`;

/** The scans' table as a durable-run store (jobs/durable-run.ts): claim, heartbeat, hand-back, fail, sweep. */
export function scanRunStore(deps: AppDeps): DurableRunStore<repo.ScanRow> {
  const wall = () => new Date();
  return {
    claim: (id, token, staleBefore) => repo.claimScan(deps.db, id, token, deps.clock.now(), wall(), staleBefore, deps.dbHandle.lease?.id ?? null),
    heartbeat: (id, token) => repo.touchHeartbeat(deps.db, id, token, wall()),
    handBack: async (id, token) => {
      const ok = await repo.handBackScan(deps.db, id, token, deps.clock.now());
      if (ok) deps.log.info({ scanId: id, checkpoint: (await repo.findScan(deps.db, id))?.checkpoint }, 'scan handed back on shutdown');
      return ok;
    },
    fail: async (scan, token, message) => {
      if (token !== null) return endWithError(deps, scan, token, message);
      const ok = await repo.finishScan(deps.db, scan.id, null, { status: 'ERROR', error: message, now: deps.clock.now() });
      if (ok) removeUpload(scan.upload_path);
      return ok;
    },
    findOrphans: (staleBefore) => repo.findOrphanedScans(deps.db, staleBefore),
    requeue: (id) => repo.requeueScan(deps.db, id, deps.clock.now()),
    findPending: () => repo.findPendingScans(deps.db),
  };
}

/**
 * Runs (or resumes) one scan through the worker's durable runs (claim, heartbeat, attempts, hand-back): takes the
 * parsed file (or parses it again), looks the allowed EANs up in batches from the checkpoint on, stores the products,
 * commits progress per batch, and ends COMPLETED or ERROR.
 */
export async function runScan(deps: AppDeps, runs: DurableRuns<repo.ScanRow>, scanId: string): Promise<void> {
  await runs.run(scanId, (scan, token, signal) => processScan(deps, scan, token, signal), {
    failureMessage: (error) => {
      if (error instanceof AppError) return error.message;
      deps.log.error({ scanId, err: (error as Error).stack }, 'scan failed');
      return `The scan failed: ${(error as Error).message ?? 'unknown error'}.`;
    },
    onEnded: (scan) => removeUpload(scan.upload_path),
  });
}

async function endWithError(deps: AppDeps, scan: repo.ScanRow, token: string, message: string): Promise<boolean> {
  const now = deps.clock.now();
  const current = await repo.findScan(deps.db, scan.id);
  const ok = await repo.finishScan(deps.db, scan.id, token, { status: 'ERROR', error: message, now });
  if (ok && current && current.allowed_eans !== null) {
    // EANs reserved but never analyzed go back to the month's allowance.
    await releaseEanUploads(deps.db, scan.organization_id, current.allowed_eans - current.processed_eans, now).catch(() => undefined);
  }
  removeUpload(scan.upload_path);
  return ok;
}

// ---- the phases of a scan: load the upload, resolve listings, price, store a batch with its checkpoint, finish ----

/**
 * One scan run from its checkpoint to the end: the list is loaded, then each batch of EANs has its listings resolved,
 * is priced, and is stored (with the checkpoint, when a commit is due); the run then finishes the scan.
 */
async function processScan(deps: AppDeps, scan: repo.ScanRow, token: string, signal: AbortSignal): Promise<void> {
  const stopIfAborted = () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new ScanStopped('aborted');
  };
  const timer = new PhaseTimer();
  const { parsed, allowed } = await loadUpload(scan, signal, timer);
  stopIfAborted();
  const pricing = await pricingOf(deps, scan, parsed);
  // The report download: the file's unusable rows are stored once (a resumed run finds them stored).
  const parseIssuesStored = scan.issues_stored ?? (await storeParseIssues(deps, scan.id, parsed, allowed));
  stopIfAborted();
  const progress = new ScanProgress(deps, scan, token, parsed, allowed, parseIssuesStored);
  await estimateTokensOnce(deps, scan, parsed, allowed, pricing, progress.done);
  stopIfAborted();
  const listings = new ListingResolver(deps, scan, token, pricing, signal);

  try {
    while (progress.done < allowed) {
      stopIfAborted();
      const batch = listings.nextBatch(parsed, progress.done, allowed);
      timer.start();
      const lookup = await listings.resolve(batch);
      timer.lap('lookupMs');
      stopIfAborted();
      progress.record(batch.end, await priceBatch(deps, scan, pricing, batch, lookup));
      timer.lap('evaluateMs');
      if (progress.commitDue()) {
        await progress.commit(listings.tokensSpent);
        timer.lap('storeMs');
      }
      await yieldToEventLoop();
    }
  } catch (error) {
    // A graceful shutdown: commit the batches finished so far, so the next run resumes right after them.
    const reason: unknown = signal.aborted ? signal.reason : undefined;
    if (reason instanceof WorkerStopping && reason.handBack && progress.hasUncommittedWork()) await progress.commit(listings.tokensSpent);
    throw error;
  }
  await finishScan(deps, scan, token, progress, listings, timer);
}

/** Phase 1, load the upload: the parse the start request stored beside the file (any process, after a restart too), or the file read again. */
async function loadUpload(scan: repo.ScanRow, signal: AbortSignal, timer: PhaseTimer): Promise<{ parsed: ParsedSupplierFile; allowed: number }> {
  if (!scan.upload_path) throw new AppError('internal', 'The uploaded file of this scan is gone; please upload it again.');
  const started = performance.now();
  const parsed =
    (await loadParsedFile(scan.upload_path)) ?? (await readSupplierFile(scan.upload_path, scanColumns(scan), { signal, ...readOptionsOf(scan.source) }));
  timer.add('parseMs', performance.now() - started);
  // The plan's monthly allowance may have capped the EANs this scan analyzes.
  return { parsed, allowed: Math.min(scan.allowed_eans ?? parsed.eans.length, parsed.eans.length) };
}

/** What pricing a row needs besides its listing: the seller's terms, the rates, and the row's supplier figures. */
interface ScanPricing {
  /** The profit engine's input for row i, without its listing (the same for the deal and for the two-phase test). */
  inputOf(i: number): Omit<DealInput, 'resolved'>;
  /** The file line of row i (the report's issues name it). */
  lineOf(i: number): number;
  /** All markets: every EAN in the seven markets, the best one kept (all-markets.ts); null for one market. */
  allMarkets: AllMarketsScan | null;
  /** The referral-fee price thresholds of the scan's market (the two-phase candidate test). */
  thresholds: number[];
}

async function pricingOf(deps: AppDeps, scan: repo.ScanRow, parsed: ParsedSupplierFile): Promise<ScanPricing> {
  const minRoi = scan.min_roi ?? 0;
  const fx = await deps.marketData.fxRate('EUR', getMarket(scan.market).currency);
  // The supplier's prices as written: their currency and VAT, converted to EUR net at the day's rate.
  const priceTerms = priceTermsOfScan(scan);
  const supplierFx = await deps.marketData.fxRate('EUR', priceTerms.currency);
  const terms = await loadProfitTerms(deps.db, scan.user_id, deps.clock.now());
  const supplierName = scan.source === 'manual' ? 'Manual entry' : scan.file_name;
  const allMarkets = scan.all_markets ? await createAllMarketsScan(deps, { terms, minRoi, comparisonCurrency: scan.comparison_currency ?? 'EUR' }) : null;
  return {
    inputOf: (i) => {
      const price = parsed.prices[i]!;
      const priced = !Number.isNaN(price);
      return {
        market: scan.market,
        supplierPriceCents: priced ? supplierPriceToEur(price, priceTerms, supplierFx.rate) : null,
        written: priced ? { unitPriceMinor: price, terms: priceTerms, fx: supplierFx } : undefined,
        unitsPerPrice: parsed.units[i]!,
        supplierBrand: parsed.brands[i]!,
        supplierName,
        line: parsed.lines[i]!,
        fx,
        minRoi,
        terms,
      };
    },
    lineOf: (i) => parsed.lines[i]!,
    allMarkets,
    thresholds: referralThresholds(terms, scan.market),
  };
}

/** The expected token cost, once, before the first look-up spends any (sources without tokens: none). */
async function estimateTokensOnce(deps: AppDeps, scan: repo.ScanRow, parsed: ParsedSupplierFile, allowed: number, pricing: ScanPricing, done: number) {
  if (scan.tokens_estimated !== null || !deps.marketData.estimateTokens || done > 0) return;
  const eans = eanSampleOf(parsed.eans, allowed);
  const estimate = pricing.allMarkets ? await estimateAllMarketsTokens(deps.marketData, eans) : await deps.marketData.estimateTokens(eans, scan.market);
  if (estimate.refillRate !== null || estimate.tokens > 0) await repo.saveTokenEstimate(deps.db, scan.id, estimate);
}

/** The rows [start, end) of the list and their canonical EANs. */
interface Batch {
  start: number;
  end: number;
  eans: string[];
}

/**
 * Phase 2, resolve listings: each batch's EANs through the market data (cache, then upstream), sized as
 * nextCachedBatchSize says, with the two-phase look-up's candidate test; counts the upstream requests and tokens.
 */
class ListingResolver {
  upstreamRequests = 0;
  tokensSpent: number;
  private batchSize = SCAN_BATCH_SIZE;
  private readonly judged = { listings: 0, candidates: 0 };
  private readonly onTokenWait: (wait: TokenWait | null) => void;

  constructor(
    private readonly deps: AppDeps,
    private readonly scan: repo.ScanRow,
    token: string,
    private readonly pricing: ScanPricing,
    private readonly signal: AbortSignal,
  ) {
    this.tokensSpent = scan.tokens_spent ?? 0;
    this.onTokenWait = (wait) => {
      repo.saveTokenWait(deps.db, scan.id, token, wait).catch(() => undefined);
    };
  }

  nextBatch(parsed: ParsedSupplierFile, start: number, allowed: number): Batch {
    const end = Math.min(start + this.batchSize, allowed);
    const eans: string[] = [];
    for (let i = start; i < end; i += 1) eans.push(eanFromKey(parsed.eans[i]!));
    return { start, end, eans };
  }

  async resolve(batch: Batch): Promise<LookupResult> {
    const { scan, signal, onTokenWait } = this;
    const allMarkets = this.pricing.allMarkets;
    const lookup = allMarkets
      ? await allMarkets.lookup(batch.eans, (k) => this.pricing.inputOf(batch.start + k), { signal, onTokenWait, organizationId: scan.organization_id })
      : await this.deps.marketData.lookupListings(batch.eans, scan.market, {
          signal,
          candidate: this.candidateTest(batch),
          onTokenWait,
          organizationId: scan.organization_id,
        });
    this.upstreamRequests += lookup.upstreamRequests;
    this.tokensSpent += lookup.tokensSpent ?? 0;
    this.batchSize = lookup.upstreamRequests === 0 ? nextCachedBatchSize(batch.end - batch.start, lookup.resolved.size) : SCAN_BATCH_SIZE;
    return lookup;
  }

  /**
   * Two-phase look-up: a listing gets its buy box when it could be a deal at a price Keepa shows, or (both analyzers)
   * when the row has no supplier price (those products are stored with their Amazon numbers). A list where most
   * products are candidates costs less in one phase (3 tokens per product instead of 1 + 3): no test then.
   */
  private candidateTest(batch: Batch) {
    const judged = this.judged;
    if (judged.listings >= MIN_JUDGED_FOR_ONE_PHASE && judged.candidates / judged.listings > ONE_PHASE_ABOVE_CANDIDATE_SHARE) return undefined;
    // Built on the first listing judged: most batches of a warm list judge none (cached listings carry their buy box).
    let rowOf: Map<string, number> | undefined;
    return (ean: string, atHighest: ResolvedListing) => {
      rowOf ??= new Map(batch.eans.map((e, k) => [e, batch.start + k]));
      const i = rowOf.get(ean);
      const input = i === undefined ? undefined : this.pricing.inputOf(i);
      const yes = !input || input.supplierPriceCents === null || reachesMinRoiBelow(atHighest, input, this.pricing.thresholds);
      judged.listings += 1;
      if (yes) judged.candidates += 1;
      return yes;
    };
  }
}

/**
 * Phase 3, price: every row of the batch with a listing through the profit engine (its best market, for all markets),
 * and the deals' 90-day stability from their daily histories (read for the deals only, in one statement).
 */
async function priceBatch(deps: AppDeps, scan: repo.ScanRow, pricing: ScanPricing, batch: Batch, lookup: LookupResult): Promise<PricedBatch> {
  const priced: PricedBatch = { toStore: [], matched: 0, deals: 0, notLookedUp: [] };
  const notLookedUp = new Set(lookup.notLookedUp);
  const deals: Array<{ product: ScanProduct; resolved: ResolvedListing; row: number }> = [];
  for (let i = batch.start; i < batch.end; i += 1) {
    // Let HTTP requests in between (PGlite shares this thread) every SCAN_BATCH_SIZE products of a large batch.
    if (i > batch.start && (i - batch.start) % SCAN_BATCH_SIZE === 0) await yieldToEventLoop();
    const ean = batch.eans[i - batch.start]!;
    const resolved = lookup.resolved.get(ean);
    if (!resolved) {
      if (notLookedUp.has(ean)) {
        priced.notLookedUp.push({
          line: pricing.lineOf(i),
          reason: 'not_looked_up',
          value: ean,
          message: 'Amazon data could not be fetched for this EAN; please scan it again later.',
        });
      }
      continue;
    }
    priced.matched += 1;
    const input = pricing.inputOf(i);
    // A row that is surely no deal (and has a price, so it is not stored) needs no product.
    if (!pricing.allMarkets && isSurelyNoDeal({ resolved, ...input })) continue;
    const product = pricing.allMarkets ? pricing.allMarkets.evaluate(ean, input) : evaluateProduct({ resolved, ...input });
    if (product.isDeal) {
      priced.deals += 1;
      deals.push({ product, resolved, row: i });
    }
    // Both analyzers store the deals and the matched products without a supplier price (their listing, fees and max
    // buy price).
    if (product.isDeal || product.supplierPrice === null) priced.toStore.push(product);
  }
  if (pricing.allMarkets) {
    // Each deal's history and profit rule are its best market's.
    await pricing.allMarkets.addStability(deals.map((d) => ({ product: d.product, input: pricing.inputOf(d.row) })));
    return priced;
  }
  const withHistory = await deps.marketData.withBuyBoxHistory(
    scan.market,
    deals.map((d) => d.resolved),
  );
  deals.forEach((d, k) => (d.product.profitableShare90 = stabilityOf({ ...pricing.inputOf(d.row), resolved: withHistory[k]! })));
  return priced;
}

/**
 * Phase 5, finish: the list is kept for re-runs, the scan ends COMPLETED with its report, and what follows a supplier
 * scan in the background is sent (Amazon's listing restrictions of its deals, Amazon's fee estimate of its top deals).
 */
async function finishScan(deps: AppDeps, scan: repo.ScanRow, token: string, progress: ScanProgress, listings: ListingResolver, timer: PhaseTimer) {
  await keepSupplierList(deps, scan);
  const finished = await repo.finishScan(deps.db, scan.id, token, { status: 'COMPLETED', error: null, now: deps.clock.now(), report: progress.report() });
  if (!finished) throw new ScanStopped('lost');
  deps.log.info(
    {
      scanId: scan.id,
      eans: progress.allowed,
      deals: progress.dealsFound,
      upstreamRequests: listings.upstreamRequests,
      tokensSpent: listings.tokensSpent,
      ...timer.rounded(),
    },
    'scan completed',
  );
  if (scan.kind === 'supplier') {
    await afterSupplierScan(deps, scan.id);
    await afterSupplierScanFees(deps, scan.id);
  }
}

/**
 * Wall and CPU time per phase, logged when the scan completes (CPU time stays meaningful on a busy machine). Each
 * batch starts the clock; each phase takes the time since the last lap.
 */
class PhaseTimer {
  private readonly totals = { parseMs: 0, lookupMs: 0, evaluateMs: 0, storeMs: 0, lookupCpuMs: 0, evaluateCpuMs: 0, storeCpuMs: 0 };
  private mark = performance.now();
  private cpuMark = process.cpuUsage();

  start(): void {
    this.mark = performance.now();
    this.cpuMark = process.cpuUsage();
  }

  add(key: 'parseMs', ms: number): void {
    this.totals[key] += ms;
  }

  lap(key: 'lookupMs' | 'evaluateMs' | 'storeMs'): void {
    const now = performance.now();
    const cpu = process.cpuUsage(this.cpuMark);
    this.totals[key] += now - this.mark;
    this.totals[key.replace('Ms', 'CpuMs') as 'lookupCpuMs'] += (cpu.user + cpu.system) / 1000;
    this.mark = now;
    this.cpuMark = process.cpuUsage();
  }

  rounded(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.totals).map(([k, v]) => [k, Math.round(v)]));
  }
}
