import type { FastifyInstance } from 'fastify';
import { helpAnswerBodySchema, helpBodySchema } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { answerRequest, listAllHelpRequests, listOwnHelpRequests, sendHelpRequest } from './help.service.ts';

/** POST /help (any user), GET /help (admins: every request, newest first), GET /help/mine, POST /help/:id/answer (admin). */
export function registerHelpRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  api.post('/help', { preHandler: guards.requireUser }, async (request, reply) =>
    reply.status(201).send(await sendHelpRequest(deps, userOf(request), parse(helpBodySchema, request.body).message)),
  );
  api.get('/help', { preHandler: guards.requireAdmin }, () => listAllHelpRequests(deps));
  api.get('/help/mine', { preHandler: guards.requireUser }, (request) => listOwnHelpRequests(deps, userOf(request)));
  api.post<{ Params: { id: string } }>('/help/:id/answer', { preHandler: guards.requireAdmin }, (request) =>
    answerRequest(deps, userOf(request), request.params.id, parse(helpAnswerBodySchema, request.body).answer),
  );
}
