import type { FastifyInstance } from 'fastify';
import { priceDropIdParamsSchema, priceDropsQuerySchema } from '@dealradar/shared/contracts/price-drops';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { getDropProfit } from './drop-profit.service.ts';
import { startRefreshNow } from './price-drops.jobs.ts';
import { getAnalytics, getHotDeals, getOverview, getRecentDrops, getStats, listDropBrands, listPriceDropsJson } from './price-drops.service.ts';

/** SPEC §7 Dashboard and Price alerts (GROWTH, PRO, admins), plus the admin's "refresh now". */
export function registerPriceDropsRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const user = { preHandler: guards.requireUser };
  api.get('/price-alerts/dashboard/overview', user, (request) => getOverview(deps, userOf(request)));
  api.get('/price-alerts/dashboard/hot-deals', user, (request) => getHotDeals(deps, userOf(request)));
  api.get('/price-alerts/dashboard/recent-drops', user, (request) => getRecentDrops(deps, userOf(request)));
  api.get('/price-alerts/dashboard/analytics', user, (request) => getAnalytics(deps, userOf(request)));
  api.get('/price-alerts/price-drops', user, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await listPriceDropsJson(deps, userOf(request), parse(priceDropsQuerySchema, request.query))),
  );
  api.get('/price-alerts/price-drops/:id/profit', user, (request) => getDropProfit(deps, userOf(request), parse(priceDropIdParamsSchema, request.params).id));
  api.get('/price-alerts/price-drops/brands', user, (request) => listDropBrands(deps, userOf(request)));
  api.get('/price-alerts/stats', user, (request) => getStats(deps, userOf(request)));
  api.post('/price-alerts/refresh', { preHandler: guards.requireAdmin }, async (_request, reply) => reply.status(202).send(await startRefreshNow(deps)));
}
