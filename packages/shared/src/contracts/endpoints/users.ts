import { inviteUserBodySchema, inviteUserResponseSchema, usersPageSchema, usersQuerySchema } from '../account.ts';
import { endpoint, idParams } from '../endpoint.ts';
import { deleteUserResponseSchema, updateUserBodySchema, updateUserResponseSchema, userDeletionSummarySchema } from '../users.ts';

const tag = 'users';

/** SPEC §7 GET /users (admin) and the user management calls. */
export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: '/users',
    access: 'admin',
    tag,
    summary: 'Users, paged (zero-based), filtered by search, role and active.',
    query: usersQuerySchema,
    responses: { 200: usersPageSchema },
  }),
  invite: endpoint({
    method: 'POST',
    path: '/users/invite',
    access: 'admin',
    tag,
    summary: 'Invite a user (e-mails a link to set a password).',
    body: inviteUserBodySchema,
    responses: { 201: inviteUserResponseSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/users/:id',
    access: 'admin',
    tag,
    summary: "Change a user's role, active state or organization.",
    params: idParams,
    body: updateUserBodySchema,
    responses: { 200: updateUserResponseSchema },
  }),
  deletionSummary: endpoint({
    method: 'GET',
    path: '/users/:id/deletion',
    access: 'admin',
    tag,
    summary: 'What deleting the user would remove.',
    params: idParams,
    responses: { 200: userDeletionSummarySchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    access: 'admin',
    tag,
    summary: 'Delete a user and their data.',
    params: idParams,
    responses: { 200: deleteUserResponseSchema },
  }),
} as const;
