import crypto from 'node:crypto';
import { jobContext, type Log } from '../lib/logger.ts';
import { durableRunsClaimed, durableRunsFailed, durableRunsResumed } from '../lib/metrics.ts';

/** How often every running durable run (scans, brand scans, the price refresh) writes its heartbeat. */
export const RUN_HEARTBEAT_MS = 10_000;
/**
 * A running run silent this long is taken over by a claim or a sweep: six missed heartbeats, so a busy event loop or
 * one slow statement is not mistaken for a dead process (on PostgreSQL a released process lease is noticed sooner).
 */
export const RUN_STALE_AFTER_MS = 60_000;
/** How often a worker sweeps for runs whose owner is gone. */
export const RUN_SWEEP_INTERVAL_MS = 10_000;

/**
 * The statements of one kind of durable run on its own table (the row is the source of truth; the queue only carries
 * "run this id"). Every write names the run's token, so a run that was taken over loses the row at its next write.
 */
export interface DurableRunStore<Row extends { id: string; attempts: number }> {
  /** Makes `token` the owner of a PENDING row, or of a PROCESSING one whose owner is gone (heartbeat before `staleBefore`, or its process lease released); counts the attempt. */
  claim(id: string, token: string, staleBefore: Date): Promise<Row | undefined>;
  heartbeat(id: string, token: string): Promise<void>;
  /** Graceful shutdown: PENDING again with its checkpoint, the attempt not counted. False when the run no longer owned it. */
  handBack(id: string, token: string): Promise<boolean>;
  /** Ends the row as ERROR with a sentence for the user (token null: whoever owns it; the sweep). */
  fail(row: Row, token: string | null, message: string): Promise<boolean>;
  /** PROCESSING rows whose owner is gone (every PROCESSING row when `staleBefore` is null). */
  findOrphans(staleBefore: Date | null): Promise<Row[]>;
  /** An orphan back to PENDING, for the next claim. */
  requeue(id: string): Promise<boolean>;
  /** PENDING rows, whose jobs are sent again by a sweep (a job lost with a crash is replaced; duplicates are no-ops). */
  findPending(): Promise<Array<{ id: string }>>;
  /**
   * Runs that retry failures (`retryFailuresAfterMs`): a failed attempt gives up the row without ending it (attempt
   * counted, checkpoint kept), so its next attempt can claim it at once. False when the run no longer owned it.
   */
  release?(id: string, token: string): Promise<boolean>;
}

export interface DurableRunOptions<Row extends { id: string; attempts: number }> {
  /** For log lines ('scan', 'brand scan'). */
  kind: string;
  /** The queue whose runs these are: log lines of runs and sweeps outside a job's handler carry it as `job`. */
  job: string;
  store: DurableRunStore<Row>;
  /** A row claimed more often than this (crashes, restarts) ends as ERROR with `tooManyAttempts` instead of looping forever. */
  maxAttempts: number;
  tooManyAttempts: string;
  heartbeatMs: number;
  /** A PROCESSING row silent this long is taken over (PostgreSQL, a host that vanished; a dead process's lease is seen at once). */
  staleAfterMs: number;
  /**
   * With it, an unexpected failure while attempts remain is retried: the row is released (store.release) and its job
   * sent again after this delay; the last attempt's failure ends the row as ERROR. Without it, a failure ends the row.
   */
  retryFailuresAfterMs?: number;
  /** Sends the row's job again (sweep, hand-back; after `delayMs` for a retried failure). */
  resend(id: string, delayMs?: number): Promise<void>;
  log: Log;
  /** Wall clock of heartbeats (tests move the business clock; staleness is real time). */
  now?: () => Date;
}

/** Thrown into a run whose row was ended by someone else (cancel, delete): the outcome is already written. */
export class RunStopped extends Error {}

/**
 * Thrown into a run when its worker stops. As if the process died (`handBack` false): the row stays PROCESSING and the
 * next sweep resumes it. On a graceful shutdown (`handBack`): the run commits what it finished (a checkpoint) and gives
 * the row back as PENDING; `handBackAll` sends its job again for whichever worker is next.
 */
export class WorkerStopping extends Error {
  constructor(
    message: string,
    readonly handBack = false,
  ) {
    super(message);
  }
}

