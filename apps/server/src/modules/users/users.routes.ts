import type { FastifyInstance } from 'fastify';
import { inviteUserBodySchema, usersQuerySchema } from '@dealradar/shared/contracts/account';
import { updateUserBodySchema } from '@dealradar/shared/contracts/users';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { inviteUser, listUsers } from './users.service.ts';
import { deleteUser, getDeletionSummary, updateUser } from './user-changes.service.ts';

/** Users management (admin only). */
export function registerUsersRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const admin = { preHandler: guards.requireAdmin };
  api.get('/users', admin, (request) => listUsers(deps, parse(usersQuerySchema, request.query)));
  api.post('/users/invite', admin, async (request, reply) => reply.status(201).send(await inviteUser(deps, parse(inviteUserBodySchema, request.body))));
  api.put<{ Params: { id: string } }>('/users/:id', admin, (request) =>
    updateUser(deps, userOf(request), request.params.id, parse(updateUserBodySchema, request.body)),
  );
  api.get<{ Params: { id: string } }>('/users/:id/deletion', admin, (request) => getDeletionSummary(deps, request.params.id));
  api.delete<{ Params: { id: string } }>('/users/:id', admin, (request) => deleteUser(deps, userOf(request), request.params.id));
}
