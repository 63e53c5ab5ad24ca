import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '@dealradar/shared/paging';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import { changeMapping, createMapping, pageMappings, removeMapping } from './ean-asin-mapping.service.ts';

/**
 * GET /market-data/source (any user): active providers, for the 'Demo data' badge.
 * /ean-asin-mapping (admin): list (page, size), create, update, delete (SPEC §7).
 */
export function registerMarketDataRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  api.get('/market-data/source', { preHandler: guards.requireUser }, async () => deps.marketData.source);

  api.get('/ean-asin-mapping', { preHandler: guards.requireAdmin }, async (request) => {
    const { page, size } = parse(pageQuerySchema, request.query);
    return pageMappings(deps, page, size);
  });
  api.post('/ean-asin-mapping', { preHandler: guards.requireAdmin }, async (request, reply) => reply.status(201).send(await createMapping(deps, request.body)));
  api.put<{ Params: { id: string } }>('/ean-asin-mapping/:id', { preHandler: guards.requireAdmin }, async (request) => changeMapping(deps, request.params.id, request.body));
  api.delete<{ Params: { id: string } }>('/ean-asin-mapping/:id', { preHandler: guards.requireAdmin }, async (request, reply) => {
    await removeMapping(deps, request.params.id);
    return reply.status(204).send();
  });
}
