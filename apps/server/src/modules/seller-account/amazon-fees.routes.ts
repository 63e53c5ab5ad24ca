import type { FastifyInstance } from 'fastify';
import { amazonFeesApi } from '@dealradar/shared/contracts/endpoints/amazon-fees';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { chooseFees, estimateForBreakdown, feeDrifts } from './amazon-fees.service.ts';

/**
 * POST /amazon-fees/estimate and PUT /amazon-fees/choice (members of the organization, keyed by it), and
 * GET /admin/amazon-fee-drifts (product admins).
 */
export function registerAmazonFeesRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(amazonFeesApi.estimate, (request) => estimateForBreakdown(deps, userOf(request), request.body));
  route(amazonFeesApi.choose, (request) => chooseFees(deps, userOf(request), request.body));
  route(amazonFeesApi.drifts, (request) => feeDrifts(deps, request.query));
}
