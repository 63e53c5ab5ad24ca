import type { FastifyInstance } from 'fastify';
import { nextRefreshAt } from '@dealradar/shared/drops-schedule';
import { systemApi } from '@dealradar/shared/contracts/endpoints/system';
import type { SystemFiguresDto } from '@dealradar/shared/contracts/system';
import type { AppDeps } from '../../deps.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { readSystemFigures } from './system-figures.ts';

/** Admin → System: the figures of readSystemFigures (what /metrics publishes) with the next scheduled price refresh. */
export async function getSystemFigures(deps: Pick<AppDeps, 'db' | 'dbHandle' | 'clock' | 'config'>): Promise<SystemFiguresDto> {
  const figures = await readSystemFigures(deps);
  const readAt = new Date();
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const next = figures.keepa.nextContinueAt;
  return {
    readAt: readAt.toISOString(),
    database: { kind: deps.dbHandle.kind, sizeBytes: figures.database.sizeBytes, largestTables: figures.database.largestTables },
    processes: figures.processes.map((p) => ({
      ...p,
      startedAt: p.startedAt.toISOString(),
      heartbeatAt: p.heartbeatAt.toISOString(),
      stoppedAt: iso(p.stoppedAt),
    })),
    queues: figures.queues,
    durableRuns: figures.durableRuns.map((r) => ({ ...r, heartbeatAt: iso(r.heartbeatAt) })),
    keepa: {
      last: figures.keepa.last ? { ...figures.keepa.last, at: figures.keepa.last.at.toISOString() } : null,
      waitingScans: figures.keepa.waitingScans,
      nextContinueAt: iso(next),
      secondsUntilContinue: next ? Math.max(0, Math.round((next.getTime() - readAt.getTime()) / 1000)) : null,
    },
    priceRefresh: {
      last: figures.lastPriceRefresh ? { ...figures.lastPriceRefresh, finishedAt: figures.lastPriceRefresh.finishedAt.toISOString() } : null,
      running: figures.durableRuns.some((r) => r.kind === 'price refresh'),
      nextAt: nextRefreshAt(deps.clock.now(), deps.config.PRICE_SCHEDULE_TIMEZONE).toISOString(),
      timeZone: deps.config.PRICE_SCHEDULE_TIMEZONE,
    },
    failedDeliveries: {
      countLast24h: figures.failedDeliveries.countLast24h,
      latest: figures.failedDeliveries.latest.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    },
  };
}

export function registerSystemRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(systemApi.figures, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return getSystemFigures(deps);
  });
}
