import type { AppDeps } from '../../deps.ts';
import {
  dbPoolClients,
  metricsRegistry,
  priceRefreshDuration,
  priceRefreshLastFinished,
  priceRefreshVariantsChanged,
  queueActive,
  queueOldestWaiting,
  queueWaiting,
  scansByState,
} from '../../lib/metrics.ts';
import { countScansByState, lastFinishedRefresh, readQueueDepths } from './system.repository.ts';

/**
 * The system's state as read from the database at one moment: what `/metrics` publishes at scrape time, and what an
 * admin screen of the system should show (the same queries, so both always agree).
 */
export interface SystemFigures {
  scans: Array<{ kind: 'supplier' | 'csv_template' | 'brand'; state: string; count: number }>;
  queues: Array<{ name: string; waiting: number; active: number; oldestWaitingSeconds: number }>;
  lastPriceRefresh: { status: 'succeeded' | 'failed'; durationSeconds: number | null; variantsChanged: number | null; finishedAt: Date } | null;
  /** PostgreSQL only: this process's pool. */
  pool: { total: number; idle: number; waiting: number } | null;
}

export async function readSystemFigures(deps: Pick<AppDeps, 'db' | 'dbHandle'>): Promise<SystemFigures> {
  const scans = await countScansByState(deps.db);
  const queues = await readQueueDepths(deps.db);
  const refresh = await lastFinishedRefresh(deps.db);
  return {
    scans,
    queues: queues.map((q) => ({ name: q.name, waiting: q.waiting, active: q.active, oldestWaitingSeconds: Math.max(0, q.oldest ?? 0) })),
    lastPriceRefresh: refresh
      ? { status: refresh.status, durationSeconds: refresh.duration, variantsChanged: refresh.changed, finishedAt: new Date(refresh.finished_at) }
      : null,
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
  for (const q of figures.queues) {
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
