import type { FastifyInstance } from 'fastify';
import { priceDropsApi } from '@dealradar/shared/contracts/endpoints/price-drops';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { getDropProfit } from './drop-profit.service.ts';
import { startRefreshNow } from './price-drops.jobs.ts';
import { getAnalytics, getHotDeals, getOverview, getRecentDrops, getStats, listDropBrands, listPriceDropsJson } from './price-drops.service.ts';

/** SPEC §7 Dashboard and Price alerts (GROWTH, PRO, admins), plus the admin's "refresh now". */
export function registerPriceDropsRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(priceDropsApi.overview, (request) => getOverview(deps, userOf(request)));
  route(priceDropsApi.hotDeals, (request) => getHotDeals(deps, userOf(request)));
  route(priceDropsApi.recentDrops, (request) => getRecentDrops(deps, userOf(request)));
  route(priceDropsApi.analytics, (request) => getAnalytics(deps, userOf(request)));
  // The page is cached as ready JSON bytes of priceDropsPageSchema (answer-cache.ts): sent as they are, not serialized again.
  route(priceDropsApi.list, async (request, reply) => {
    const json = await listPriceDropsJson(deps, userOf(request), request.query);
    return reply.type('application/json; charset=utf-8').send(json as never);
  });
  route(priceDropsApi.profit, (request) => getDropProfit(deps, userOf(request), request.params.id));
  route(priceDropsApi.brands, (request) => listDropBrands(deps, userOf(request)));
  route(priceDropsApi.stats, (request) => getStats(deps, userOf(request)));
  route(priceDropsApi.refresh, async (_request, reply) => reply.status(202).send(await startRefreshNow(deps)));
}
