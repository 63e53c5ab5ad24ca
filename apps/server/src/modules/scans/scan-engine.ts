import { performance } from 'node:perf_hooks';
import { STORED_ISSUES_LIMIT, type RowIssue } from '@dealradar/shared/contracts/scans';
import { getMarket } from '@dealradar/shared/markets';
import { supplierPriceToEur } from '@dealradar/shared/price-terms';
import type { AppDeps } from '../../deps.ts';
import { RunStopped as ScanStopped, WorkerStopping, type DurableRunStore, type DurableRuns } from '../../jobs/durable-run.ts';
import { AppError } from '../../errors/app-error.ts';
import type { ResolvedListing, TokenWait } from '../market-data/market-data.types.ts';
import { releaseEanUploads } from '../plans/entitlements.ts';
import { loadProfitTerms } from '../market-data/fee-rules.service.ts';
import { createAllMarketsScan, estimateAllMarketsTokens } from './all-markets.ts';
import { reachesMinRoiBelow, referralThresholds } from './buy-box-candidates.ts';
import { evaluateProduct, stabilityOf, type ScanProduct } from './deal-calculator.ts';
import { keepSupplierList } from './kept-lists.ts';
import { afterSupplierScan } from '../seller-account/seller-account.jobs.ts';
import { afterSupplierScanFees } from '../seller-account/amazon-fees.jobs.ts';
import { loadParsedFile, priceTermsOfScan, readOptionsOf, removeUpload, scanColumns } from './scan-files.ts';
import { storeParseIssues } from './scan-issues.ts';
import { buildReport } from './scan-report.ts';
import * as repo from './scans.repository.ts';
import { scanRowsScanned } from '../../lib/metrics.ts';
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

/**
 * Products and progress are committed after at most this many EANs or this much time, whichever comes first:
 * few transactions on a warm cache (PGlite holds its lock for each), progress still moving for every 2-second poll.
 */
export const COMMIT_EVERY_EANS = 5000;
export const COMMIT_EVERY_MS = 1000;
/** Rows per INSERT statement (PGlite runs each statement on the main thread: 250 deals take about 0.1 s idle; 100 cost a
 * quarter more CPU per deal in statement overhead). */
export const INSERT_SLICE = 250;
/** A PROCESSING scan whose worker has not shown life for this long is taken over (PostgreSQL, several processes). */
export const HEARTBEAT_INTERVAL_MS = 10_000;
export const STALE_AFTER_MS = 60_000;
export const DEAL_TTL_MS = 24 * 60 * 60 * 1000;
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

/** The parse the start request stored beside the file (any process, after a restart too); without it, the file is read. */
async function loadFile(scan: repo.ScanRow, signal: AbortSignal): Promise<ParsedSupplierFile> {
  if (!scan.upload_path) throw new AppError('internal', 'The uploaded file of this scan is gone; please upload it again.');
  const stored = await loadParsedFile(scan.upload_path);
  if (stored) return stored;
  return readSupplierFile(scan.upload_path, scanColumns(scan), { signal, ...readOptionsOf(scan.source) });
}

