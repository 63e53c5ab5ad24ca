import type { FastifyInstance } from 'fastify';
import { helpBodySchema } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { listAllHelpRequests, sendHelpRequest } from './help.service.ts';

/** POST /help (any user) and GET /help (admins: every request, newest first). */
export function registerHelpRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  api.post('/help', { preHandler: guards.requireUser }, async (request, reply) =>
    reply.status(201).send(await sendHelpRequest(deps, userOf(request), parse(helpBodySchema, request.body).message)),
  );
  api.get('/help', { preHandler: guards.requireAdmin }, () => listAllHelpRequests(deps));
}
