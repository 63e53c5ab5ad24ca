import type { Db } from '../../db/client.ts';

/**
 * Who owns an organization, decided here only: organizations.owner_user_id (set at registration and by the migration
 * for older organizations); when it is null (the owner's account was deleted by a product admin, or an organization
 * was written without one) the earliest active member who was not removed counts as the owner.
 */
const OWNER_OF = (org: string) => `coalesce(${org}.owner_user_id, (
  select f.id from users f where f.organization_id = ${org}.id and f.active and f.removed_from_organization_at is null
   order by f.created_at, f.id limit 1))`;

export interface OrganizationOwner {
  id: string;
  username: string;
  email: string;
}

export function findOrganizationOwner(db: Db, organizationId: string): Promise<OrganizationOwner | undefined> {
  return db.maybeOne<OrganizationOwner>(`select u.id, u.username, u.email from organizations o join users u on u.id = ${OWNER_OF('o')} where o.id = $1`, [
    organizationId,
  ]);
}

export interface MemberRecord {
  id: string;
  username: string;
  email: string;
  active: boolean;
  hasPassword: boolean;
  mayInvite: boolean;
  isOwner: boolean;
  removedAt: Date | null;
  joinedAt: Date;
  organizationId: string;
}

const SELECT_MEMBER = `select u.id, u.username, u.email, u.active, u.password_hash is not null as "hasPassword", u.may_invite as "mayInvite",
  u.id = ${OWNER_OF('o')} as "isOwner", u.removed_from_organization_at as "removedAt", u.created_at as "joinedAt",
  u.organization_id as "organizationId"
  from users u join organizations o on o.id = u.organization_id`;

/** The organization's members: owner first, then by when they joined. */
export function findMembers(db: Db, organizationId: string): Promise<MemberRecord[]> {
  return db.query<MemberRecord>(`select * from (${SELECT_MEMBER} where u.organization_id = $1) m order by m."isOwner" desc, m."joinedAt", m.id`, [
    organizationId,
  ]);
}

export function findMember(db: Db, userId: string): Promise<MemberRecord | undefined> {
  return db.maybeOne<MemberRecord>(`${SELECT_MEMBER} where u.id = $1`, [userId]);
}

export function organizationName(db: Db, organizationId: string): Promise<{ name: string } | undefined> {
  return db.maybeOne('select name from organizations where id = $1', [organizationId]);
}

/** An invited user of this organization who has not set a password yet (inviting them again resends the link). */
export async function findPendingMember(db: Db, organizationId: string, username: string, email: string): Promise<string | undefined> {
  const row = await db.maybeOne<{ id: string }>(
    `select id from users where organization_id = $1 and lower(username) = lower($2) and lower(email) = lower($3)
        and password_hash is null and removed_from_organization_at is null`,
    [organizationId, username, email],
  );
  return row?.id;
}

export async function setMayInvite(db: Db, userId: string, mayInvite: boolean): Promise<void> {
  await db.execute('update users set may_invite = $2 where id = $1', [userId, mayInvite]);
}

/**
 * The member leaves: deactivated (cannot sign in), marked removed, no longer allowed to invite, every session ended
 * (session version raised, as "log out everywhere") and every open e-mail link retired. The row stays, so what they
 * made (scans, lists, rules, …) stays with the organization.
 */
export async function markRemoved(tx: Db, userId: string, now: Date): Promise<void> {
  await tx.execute(
    `update users set active = false, may_invite = false, removed_from_organization_at = $2, session_version = session_version + 1 where id = $1`,
    [userId, now],
  );
  await tx.execute('update auth_tokens set used_at = $2 where user_id = $1 and used_at is null', [userId, now]);
}
