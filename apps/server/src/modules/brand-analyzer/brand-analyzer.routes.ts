import type { FastifyInstance } from 'fastify';
import { BRAND_SCAN_MARKETS } from '@dealradar/shared/contracts/brand-analyzer';
import type { AppDeps } from '../../deps.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import { userOf } from '../../plugins/auth.ts';
import { listCatalogueBrands } from './brand-catalogue.ts';
import { getActiveBrandScan, getBrandScan, startBrandScan } from './brand-scan.service.ts';
import { deleteAllUserFavorites, deleteUserFavorite, listUserFavorites } from './favorites.service.ts';

/** SPEC §7 Brand analyzer. Every route needs a logged-in user; scans and favorites are the user's own. */
export function registerBrandAnalyzerRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const auth = { preHandler: guards.requireUser };

  api.get('/brand-analyzer/brands', auth, async () => listCatalogueBrands(deps.marketData, deps.clock));

  api.get('/brand-analyzer/markets', auth, async () =>
    BRAND_SCAN_MARKETS.map(({ id, name, currency, vatRate, marketplaceId }) => ({ id, name, currency, vatRate, marketplaceId })),
  );

  api.get('/brand-analyzer/favorites', auth, async (request) => listUserFavorites(deps, userOf(request), request.query));

  api.delete('/brand-analyzer/favorites', auth, async (request) => deleteAllUserFavorites(deps, userOf(request)));

  api.delete<{ Params: { id: string } }>('/brand-analyzer/favorites/:id', auth, async (request, reply) => {
    await deleteUserFavorite(deps, userOf(request), request.params.id);
    return reply.status(204).send();
  });

  api.post('/brand-analyzer/scan', auth, async (request, reply) => {
    const started = await startBrandScan(deps, userOf(request), request.query);
    return reply.status(202).send(started);
  });

  api.get<{ Params: { id: string } }>('/brand-analyzer/scan/:id', auth, async (request) => getBrandScan(deps, userOf(request), request.params.id));

  api.get('/brand-analyzer/active-scan', auth, async (request, reply) => {
    const scan = await getActiveBrandScan(deps, userOf(request));
    return scan ? scan : reply.status(204).send();
  });
}
