import type { FastifyInstance } from 'fastify';
import { matchRulesApi } from '@dealradar/shared/contracts/endpoints/match-rules';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { createMatchRule, pageMatchRules, removeMatchRule } from './match-rules.service.ts';

/**
 * The organization's match rules (not in SPEC §7, our own paths), any logged-in member:
 * GET /match-rules?page&size&search, POST /match-rules (201), DELETE /match-rules/{id} (204; another organization's → 404).
 */
export function registerMatchRulesRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(matchRulesApi.list, async (request) => pageMatchRules(deps, userOf(request), request.query));
  route(matchRulesApi.create, async (request, reply) => reply.status(201).send(await createMatchRule(deps, userOf(request), request.body)));
  route(matchRulesApi.remove, async (request, reply) => {
    await removeMatchRule(deps, userOf(request), request.params.id);
    return reply.status(204).send();
  });
}
