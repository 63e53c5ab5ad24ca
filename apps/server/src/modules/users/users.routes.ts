import type { FastifyInstance } from 'fastify';
import { usersApi } from '@dealradar/shared/contracts/endpoints/users';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { inviteUser, listUsers } from './users.service.ts';
import { deleteUser, getDeletionSummary, updateUser } from './user-changes.service.ts';

/** Users management (admin only). */
export function registerUsersRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(usersApi.list, (request) => listUsers(deps, request.query));
  route(usersApi.invite, async (request, reply) => reply.status(201).send(await inviteUser(deps, request.body)));
  route(usersApi.update, (request) => updateUser(deps, userOf(request), request.params.id, request.body));
  route(usersApi.deletionSummary, (request) => getDeletionSummary(deps, request.params.id));
  route(usersApi.remove, (request) => deleteUser(deps, userOf(request), request.params.id));
}
