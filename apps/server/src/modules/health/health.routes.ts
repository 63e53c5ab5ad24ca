import type { FastifyInstance } from 'fastify';
import { healthApi } from '@dealradar/shared/contracts/endpoints/health';
import type { AppDeps } from '../../deps.ts';
import { processPhase } from '../../lib/readiness.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { countAppliedMigrations, migrationRunning } from './health.repository.ts';

/** How long readiness waits for the database before calling it unreachable. */
const READY_DB_TIMEOUT_MS = 2_000;

/** Liveness (`/health`: the database answers, the migrations are applied) and readiness (`/health/ready`). */
export function registerHealthRoutes(api: FastifyInstance, deps: AppDeps): void {
  const route = contractRoutes(api);
  route(healthApi.health, async (_request, reply) => {
    try {
      const migrations = await countAppliedMigrations(deps.db);
      return { status: 'ok' as const, database: deps.dbHandle.kind, migrations, marketData: deps.config.MARKET_DATA };
    } catch {
      return reply.status(503).send({ error: 'The database is not reachable.', code: 'unavailable' });
    }
  });
  route(healthApi.ready, async (request, reply) => {
    const notReady = (error: string) => reply.status(503).header('cache-control', 'no-store').send({ error, code: 'unavailable', requestId: request.id });
    const phase = processPhase();
    if (phase === 'shutting-down') return notReady('The server is shutting down.');
    if (phase !== 'serving') return notReady('The server is starting: its database migrations are being applied.');
    let migrating: boolean;
    try {
      migrating = await withTimeout(migrationRunning(deps.db), READY_DB_TIMEOUT_MS);
    } catch {
      return notReady('The database is not reachable.');
    }
    if (migrating) return notReady('Database migrations are being applied.');
    return reply.header('cache-control', 'no-store').send({ status: 'ready' as const });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
