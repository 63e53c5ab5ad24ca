import type { FastifyInstance } from 'fastify';
import { helpApi } from '@dealradar/shared/contracts/endpoints/help';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { answerRequest, listAllHelpRequests, listOwnHelpRequests, sendHelpRequest } from './help.service.ts';

/** POST /help (any user), GET /help (admins: every request, newest first), GET /help/mine, POST /help/:id/answer (admin). */
export function registerHelpRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(helpApi.send, async (request, reply) => reply.status(201).send(await sendHelpRequest(deps, userOf(request), request.body.message)));
  route(helpApi.listAll, () => listAllHelpRequests(deps));
  route(helpApi.listMine, (request) => listOwnHelpRequests(deps, userOf(request)));
  route(helpApi.answer, (request) => answerRequest(deps, userOf(request), request.params.id, request.body.answer));
}
