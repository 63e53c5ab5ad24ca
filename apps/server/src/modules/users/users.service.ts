import type { z } from 'zod';
import type { inviteUserBodySchema, UserRow, UsersQuery } from '@dealradar/shared/contracts/account';
import { toPaged, type Paged } from '@dealradar/shared/paging';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors/app-error.ts';
import { issueAuthToken } from '../auth/auth-tokens.service.ts';
import { inviteMessage } from '../auth/auth.emails.ts';
import { assertIdentityFree, createAccount } from '../auth/registration.service.ts';
import { findPendingInvitee, findUserRecord, findUsersPage, type UserRecord } from './users.repository.ts';
import { containsPattern, parseActiveFilter } from './users.rules.ts';

export function toUserRow(record: UserRecord): UserRow {
  return { ...record, lastActiveAt: record.lastActiveAt ? record.lastActiveAt.toISOString() : null };
}

/** GET /users (admin): newest accounts first, filtered by search text, role and status. */
export async function listUsers(deps: Pick<AppDeps, 'db'>, query: UsersQuery): Promise<Paged<UserRow>> {
  const filter = { pattern: containsPattern(query.search), role: query.role || null, active: parseActiveFilter(query.active) };
  const { rows, total } = await findUsersPage(deps.db, filter, query.size, query.page * query.size);
  return toPaged(rows.map(toUserRow), total, query.size);
}

/**
 * POST /users/invite (admin): creates the account without a password (in its own organization on FREE,
 * named after `organization` or the username) and e-mails the confirm-password link. Inviting the same
 * pending user again sends a fresh link.
 */
export async function inviteUser(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'log' | 'mailer'>,
  body: z.infer<typeof inviteUserBodySchema>,
): Promise<{ message: string; user: UserRow }> {
  let userId = await findPendingInvitee(deps.db, body.username, body.email);
  if (!userId) {
    await assertIdentityFree(deps, body.username, body.email);
    userId = await createAccount(deps, {
      username: body.username,
      email: body.email,
      passwordHash: null,
      role: body.role,
      organizationName: body.organization ?? body.username,
      affiliateId: null,
    });
  }
  const token = await issueAuthToken(deps, userId, 'invite');
  try {
    await deps.mailer.send(inviteMessage({ email: body.email, username: body.username }, deps.config.APP_URL, token));
  } catch (error) {
    deps.log.error({ err: (error as Error).message, to: body.email }, 'invitation e-mail could not be sent');
    throw new AppError('unavailable', 'The account was created but the invitation e-mail could not be sent. Invite the user again to retry.', { cause: error });
  }
  const user = await findUserRecord(deps.db, userId);
  if (!user) throw new Error('invited user vanished');
  return { message: `Invitation sent to ${body.email}.`, user: toUserRow(user) };
}
