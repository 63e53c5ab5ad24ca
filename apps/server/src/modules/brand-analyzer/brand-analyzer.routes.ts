import type { FastifyInstance } from 'fastify';
import { BRAND_SCAN_MARKETS } from '@dealradar/shared/contracts/brand-analyzer';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import type { AppDeps } from '../../deps.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import { userOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { listCatalogueBrands } from './brand-catalogue.ts';
import { getActiveBrandScan, getBrandScan, startBrandScan } from './brand-scan.service.ts';
import { deleteAllUserFavorites, deleteUserFavorite, listUserFavorites } from './favorites.service.ts';
import { favoritesCsv } from './favorites-file.ts';
import { DOWNLOAD_TYPES, sendDownload } from '../scans/result-files.ts';
import { Readable } from 'node:stream';

/** SPEC §7 Brand analyzer. Every route needs a logged-in user; scans and favorites are the user's own. */
export function registerBrandAnalyzerRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);

  route(brandAnalyzerApi.brands, async () => listCatalogueBrands(deps.marketData, deps.clock));

  route(brandAnalyzerApi.markets, async () =>
    BRAND_SCAN_MARKETS.map(({ id, name, currency, vatRate, marketplaceId }) => ({ id, name, currency, vatRate, marketplaceId })),
  );

  route(brandAnalyzerApi.favorites, async (request) => listUserFavorites(deps, userOf(request), request.query));

  route(brandAnalyzerApi.downloadFavorites, async (request, reply) => {
    const day = deps.clock.now().toISOString().slice(0, 10);
    const csv = await favoritesCsv(deps, userOf(request), request.query);
    return sendDownload(reply, { contentType: DOWNLOAD_TYPES.csv.contentType, fileName: `favorites_${day}.csv` }, Readable.from([csv]));
  });

  route(brandAnalyzerApi.deleteAllFavorites, async (request) => deleteAllUserFavorites(deps, userOf(request)));

  route(brandAnalyzerApi.deleteFavorite, async (request, reply) => {
    await deleteUserFavorite(deps, userOf(request), request.params.id);
    return reply.status(204).send();
  });

  route(brandAnalyzerApi.startScan, async (request, reply) => {
    const started = await startBrandScan(deps, userOf(request), request.query);
    return reply.status(202).send(started);
  });

  route(brandAnalyzerApi.scan, async (request) => getBrandScan(deps, userOf(request), request.params.id));

  route(brandAnalyzerApi.activeScan, async (request, reply) => {
    const scan = await getActiveBrandScan(deps, userOf(request));
    return scan ? scan : reply.status(204).send();
  });
}