/** `retrying`: the attempt failed and the row waits for its next one (`retryFailuresAfterMs`). */
export type RunOutcome = 'skipped' | 'ended' | 'retrying' | 'handed-back' | 'left-running';

export interface RunWork<Row> {
  /** The work itself, from the row's checkpoint on; it checks `signal` between batches and writes with `token`. */
  (row: Row, token: string, signal: AbortSignal): Promise<void>;
}

export interface RunHooks<Row> {
  /** The sentence an unexpected failure ends the row with (and whether to log it as an error). */
  failureMessage(error: unknown): string;
  /** Every unexpected failure of the work, before the row is ended or released for a retry (the caller may rethrow it). */
  onFailure?(error: unknown): void;
  /** After the run ended (completed, failed, stopped): e.g. remove its uploaded file. */
  onEnded?(row: Row): void;
}

/**
 * One durable-run mechanism per worker instance: claim with a token, heartbeat, attempts with a maximum (then ERROR
 * with a sentence), the sweep of runs whose owner is gone, abort of one run or all, and hand-back on graceful
 * shutdown. The state (running runs, runs handed back, the sweeper's timer) belongs to this instance, created with
 * the worker, not to the module.
 */
export class DurableRuns<Row extends { id: string; attempts: number }> {
  private readonly running = new Map<string, AbortController>();
  private readonly handedBack = new Set<string>();
  private sweeper: NodeJS.Timeout | undefined;
  /** Set by stop() and handBackAll(): this instance's worker is gone; a new worker creates a new instance. */
  stopped = false;

  constructor(private readonly options: DurableRunOptions<Row>) {}

  private wall(): Date {
    return this.options.now ? this.options.now() : new Date();
  }

  /**
   * Lines written outside a job's handler (the sweeper's timer, a run started by a command) carry this kind's queue
   * as `job`; inside a handler the handler's context (queue name and job id) stays.
   */
  private inJobContext<T>(fn: () => Promise<T>): Promise<T> {
    return jobContext.getStore() ? fn() : jobContext.run({ job: this.options.job }, fn);
  }

  /** Runs (or resumes) one row; a row already owned by a live run, or ended, is skipped, and so is every row once this instance stopped. */
  run(id: string, work: RunWork<Row>, hooks: RunHooks<Row>): Promise<RunOutcome> {
    return this.inJobContext(() => this.claimAndRun(id, work, hooks));
  }

