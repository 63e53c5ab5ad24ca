import { endpoint, idParams } from '../endpoint.ts';
import { inviteMemberBodySchema, memberResponseSchema, removeMemberResponseSchema, teamSchema, updateMemberBodySchema } from '../organization.ts';

const tag = 'organization';

/** The organization's team (docs/organizations.md). */
export const organizationApi = {
  members: endpoint({
    method: 'GET',
    path: '/organization/members',
    access: 'user',
    tag,
    summary: "The caller's rights in the organization and, for its owner and members allowed to invite, the members.",
    responses: { 200: teamSchema },
  }),
  invite: endpoint({
    method: 'POST',
    path: '/organization/members/invite',
    access: 'user',
    tag,
    summary: 'Invite a member by e-mail (owner or a member allowed to invite): the invitee sets a password through the confirm-password link.',
    body: inviteMemberBodySchema,
    responses: { 201: memberResponseSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/organization/members/:id',
    access: 'user',
    tag,
    summary: 'Let a member invite, or stop them (owner only).',
    params: idParams,
    body: updateMemberBodySchema,
    responses: { 200: memberResponseSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/organization/members/:id',
    access: 'user',
    tag,
    summary: 'Remove a member: their sessions end at once; what they made stays with the organization.',
    params: idParams,
    responses: { 200: removeMemberResponseSchema },
  }),
} as const;
