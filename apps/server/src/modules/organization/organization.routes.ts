import type { FastifyInstance } from 'fastify';
import { organizationApi } from '@dealradar/shared/contracts/endpoints/organization';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { inviteMember, removeMember, teamOf, updateMember } from './organization.service.ts';

/** The organization's team: members, invitations, rights, removal. */
export function registerOrganizationRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(organizationApi.members, (request) => teamOf(deps, userOf(request)));
  route(organizationApi.invite, async (request, reply) => reply.status(201).send(await inviteMember(deps, userOf(request), request.body)));
  route(organizationApi.update, (request) => updateMember(deps, userOf(request), request.params.id, request.body));
  route(organizationApi.remove, (request) => removeMember(deps, userOf(request), request.params.id));
}