  private async claimAndRun(id: string, work: RunWork<Row>, hooks: RunHooks<Row>): Promise<RunOutcome> {
    const { store, log, kind } = this.options;
    // A stopped worker takes nothing new: the row stays PENDING for the next worker (its job was or will be resent).
    if (this.stopped) return 'skipped';
    const token = crypto.randomUUID();
    const row = await store.claim(id, token, new Date(this.wall().getTime() - this.options.staleAfterMs));
    if (!row) return 'skipped';
    durableRunsClaimed.inc({ kind });
    if (row.attempts > 1) durableRunsResumed.inc({ kind });
    if (row.attempts > this.options.maxAttempts) {
      if (await store.fail(row, token, this.options.tooManyAttempts)) durableRunsFailed.inc({ kind });
      hooks.onEnded?.(row);
      return 'ended';
    }
    const controller = new AbortController();
    this.running.set(id, controller);
    const heartbeat = setInterval(() => {
      store.heartbeat(id, token).catch(() => undefined);
    }, this.options.heartbeatMs);
    heartbeat.unref();
    let outcome: RunOutcome = 'ended';
    try {
      await work(row, token, controller.signal);
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof WorkerStopping) {
        outcome = 'left-running';
        // Handed back: PENDING with its checkpoint, for the next worker. Otherwise it stays PROCESSING (resumed later).
        if (reason.handBack && (await store.handBack(id, token))) {
          this.handedBack.add(id);
          outcome = 'handed-back';
          log.info({ id, kind }, `${kind} handed back on shutdown`);
        }
      } else if (!(reason instanceof RunStopped)) {
        hooks.onFailure?.(error);
        outcome = await this.endOrRetry(row, token, error, hooks);
      }
    } finally {
      clearInterval(heartbeat);
      // A run of this instance that took the row over from this one (its owner looked gone) keeps its entry.
      if (this.running.get(id) === controller) this.running.delete(id);
      if (outcome === 'ended') hooks.onEnded?.(row);
    }
    return outcome;
  }

  /** A failed attempt: released for the next one while attempts remain (`retryFailuresAfterMs`), else ended with the hook's sentence. */
  private async endOrRetry(row: Row, token: string, error: unknown, hooks: RunHooks<Row>): Promise<RunOutcome> {
    const { store, retryFailuresAfterMs, maxAttempts } = this.options;
    if (retryFailuresAfterMs !== undefined && store.release && row.attempts < maxAttempts) {
      if (!(await store.release(row.id, token))) return 'ended'; // taken over or ended meanwhile: nothing left to do here
      await this.options.resend(row.id, retryFailuresAfterMs);
      this.options.log.info({ id: row.id, kind: this.options.kind, attempt: row.attempts }, `${this.options.kind} failed; it is tried again`);
      return 'retrying';
    }
    if (await store.fail(row, token, hooks.failureMessage(error))) durableRunsFailed.inc({ kind: this.options.kind });
    return 'ended';
  }

  abort(id: string, reason: Error = new RunStopped('canceled')): void {
    this.running.get(id)?.abort(reason);
  }

  /** Stops every run of this instance: as if the process died (the next sweep resumes them), or handing them back. */
  abortAll(options: { handBack?: boolean } = {}): void {
    for (const controller of this.running.values()) controller.abort(new WorkerStopping('worker stopping', options.handBack));
  }

  get count(): number {
    return this.running.size;
  }

  /**
   * Rows whose run died go back to PENDING (resumed from their checkpoint by the next claim), or end as ERROR once
   * they used `maxAttempts`. `everyProcessing`: this process is the only one (the embedded database at start), so
   * every PROCESSING row is an orphan. With `resendPending`, the jobs of PENDING rows are sent again.
   */
  sweep(options: { everyProcessing: boolean; resendPending: boolean }): Promise<{ requeued: number; failed: number }> {
    return this.inJobContext(() => this.sweepOrphans(options));
  }

  private async sweepOrphans(options: { everyProcessing: boolean; resendPending: boolean }): Promise<{ requeued: number; failed: number }> {
    const { store, log, kind, maxAttempts } = this.options;
    const orphans = await store.findOrphans(options.everyProcessing ? null : new Date(this.wall().getTime() - this.options.staleAfterMs));
    let requeued = 0;
    let failed = 0;
    for (const row of orphans) {
      if (row.attempts >= maxAttempts) {
        if (await store.fail(row, null, this.options.tooManyAttempts)) {
          failed += 1;
          durableRunsFailed.inc({ kind });
        }
        continue;
      }
      if (await store.requeue(row.id)) {
        requeued += 1;
        log.info({ id: row.id, kind }, `resuming an interrupted ${kind}`);
      }
    }
    if (options.resendPending || requeued) {
      for (const row of await store.findPending()) await this.options.resend(row.id);
    }
    return { requeued, failed };
  }

  /** Sweeps every `intervalMs` until stopped (PostgreSQL: other processes' runs whose owner died). */
  startSweeper(intervalMs: number, sweep: () => Promise<unknown>): void {
    this.stopSweeper();
    this.sweeper = setInterval(() => {
      sweep().catch((error: unknown) => this.options.log.error({ err: (error as Error).message, kind: this.options.kind }, 'sweep failed'));
    }, intervalMs);
    this.sweeper.unref();
  }

  stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** Stops as if the process died: runs stay PROCESSING for the next sweep. */
  stop(): void {
    this.stopped = true;
    this.stopSweeper();
    this.abortAll();
  }

  /**
   * Graceful shutdown: every run commits what it finished and gives its row back as PENDING (waiting up to
   * `timeoutMs`), and their jobs are sent again. Returns the ids handed back.
   */
  async handBackAll(timeoutMs: number): Promise<string[]> {
    this.stopped = true;
    this.stopSweeper();
    this.abortAll({ handBack: true });
    const deadline = Date.now() + timeoutMs;
    while (this.running.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const ids = [...this.handedBack];
    this.handedBack.clear();
    for (const id of ids) await this.options.resend(id);
    return ids;
  }
}
