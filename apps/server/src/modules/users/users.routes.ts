import type { FastifyInstance } from 'fastify';
import { inviteUserBodySchema, usersQuerySchema } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import { inviteUser, listUsers } from './users.service.ts';

/** Users management (admin only). */
export function registerUsersRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const admin = { preHandler: guards.requireAdmin };
  api.get('/users', admin, (request) => listUsers(deps, parse(usersQuerySchema, request.query)));
  api.post('/users/invite', admin, async (request, reply) => reply.status(201).send(await inviteUser(deps, parse(inviteUserBodySchema, request.body))));
}
