import type { AppDeps } from '../../deps.ts';
import {
  alertDeliveriesFailed24h,
  databaseSizeBytes,
  dbPoolClients,
  durableRunsRunning,
  keepaTokenWait,
  metricsRegistry,
  processesAlive,
  queueFailed24h,
  priceRefreshDuration,
  priceRefreshLastFinished,
  priceRefreshVariantsChanged,
  queueActive,
  queueOldestWaiting,
  queueWaiting,
  scansByState,
} from '../../lib/metrics.ts';
import { PROCESS_ALIVE_MS } from '../../db/process-heartbeat.ts';
import { RUN_STALE_AFTER_MS } from '../../jobs/durable-run.ts';
import {
  countScansByState,
  databaseSize,
  failedDeliveries,
  keepaTokenFigures,
  lastFinishedRefresh,
  readQueueDepths,
  recentProcesses,
  runningDurableRuns,
} from './system.repository.ts';

/** A running durable run silent this long is stuck: the staleness after which a claim or sweep takes it over. */
export const RUN_STUCK_AFTER_MS = RUN_STALE_AFTER_MS;
/** Failed deliveries listed (all are counted). */
const FAILED_DELIVERIES_LISTED = 50;
const LARGEST_TABLES = 10;

/**
 * The system's state as read from the database at one moment: what `/metrics` publishes at scrape time, and what an
 * admin screen of the system should show (the same queries, so both always agree).
 */
export interface SystemFigures {
  scans: Array<{ kind: 'supplier' | 'csv_template' | 'brand'; state: string; count: number }>;
  queues: Array<{ name: string; waiting: number; active: number; oldestWaitingSeconds: number; failedLast24h: number }>;
  lastPriceRefresh: {
    status: 'succeeded' | 'failed';
    trigger: string;
    error: string | null;
    durationSeconds: number | null;
    variantsChanged: number | null;
    finishedAt: Date;
  } | null;
  /** API and worker processes seen in the last 24 hours, from their heartbeats. */
  processes: Array<{
    id: string;
    role: string;
    version: string;
    host: string;
    pid: number;
    lease: number | null;
    startedAt: Date;
    heartbeatAt: Date;
    stoppedAt: Date | null;
    alive: boolean;
  }>;
  /** Running scans, brand scans and price refreshes, stuck ones first. */
  durableRuns: Array<{
    kind: 'scan' | 'brand scan' | 'price refresh';
    id: string;
    label: string;
    attempts: number;
    heartbeatAt: Date | null;
    ownerLease: number | null;
    owner: { id: string; role: string; host: string; pid: number } | null;
    stuck: boolean;
  }>;
  keepa: {
    /** The last Keepa answer a scan committed; null until one arrived (never with demo data). */
    last: { tokensLeft: number; refillPerMinute: number | null; at: Date } | null;
    waitingScans: number;
    /** When the first scan waiting for tokens continues. */
    nextContinueAt: Date | null;
  };
  failedDeliveries: {
    countLast24h: number;
    latest: Array<{
      id: string;
      channel: 'email' | 'webhook';
      kind: string;
      target: string | null;
      error: string | null;
      attempts: number;
      createdAt: Date;
      userEmail: string | null;
    }>;
  };
  database: { sizeBytes: number; largestTables: Array<{ name: string; bytes: number }> };
  /** PostgreSQL only: this process's pool. */
  pool: { total: number; idle: number; waiting: number } | null;
}

