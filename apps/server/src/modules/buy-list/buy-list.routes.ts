import type { FastifyInstance } from 'fastify';
import { buyListApi } from '@dealradar/shared/contracts/endpoints/buy-list';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { sendDownload } from '../scans/result-files.ts';
import * as qogita from './buy-list-qogita.service.ts';
import * as favorites from './buy-list-favorites.service.ts';
import * as service from './buy-list.service.ts';

/** /buy-list…: the organization's buy list (docs/buy-list.md), GROWTH and PRO. */
export function registerBuyListRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(buyListApi.get, (request) => service.getBuyList(deps, userOf(request)));
  route(buyListApi.add, (request) => service.addLine(deps, userOf(request), request.body));
  route(buyListApi.addPriceDrop, (request) => qogita.addPriceDropLine(deps, userOf(request), request.body));
  route(buyListApi.addFavorite, (request) => favorites.addFavoriteLine(deps, userOf(request), request.body));
  route(buyListApi.sendToWatchlist, (request) => qogita.sendToWatchlist(deps, userOf(request), request.body.supplierName));
  route(buyListApi.update, (request) => service.updateLine(deps, userOf(request), request.params.id, request.body.quantity));
  route(buyListApi.remove, (request) => service.removeLine(deps, userOf(request), request.params.id));
  route(buyListApi.setMov, (request) => service.setSupplierMov(deps, userOf(request), request.body.supplierName, request.body.minOrderValue));
  route(buyListApi.settings, (request) => service.getSettings(deps, userOf(request)));
  route(buyListApi.updateSettings, (request) => service.saveSettings(deps, userOf(request), request.body.weeks));
  route(buyListApi.order, async (request, reply) => {
    const order = await service.purchaseOrder(deps, userOf(request), request.query.supplier, request.query.format);
    return sendDownload(reply, { contentType: order.contentType, fileName: order.fileName }, order.body);
  });
}
