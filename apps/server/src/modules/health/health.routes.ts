import type { FastifyInstance } from 'fastify';
import { healthApi } from '@dealradar/shared/contracts/endpoints/health';
import type { AppDeps } from '../../deps.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { countAppliedMigrations } from './health.repository.ts';

/** Ready when the database answers and the migrations are applied. */
export function registerHealthRoutes(api: FastifyInstance, deps: AppDeps): void {
  contractRoutes(api)(healthApi.health, async (_request, reply) => {
    try {
      const migrations = await countAppliedMigrations(deps.db);
      return { status: 'ok' as const, database: deps.dbHandle.kind, migrations, marketData: deps.config.MARKET_DATA };
    } catch {
      return reply.status(503).send({ error: 'The database is not reachable.', code: 'unavailable' });
    }
  });
}
