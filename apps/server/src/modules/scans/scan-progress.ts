import { performance } from 'node:perf_hooks';
import { STORED_ISSUES_LIMIT, type RowIssue } from '@dealradar/shared/contracts/scans';
import type { AppDeps } from '../../deps.ts';
import { RunStopped as ScanStopped } from '../../jobs/durable-run.ts';
import { scanRowsScanned } from '../../lib/metrics.ts';
import type { ScanProduct } from './deal-calculator.ts';
import { buildReport } from './scan-report.ts';
import * as repo from './scans.repository.ts';
import * as results from './scan-results.repository.ts';
import * as issueRepo from './scan-issues.repository.ts';
import type { ParsedSupplierFile } from './supplier-file.ts';

/**
 * Products and progress are committed after at most this many EANs or this much time, whichever comes first:
 * few transactions on a warm cache (PGlite holds its lock for each), progress still moving for every 2-second poll.
 */
export const COMMIT_EVERY_EANS = 5000;
export const COMMIT_EVERY_MS = 1000;
/** Rows per INSERT statement: PGlite runs each statement on the main thread, and fewer rows cost more per deal. */
export const INSERT_SLICE = 250;
export const DEAL_TTL_MS = 24 * 60 * 60 * 1000;
/** Row samples of EANs whose Amazon data could not be fetched, kept in the report. */
const NOT_LOOKED_UP_SAMPLES = 20;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What pricing one batch gave: the products to store, the counts, and the rows whose look-up failed. */
export interface PricedBatch {
  /** Deals, and matched products without a supplier price (both analyzers list those with their Amazon numbers). */
  toStore: ScanProduct[];
  matched: number;
  deals: number;
  notLookedUp: RowIssue[];
}

/**
 * The store phase of a scan: the products and counts of the batches priced since the last commit, and the commit that
 * writes them with the checkpoint. A resumed run starts from what earlier runs committed (the scan row and its report).
 *
 * No transaction on purpose: PGlite would hold its one connection for the whole commit and every HTTP request would
 * wait. Order makes it safe: results first (idempotent, unique scan+ean), checkpoint after, so a crash in between only
 * repeats inserts that change nothing. Inserts go in slices of INSERT_SLICE rows with a yield between, so no statement
 * blocks the event loop for long.
 */
export class ScanProgress {
  /** EANs priced so far (the next batch starts here); `committed` of them are stored with the checkpoint. */
  done: number;
  private committed: number;
  private matched: number;
  private deals: number;
  private notLookedUp: RowIssue[];
  private notLookedUpCount: number;
  private issuesStored: number;
  private pending: ScanProduct[] = [];
  /** not_looked_up rows found since the last commit, stored with it. */
  private newIssues: RowIssue[] = [];
  private lastCommit = performance.now();
  /** Set while a commit runs; a commit that failed half-way is not repeated on hand-back. */
  private commitFailed = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly scan: repo.ScanRow,
    private readonly token: string,
    private readonly parsed: ParsedSupplierFile,
    readonly allowed: number,
    parseIssuesStored: number,
  ) {
    this.done = Math.min(scan.checkpoint, allowed);
    this.committed = this.done;
    this.matched = scan.matched_products;
    this.deals = scan.deals_found;
    // Resume: the look-up problems earlier runs met are kept in the stored report.
    this.notLookedUp = scan.report?.issueSamples.filter((i) => i.reason === 'not_looked_up') ?? [];
    this.notLookedUpCount = scan.report?.issueCounts.not_looked_up ?? 0;
    this.issuesStored = Math.max(parseIssuesStored, scan.report?.issuesStored ?? 0);
  }

  get dealsFound(): number {
    return this.deals;
  }

  /** Takes a priced batch that ends at EAN `end` (products wait for the next commit). */
  record(end: number, batch: PricedBatch): void {
    this.matched += batch.matched;
    this.deals += batch.deals;
    for (const issue of batch.notLookedUp) {
      this.notLookedUpCount += 1;
      if (this.notLookedUp.length < NOT_LOOKED_UP_SAMPLES) this.notLookedUp.push(issue);
      if (this.issuesStored + this.newIssues.length < STORED_ISSUES_LIMIT) this.newIssues.push(issue);
    }
    this.pending.push(...batch.toStore);
    this.done = end;
  }

  /** A commit is due at the end of the list, or after COMMIT_EVERY_EANS or COMMIT_EVERY_MS. */
  commitDue(): boolean {
    return this.done === this.allowed || this.done - this.committed >= COMMIT_EVERY_EANS || performance.now() - this.lastCommit >= COMMIT_EVERY_MS;
  }

  /** On a graceful shutdown: the batches priced since the last commit are stored, so the next run resumes after them. */
  hasUncommittedWork(): boolean {
    return !this.commitFailed && this.done > this.committed;
  }

  /** The report as it stands (stored with every commit and at the end). */
  report() {
    return buildReport(this.parsed, this.allowed, {
      matched: this.matched,
      deals: this.deals,
      notLookedUp: this.notLookedUp,
      notLookedUpCount: this.notLookedUpCount,
      issuesStored: this.issuesStored,
    });
  }

  /** Stores the pending products and issues, then the progress and checkpoint; a scan that is no longer ours stops. */
  async commit(tokensSpent: number): Promise<void> {
    const { deps, scan } = this;
    this.commitFailed = true;
    const products = this.pending;
    this.pending = [];
    const issues = this.newIssues;
    this.newIssues = [];
    const now = deps.clock.now();
    const expires = new Date(now.getTime() + DEAL_TTL_MS);
    try {
      for (let i = 0; i < products.length; i += INSERT_SLICE) {
        const slice = products.slice(i, i + INSERT_SLICE);
        if (scan.kind === 'supplier') {
          await results.deleteSupersededDeals(
            deps.db,
            scan.user_id,
            scan.id,
            scan.all_markets ? null : scan.market,
            slice.map((p) => p.ean),
          );
        }
        await results.insertResults(deps.db, { id: scan.id, userId: scan.user_id, kind: scan.kind }, slice, now, expires);
        await yieldToEventLoop();
      }
      // Named by the checkpoint this commit reaches: stored again after a restart, it is the same chunk.
      await issueRepo.insertIssueChunk(deps.db, scan.id, `run-${String(this.done).padStart(9, '0')}`, issues);
      this.issuesStored += issues.length;
    } catch (error) {
      // A scan deleted meanwhile makes the insert fail on its foreign key: that is a stop, not a failure.
      if (!(await this.stillOwned())) throw new ScanStopped('lost');
      throw error;
    }
    const account = deps.marketData.tokenAccount ? await deps.marketData.tokenAccount() : null;
    const ok = await repo.saveProgress(deps.db, scan.id, this.token, {
      processed: this.done,
      checkpoint: this.done,
      matched: this.matched,
      deals: this.deals,
      report: this.report(),
      now,
      heartbeat: new Date(),
      tokens: { spent: tokensSpent, refillRate: account?.refillRate ?? null, tokensLeft: account?.tokensLeft ?? null },
    });
    if (!ok) throw new ScanStopped('lost'); // canceled, deleted or taken over
    scanRowsScanned.inc({ kind: scan.kind }, Math.max(0, this.done - this.committed));
    this.committed = this.done;
    this.lastCommit = performance.now();
    this.commitFailed = false;
  }

  private async stillOwned(): Promise<boolean> {
    const current = await repo.findScan(this.deps.db, this.scan.id);
    return !!current && current.status === 'PROCESSING' && current.worker_token === this.token;
  }
}
