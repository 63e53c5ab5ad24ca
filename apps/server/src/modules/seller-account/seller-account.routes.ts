import type { FastifyInstance } from 'fastify';
import { sellerAccountApi } from '@dealradar/shared/contracts/endpoints/seller-account';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { checkAgain } from './check-again.ts';
import { registerAmazonFeesRoutes } from './amazon-fees.routes.ts';
import { completeAuthorization, connectSellerAccount, disconnectSellerAccount, sellerAccountOf, startAuthorization } from './seller-account.service.ts';

/**
 * GET /seller-account (members), PUT and DELETE /seller-account (the organization's admin, product admins), and the
 * website authorization: POST /seller-account/authorize (the consent page) and /authorize/complete (Amazon's redirect);
 * POST /seller-account/listing-checks (members: check one ASIN again at once).
 */
export function registerSellerAccountRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(sellerAccountApi.get, (request) => sellerAccountOf(deps, userOf(request)));
  route(sellerAccountApi.connect, (request) => connectSellerAccount(deps, userOf(request), request.body));
  route(sellerAccountApi.disconnect, (request) => disconnectSellerAccount(deps, userOf(request)));
  route(sellerAccountApi.startAuthorization, (request) => startAuthorization(deps, userOf(request), request.body.region));
  route(sellerAccountApi.completeAuthorization, (request) => completeAuthorization(deps, userOf(request), request.body));
  route(sellerAccountApi.checkAgain, (request) => checkAgain(deps, userOf(request), request.body));
  registerAmazonFeesRoutes(api, deps, guards);
}
