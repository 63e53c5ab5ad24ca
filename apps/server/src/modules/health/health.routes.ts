import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

/** Ready when the database answers and the migrations are applied. */
export function registerHealthRoutes(api: FastifyInstance, deps: AppDeps): void {
  api.get('/health', async (_request, reply) => {
    try {
      const row = await deps.db.one<{ migrations: number }>('select count(*)::int as migrations from schema_migrations');
      return { status: 'ok', database: deps.dbHandle.kind, migrations: row.migrations, marketData: deps.config.MARKET_DATA };
    } catch {
      return reply.status(503).send({ error: 'The database is not reachable.', code: 'unavailable' });
    }
  });
}