async function processScan(deps: AppDeps, scan: repo.ScanRow, token: string, signal: AbortSignal): Promise<void> {
  const stopIfAborted = () => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new ScanStopped('aborted');
  };
  const parseStarted = performance.now();
  const parsed = await loadFile(scan, signal);
  const parseMs = performance.now() - parseStarted;
  stopIfAborted();
  const allowed = Math.min(scan.allowed_eans ?? parsed.eans.length, parsed.eans.length);
  const minRoi = scan.min_roi ?? 0;
  const market = getMarket(scan.market);
  const fx = await deps.marketData.fxRate('EUR', market.currency);
  // The supplier's prices as written: their currency and VAT, converted to EUR net at the day's rate.
  const priceTerms = priceTermsOfScan(scan);
  const supplierFx = await deps.marketData.fxRate('EUR', priceTerms.currency);
  const terms = await loadProfitTerms(deps.db, scan.user_id, deps.clock.now());
  // All markets (issue 17): every EAN in the seven markets, the best one kept (scans/all-markets.ts).
  const allMarkets = scan.all_markets ? await createAllMarketsScan(deps, { terms, minRoi, comparisonCurrency: scan.comparison_currency ?? 'EUR' }) : null;

  // Resume: what earlier runs committed stays; the look-up problems they met are kept in the stored report.
  const previousIssues = scan.report?.issueSamples.filter((i) => i.reason === 'not_looked_up') ?? [];
  // The report download: the file's unusable rows are stored once (a resumed run finds them stored).
  const parseIssuesStored = scan.issues_stored ?? (await storeParseIssues(deps, scan.id, parsed, allowed));
  stopIfAborted();
  const progress = {
    matched: scan.matched_products,
    deals: scan.deals_found,
    notLookedUp: previousIssues as RowIssue[],
    notLookedUpCount: scan.report?.issueCounts.not_looked_up ?? 0,
    issuesStored: Math.max(parseIssuesStored, scan.report?.issuesStored ?? 0),
  };
  /** not_looked_up rows found since the last commit, stored with it. */
  let newIssues: RowIssue[] = [];
  let done = Math.min(scan.checkpoint, allowed);
  // Wall and CPU time per phase, logged when the scan completes (CPU time stays meaningful on a busy machine).
  const timings = { parseMs: parseMs, lookupMs: 0, evaluateMs: 0, storeMs: 0, lookupCpuMs: 0, evaluateCpuMs: 0, storeCpuMs: 0 };
  let mark = performance.now();
  let cpuMark = process.cpuUsage();
  const lap = (key: 'lookupMs' | 'evaluateMs' | 'storeMs') => {
    const now = performance.now();
    const cpu = process.cpuUsage(cpuMark);
    timings[key] += now - mark;
    timings[key.replace('Ms', 'CpuMs') as 'lookupCpuMs'] += (cpu.user + cpu.system) / 1000;
    mark = now;
    cpuMark = process.cpuUsage();
  };
  const supplierName = scan.source === 'manual' ? 'Manual entry' : scan.file_name;

  let pending: ScanProduct[] = [];
  let committed = done;
  let lastCommit = performance.now();
  let upstreamRequests = 0;
  let tokensSpent = scan.tokens_spent ?? 0;
  // The expected token cost, once, before the first look-up spends any (sources without tokens: none).
  if (scan.tokens_estimated === null && deps.marketData.estimateTokens && done === 0) {
    const eans = eanSampleOf(parsed.eans, allowed);
    const estimate = allMarkets ? await estimateAllMarketsTokens(deps.marketData, eans) : await deps.marketData.estimateTokens(eans, scan.market);
    if (estimate.refillRate !== null || estimate.tokens > 0) await repo.saveTokenEstimate(deps.db, scan.id, estimate);
    stopIfAborted();
  }
  const onTokenWait = (wait: TokenWait | null) => {
    repo.saveTokenWait(deps.db, scan.id, token, wait).catch(() => undefined);
  };
  /**
   * Stores the pending products, then the progress. No transaction on purpose: PGlite would hold its one connection
   * for the whole commit and every HTTP request would wait. Order makes it safe: results first (idempotent,
   * unique scan+ean), checkpoint after, so a crash in between only repeats inserts that change nothing.
   * Inserts go in slices of INSERT_SLICE rows with a yield between, so no statement blocks the event loop for long.
   */
  /** Set while a commit runs; a commit that failed half-way is not repeated (its products left `pending`). */
  let commitFailed = false;
  const commit = async () => {
    commitFailed = true;
    const products = pending;
    pending = [];
    const issues = newIssues;
    newIssues = [];
    const now = deps.clock.now();
    const expires = new Date(now.getTime() + DEAL_TTL_MS);
    try {
      for (let i = 0; i < products.length; i += INSERT_SLICE) {
        const slice = products.slice(i, i + INSERT_SLICE);
        if (scan.kind === 'supplier')
          await repo.deleteSupersededDeals(
            deps.db,
            scan.user_id,
            scan.id,
            scan.all_markets ? null : scan.market,
            slice.map((p) => p.ean),
          );
        await repo.insertResults(deps.db, { id: scan.id, userId: scan.user_id, kind: scan.kind }, slice, now, expires);
        await yieldToEventLoop();
      }
      // Named by the checkpoint this commit reaches: stored again after a restart, it is the same chunk.
      await repo.insertIssueChunk(deps.db, scan.id, `run-${String(done).padStart(9, '0')}`, issues);
      progress.issuesStored += issues.length;
    } catch (error) {
      // A scan deleted meanwhile makes the insert fail on its foreign key: that is a stop, not a failure.
      if (!(await stillOwned())) throw new ScanStopped('lost');
      throw error;
    }
    const account = deps.marketData.tokenAccount ? await deps.marketData.tokenAccount() : null;
    const ok = await repo.saveProgress(deps.db, scan.id, token, {
      processed: done,
      checkpoint: done,
      matched: progress.matched,
      deals: progress.deals,
      report: buildReport(parsed, allowed, progress),
      now,
      heartbeat: new Date(),
      tokens: { spent: tokensSpent, refillRate: account?.refillRate ?? null, tokensLeft: account?.tokensLeft ?? null },
    });
    if (!ok) throw new ScanStopped('lost'); // canceled, deleted or taken over
    scanRowsScanned.inc({ kind: scan.kind }, Math.max(0, done - committed));
    committed = done;
    lastCommit = performance.now();
    commitFailed = false;
  };
  const stillOwned = async () => {
    const current = await repo.findScan(deps.db, scan.id);
    return !!current && current.status === 'PROCESSING' && current.worker_token === token;
  };

  /** Inputs of the profit engine for row i (the same for the deal and for the two-phase candidate test). */
  const dealInput = (i: number) => {
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
  };
  /**
   * Two-phase look-up: a listing gets its buy box when it could be a deal at a price Keepa shows, or (both analyzers)
   * when the row has no supplier price (those products are stored with their Amazon numbers).
   */
  const thresholds = referralThresholds(terms, scan.market);
  const judged = { listings: 0, candidates: 0 };
  const candidateOf = (start: number, eans: string[]) => {
    // A list where most products are candidates costs less in one phase (3 tokens per product instead of 1 + 3).
    if (judged.listings >= MIN_JUDGED_FOR_ONE_PHASE && judged.candidates / judged.listings > ONE_PHASE_ABOVE_CANDIDATE_SHARE) return undefined;
    // Built on the first listing judged: most batches of a warm list judge none (cached listings carry their buy box).
    let rowOf: Map<string, number> | undefined;
    return (ean: string, atHighest: ResolvedListing) => {
      rowOf ??= new Map(eans.map((e, k) => [e, start + k]));
      const i = rowOf.get(ean);
      const input = i === undefined ? undefined : dealInput(i);
      // A row without a supplier price is listed with its Amazon price and fees (both analyzers): it needs the buy box.
      const yes = !input || input.supplierPriceCents === null || reachesMinRoiBelow(atHighest, input, thresholds);
      judged.listings += 1;
      if (yes) judged.candidates += 1;
      return yes;
    };
  };

  let batchSize = SCAN_BATCH_SIZE;
  const scanBatches = async (): Promise<void> => {
    while (done < allowed) {
      stopIfAborted();
      const start = done;
      const end = Math.min(start + batchSize, allowed);
      const eans: string[] = [];
      for (let i = start; i < end; i += 1) eans.push(eanFromKey(parsed.eans[i]!));
      mark = performance.now();
      cpuMark = process.cpuUsage();
      const lookup = allMarkets
        ? await allMarkets.lookup(eans, (k) => dealInput(start + k), { signal, onTokenWait, organizationId: scan.organization_id })
        : await deps.marketData.lookupListings(eans, scan.market, {
            signal,
            candidate: candidateOf(start, eans),
            onTokenWait,
            organizationId: scan.organization_id,
          });
      upstreamRequests += lookup.upstreamRequests;
      tokensSpent += lookup.tokensSpent ?? 0;
      const nextBatchSize = lookup.upstreamRequests === 0 ? nextCachedBatchSize(end - start, lookup.resolved.size) : SCAN_BATCH_SIZE;
      lap('lookupMs');
      stopIfAborted();
      const notLookedUp = new Set(lookup.notLookedUp);
      const deals: Array<{ product: ScanProduct; resolved: ResolvedListing; row: number }> = [];
      for (let i = start; i < end; i += 1) {
        // Let HTTP requests in between (PGlite shares this thread) every SCAN_BATCH_SIZE products of a large batch.
        if (i > start && (i - start) % SCAN_BATCH_SIZE === 0) await yieldToEventLoop();
        const ean = eans[i - start]!;
        const resolved = lookup.resolved.get(ean);
        if (!resolved) {
          if (notLookedUp.has(ean)) {
            progress.notLookedUpCount += 1;
            const issue: RowIssue = {
              line: parsed.lines[i]!,
              reason: 'not_looked_up',
              value: ean,
              message: 'Amazon data could not be fetched for this EAN; please scan it again later.',
            };
            if (progress.notLookedUp.length < 20) progress.notLookedUp.push(issue);
            if (progress.issuesStored + newIssues.length < STORED_ISSUES_LIMIT) newIssues.push(issue);
          }
          continue;
        }
        const product = allMarkets ? allMarkets.evaluate(ean, dealInput(i)) : evaluateProduct({ resolved, ...dealInput(i) });
        progress.matched += 1;
        if (product.isDeal) {
          progress.deals += 1;
          deals.push({ product, resolved, row: i });
        }
        // Both analyzers: the deals and the matched products without a supplier price (their listing, fees and max buy
        // price; issue 23 item 8: a manual row without a price showed nothing).
        if (product.isDeal || product.supplierPrice === null) pending.push(product);
      }
      // All markets: each deal's history and profit rule are its best market's (scans/all-markets.ts); none left below.
      if (allMarkets) await allMarkets.addStability(deals.splice(0).map((d) => ({ product: d.product, input: dealInput(d.row) })));
      // The deals' 90-day stability, from their daily histories (read for the deals only, in one statement).
      const withHistory = await deps.marketData.withBuyBoxHistory(
        scan.market,
        deals.map((d) => d.resolved),
      );
      deals.forEach((d, k) => (d.product.profitableShare90 = stabilityOf({ ...dealInput(d.row), resolved: withHistory[k]! })));
      done = end;
      batchSize = nextBatchSize;
      lap('evaluateMs');
      if (done === allowed || done - committed >= COMMIT_EVERY_EANS || performance.now() - lastCommit >= COMMIT_EVERY_MS) {
        await commit();
        lap('storeMs');
      }
      await yieldToEventLoop();
    }
  };
  try {
    await scanBatches();
  } catch (error) {
    // A graceful shutdown: commit the batches finished so far, so the next run resumes right after them.
    const reason: unknown = signal.aborted ? signal.reason : undefined;
    if (reason instanceof WorkerStopping && reason.handBack && !commitFailed && done > committed) await commit();
    throw error;
  }
  await keepSupplierList(deps, scan); // issue 17: the list and its deals, so it can be re-run (kept-lists.ts)
  const finished = await repo.finishScan(deps.db, scan.id, token, {
    status: 'COMPLETED',
    error: null,
    now: deps.clock.now(),
    report: buildReport(parsed, allowed, progress),
  });
  if (!finished) throw new ScanStopped('lost');
  deps.log.info({ scanId: scan.id, eans: allowed, deals: progress.deals, upstreamRequests, tokensSpent, ...roundTimings(timings) }, 'scan completed');
  if (scan.kind === 'supplier') await afterSupplierScan(deps, scan.id); // issue 24: Amazon's listing restrictions of its deals
  if (scan.kind === 'supplier') await afterSupplierScanFees(deps, scan.id); // Amazon's fee estimate of its top deals
}

function roundTimings(t: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)]));
}
