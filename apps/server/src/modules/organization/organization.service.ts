import type { InviteMemberBody, Team, TeamMember, UpdateMemberBody } from '@dealradar/shared/contracts/organization';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { issueAuthToken } from '../auth/auth-tokens.service.ts';
import { teamInviteMessage } from '../auth/auth.emails.ts';
import { assertIdentityFree, createInvitedMember, isUniqueViolation } from '../auth/registration.service.ts';
import * as repo from './organization.repository.ts';

/** The organization's owner (who is told when its Amazon authorization ends). */
export { findOrganizationOwner } from './organization.repository.ts';

/** The organization as a team; rules in docs/organizations.md. */

export const NOT_ALLOWED_TO_INVITE = "Only the organization's owner and the members the owner allowed can invite members.";
export const ONLY_OWNER_CHANGES_RIGHTS = "Only the organization's owner can change who may invite.";
export const OWNER_CANNOT_BE_REMOVED = "The organization's owner cannot be removed.";
export const NOT_A_MEMBER = 'This member is not in your organization.';
export const CANNOT_REMOVE_YOURSELF = 'You cannot remove yourself from the organization. Ask its owner.';

export function toTeamMember(record: repo.MemberRecord): TeamMember {
  const status = record.removedAt ? 'REMOVED' : !record.active ? 'INACTIVE' : record.hasPassword ? 'ACTIVE' : 'INVITED';
  return {
    id: record.id,
    username: record.username,
    email: record.email,
    status,
    isOwner: record.isOwner,
    mayInvite: record.isOwner || (record.mayInvite && !record.removedAt),
    joinedAt: record.joinedAt.toISOString(),
  };
}

/** The caller as a member of their organization (a session always has a user row). */
async function me(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<TeamMember> {
  const record = await repo.findMember(deps.db, user.id);
  if (!record) throw notFound('Your account was not found.');
  return toTeamMember(record);
}

/** A member of the caller's organization; another organization's member answers 404 like an unknown id. */
async function memberOfMyOrganization(deps: Pick<AppDeps, 'db'>, user: CurrentUser, id: string): Promise<repo.MemberRecord> {
  const record = isUuid(id) ? await repo.findMember(deps.db, id) : undefined;
  if (!record || record.organizationId !== user.organizationId) throw notFound(NOT_A_MEMBER);
  return record;
}

/** GET /organization/members: everyone learns their own rights; the owner and members allowed to invite see the team. */
export async function teamOf(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<Team> {
  const you = await me(deps, user);
  const org = await repo.organizationName(deps.db, user.organizationId);
  const members = you.mayInvite ? (await repo.findMembers(deps.db, user.organizationId)).map(toTeamMember) : [];
  return { organizationName: org?.name ?? '', you: { id: you.id, isOwner: you.isOwner, mayInvite: you.mayInvite }, members };
}

/**
 * POST /organization/members/invite: an account without a password in the caller's organization (role USER), and the
 * confirm-password e-mail of SPEC §2. Inviting the same pending member again sends a fresh link. Plans define no seat
 * limit, so the number of members is not limited.
 */
export async function inviteMember(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'log' | 'mailer'>,
  user: CurrentUser,
  body: InviteMemberBody,
): Promise<{ message: string; member: TeamMember }> {
  const inviter = await me(deps, user);
  if (!inviter.mayInvite) throw forbidden(NOT_ALLOWED_TO_INVITE);
  let userId = await repo.findPendingMember(deps.db, user.organizationId, body.username, body.email);
  if (!userId) {
    await assertIdentityFree(deps, body.username, body.email);
    try {
      userId = await createInvitedMember(deps, { username: body.username, email: body.email, organizationId: user.organizationId });
    } catch (error) {
      // A simultaneous invitation or registration of the same name or address won the unique index.
      if (isUniqueViolation(error)) await assertIdentityFree(deps, body.username, body.email);
      throw error;
    }
  }
  const org = await repo.organizationName(deps.db, user.organizationId);
  const token = await issueAuthToken(deps, userId, 'invite');
  try {
    await deps.mailer.send(
      teamInviteMessage({ email: body.email, username: body.username }, { inviter: user.username, organization: org?.name ?? '' }, deps.config.APP_URL, token),
    );
  } catch (error) {
    deps.log.error({ err: (error as Error).message, to: body.email }, 'team invitation e-mail could not be sent');
    throw new AppError('unavailable', 'The member was added but the invitation e-mail could not be sent. Invite them again to retry.', { cause: error });
  }
  deps.log.info({ inviterId: user.id, userId, organizationId: user.organizationId }, 'member invited');
  const record = await repo.findMember(deps.db, userId);
  if (!record) throw new Error('invited member vanished');
  return { message: `Invitation sent to ${record.email}.`, member: toTeamMember(record) };
}

/** PUT /organization/members/:id: the owner lets a member invite (see the team, remove members) or stops them. */
export async function updateMember(
  deps: Pick<AppDeps, 'db'>,
  user: CurrentUser,
  id: string,
  body: UpdateMemberBody,
): Promise<{ message: string; member: TeamMember }> {
  const caller = await me(deps, user);
  const target = await memberOfMyOrganization(deps, user, id);
  if (!caller.isOwner) throw forbidden(ONLY_OWNER_CHANGES_RIGHTS);
  if (target.isOwner) throw badRequest('The owner can always invite members.');
  if (target.removedAt) throw conflict(`${target.username} has been removed from the organization.`);
  await repo.setMayInvite(deps.db, target.id, body.mayInvite);
  const member = toTeamMember((await repo.findMember(deps.db, target.id))!);
  const message = body.mayInvite ? `${member.username} may now invite members.` : `${member.username} may no longer invite members.`;
  return { message, member };
}

/**
 * DELETE /organization/members/:id (owner, or a member allowed to invite): the member can no longer sign in and every
 * session of theirs ends at once; their account stays in the organization (status REMOVED), so what they made stays.
 */
export async function removeMember(deps: Pick<AppDeps, 'clock' | 'db' | 'log'>, user: CurrentUser, id: string): Promise<{ message: string }> {
  const caller = await me(deps, user);
  const target = await memberOfMyOrganization(deps, user, id);
  if (!caller.mayInvite) throw forbidden("Only the organization's owner and the members the owner allowed can remove members.");
  if (target.isOwner) throw forbidden(OWNER_CANNOT_BE_REMOVED);
  if (target.id === user.id) throw badRequest(CANNOT_REMOVE_YOURSELF);
  if (target.removedAt) throw conflict(`${target.username} has already been removed.`);
  await deps.db.tx((tx) => repo.markRemoved(tx, target.id, deps.clock.now()));
  deps.log.info({ byUserId: user.id, userId: target.id, organizationId: user.organizationId }, 'member removed from the organization');
  return { message: `${target.username} has been removed and signed out everywhere. What they made stays with the organization.` };
}