export async function readSystemFigures(deps: Pick<AppDeps, 'db' | 'dbHandle'>): Promise<SystemFigures> {
  const scans = await countScansByState(deps.db);
  const queues = await readQueueDepths(deps.db);
  const refresh = await lastFinishedRefresh(deps.db);
  const processes = await recentProcesses(deps.db, PROCESS_ALIVE_MS / 1000);
  const runs = await runningDurableRuns(deps.db, RUN_STUCK_AFTER_MS / 1000);
  const keepa = await keepaTokenFigures(deps.db);
  const deliveries = await failedDeliveries(deps.db, FAILED_DELIVERIES_LISTED);
  const size = await databaseSize(deps.db, LARGEST_TABLES);
  return {
    scans,
    queues: queues.map((q) => ({
      name: q.name,
      waiting: q.waiting,
      active: q.active,
      oldestWaitingSeconds: Math.max(0, q.oldest ?? 0),
      failedLast24h: q.failed24h,
    })),
    lastPriceRefresh: refresh
      ? {
          status: refresh.status,
          trigger: refresh.trigger,
          error: refresh.error,
          durationSeconds: refresh.duration,
          variantsChanged: refresh.changed,
          finishedAt: new Date(refresh.finished_at),
        }
      : null,
    processes: processes.map((p) => ({
      id: p.id,
      role: p.role,
      version: p.version,
      host: p.host,
      pid: p.pid,
      lease: p.lease,
      startedAt: new Date(p.started_at),
      heartbeatAt: new Date(p.heartbeat_at),
      stoppedAt: p.stopped_at ? new Date(p.stopped_at) : null,
      alive: p.alive,
    })),
    durableRuns: runs.map((r) => ({
      kind: r.kind,
      id: r.id,
      label: r.label,
      attempts: r.attempts,
      heartbeatAt: r.heartbeat_at ? new Date(r.heartbeat_at) : null,
      ownerLease: r.owner_lease,
      owner: r.owner_id ? { id: r.owner_id, role: r.owner_role ?? '', host: r.owner_host ?? '', pid: r.owner_pid ?? 0 } : null,
      stuck: r.stuck,
    })),
    keepa: {
      last: keepa.last ? { tokensLeft: keepa.last.tokens_left, refillPerMinute: keepa.last.refill_rate, at: new Date(keepa.last.at) } : null,
      waitingScans: keepa.waiting.count,
      nextContinueAt: keepa.waiting.next_at ? new Date(keepa.waiting.next_at) : null,
    },
    failedDeliveries: {
      countLast24h: deliveries.count,
      latest: deliveries.rows.map((d) => ({
        id: d.id,
        channel: d.channel,
        kind: d.kind,
        target: d.target,
        error: d.error,
        attempts: d.attempts,
        createdAt: new Date(d.created_at),
        userEmail: d.user_email,
      })),
    },
    database: { sizeBytes: size.bytes, largestTables: size.tables },
    pool: deps.dbHandle.poolUse ? deps.dbHandle.poolUse() : null,
  };
}

/** Sets the scrape-time gauges from the figures (labels of a queue or state that vanished are dropped). */
export function setScrapeGauges(figures: SystemFigures): void {
  scansByState.reset();
  for (const s of figures.scans) scansByState.set({ kind: s.kind, state: s.state }, s.count);
  queueWaiting.reset();
  queueActive.reset();
  queueOldestWaiting.reset();
  queueFailed24h.reset();
  for (const q of figures.queues) {
    queueFailed24h.set({ queue: q.name }, q.failedLast24h);
    queueWaiting.set({ queue: q.name }, q.waiting);
    queueActive.set({ queue: q.name }, q.active);
    queueOldestWaiting.set({ queue: q.name }, q.oldestWaitingSeconds);
  }
  priceRefreshDuration.reset();
  priceRefreshLastFinished.reset();
  priceRefreshVariantsChanged.reset();
  const refresh = figures.lastPriceRefresh;
  if (refresh) {
    if (refresh.durationSeconds !== null) priceRefreshDuration.set({ status: refresh.status }, refresh.durationSeconds);
    priceRefreshLastFinished.set({ status: refresh.status }, refresh.finishedAt.getTime() / 1000);
    if (refresh.variantsChanged !== null) priceRefreshVariantsChanged.set(refresh.variantsChanged);
  }
  processesAlive.reset();
  for (const role of ['api', 'worker', 'api+worker']) {
    processesAlive.set({ role }, figures.processes.filter((p) => p.alive && p.role === role).length);
  }
  durableRunsRunning.reset();
  for (const kind of ['scan', 'brand scan', 'price refresh'] as const) {
    const runs = figures.durableRuns.filter((r) => r.kind === kind);
    durableRunsRunning.set({ kind, state: 'running' }, runs.filter((r) => !r.stuck).length);
    durableRunsRunning.set({ kind, state: 'stuck' }, runs.filter((r) => r.stuck).length);
  }
  keepaTokenWait.reset();
  if (figures.keepa.waitingScans > 0 && figures.keepa.nextContinueAt) {
    keepaTokenWait.set(Math.max(0, (figures.keepa.nextContinueAt.getTime() - Date.now()) / 1000));
  }
  alertDeliveriesFailed24h.set(figures.failedDeliveries.countLast24h);
  databaseSizeBytes.set(figures.database.sizeBytes);
  dbPoolClients.reset();
  if (figures.pool) {
    dbPoolClients.set({ state: 'total' }, figures.pool.total);
    dbPoolClients.set({ state: 'idle' }, figures.pool.idle);
    dbPoolClients.set({ state: 'waiting' }, figures.pool.waiting);
  }
}

/** The Prometheus text of the whole registry, with the database figures read now. */
export async function renderMetrics(deps: Pick<AppDeps, 'db' | 'dbHandle'>): Promise<{ contentType: string; text: string }> {
  setScrapeGauges(await readSystemFigures(deps));
  return { contentType: metricsRegistry.contentType, text: await metricsRegistry.metrics() };
}
