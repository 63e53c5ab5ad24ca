import type { Db } from '../../db/client.ts';

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  role: 'USER' | 'ADMIN';
  active: boolean;
  organizationName: string | null;
  subscriptionTierName: string;
  paddleCustomerId: string | null;
  lastActiveAt: Date | null;
}

export interface UserFilter {
  /** ILIKE pattern, already escaped. */
  pattern: string | null;
  role: 'USER' | 'ADMIN' | null;
  active: boolean | null;
}

const SELECT_USER = `select u.id, u.username, u.email, u.role, u.active, o.name as "organizationName",
  o.subscription_tier as "subscriptionTierName", o.paddle_customer_id as "paddleCustomerId", u.last_active_at as "lastActiveAt"
  from users u join organizations o on o.id = u.organization_id`;

const WHERE_FILTER = `where ($1::text is null or u.username ilike $1 or u.email ilike $1 or o.name ilike $1)
  and ($2::text is null or u.role = $2)
  and ($3::boolean is null or u.active = $3)`;

export async function findUsersPage(db: Db, filter: UserFilter, limit: number, offset: number): Promise<{ rows: UserRecord[]; total: number }> {
  const params = [filter.pattern, filter.role, filter.active];
  const rows = await db.query<UserRecord>(`${SELECT_USER} ${WHERE_FILTER} order by u.created_at desc, u.id limit $4 offset $5`, [...params, limit, offset]);
  const count = await db.one<{ total: number }>(
    `select count(*)::int as total from users u join organizations o on o.id = u.organization_id ${WHERE_FILTER}`,
    params,
  );
  return { rows, total: count.total };
}

export function findUserRecord(db: Db, id: string): Promise<UserRecord | undefined> {
  return db.maybeOne<UserRecord>(`${SELECT_USER} where u.id = $1`, [id]);
}

/** An invited user who has not set a password yet, matching both name and address (a repeated invitation). */
export async function findPendingInvitee(db: Db, username: string, email: string): Promise<string | undefined> {
  const row = await db.maybeOne<{ id: string }>(
    'select id from users where lower(username) = lower($1) and lower(email) = lower($2) and password_hash is null',
    [username, email],
  );
  return row?.id;
}

/** The user row, locked until the transaction ends (edits and deletion of one user serialize). */
export function lockUser(tx: Db, id: string): Promise<{ id: string; role: 'USER' | 'ADMIN'; active: boolean; organizationId: string } | undefined> {
  return tx.maybeOne('select id, role, active, organization_id as "organizationId" from users where id = $1 for update', [id]);
}

/**
 * Locks every active administrator and returns their ids: two admins demoting or deleting each other at the same
 * moment serialize here, so the last active admin is never removed.
 */
export async function lockActiveAdmins(tx: Db): Promise<string[]> {
  const rows = await tx.query<{ id: string }>("select id from users where role = 'ADMIN' and active order by id for update", []);
  return rows.map((r) => r.id);
}

/**
 * Role and/or active (null leaves the value as it is). Reactivating a member their organization's owner removed brings
 * them back into that organization.
 */
export async function updateUserAccess(tx: Db, id: string, change: { role?: 'USER' | 'ADMIN'; active?: boolean }): Promise<void> {
  await tx.execute(
    `update users set role = coalesce($2, role), active = coalesce($3, active),
            removed_from_organization_at = case when $3::boolean then null else removed_from_organization_at end
      where id = $1`,
    [id, change.role ?? null, change.active ?? null],
  );
}

export async function renameOrganization(tx: Db, organizationId: string, name: string): Promise<void> {
  await tx.execute('update organizations set name = $2 where id = $1', [organizationId, name]);
}

export interface OrganizationOfUser {
  organizationId: string;
  /** Members other than this user. */
  otherMembers: number;
  subscriptionTier: string;
  subscriptionStatus: string | null;
  subscriptionCancelAt: Date | null;
}

export function findOrganizationOfUser(db: Db, userId: string): Promise<OrganizationOfUser | undefined> {
  return db.maybeOne<OrganizationOfUser>(
    `select o.id as "organizationId", (select count(*)::int from users m where m.organization_id = o.id and m.id <> u.id) as "otherMembers",
            o.subscription_tier as "subscriptionTier", o.subscription_status as "subscriptionStatus", o.subscription_cancel_at as "subscriptionCancelAt"
       from users u join organizations o on o.id = u.organization_id where u.id = $1`,
    [userId],
  );
}

/** A table whose rows point at a user, and what deleting the user does to them ('c' cascade, 'n' set null, else blocks). */
export interface UserReference {
  table: string;
  /** schema.table, quoted for SQL. */
  qualified: string;
  column: string;
  onDelete: 'c' | 'n' | 'a' | 'r' | 'd';
}

/**
 * Every foreign key that references users(id), read from the catalog, so the deletion summary covers tables other
 * areas add later (alert rules, …) without a list to keep up to date.
 */
export function findUserReferences(db: Db): Promise<UserReference[]> {
  return db.query<UserReference>(
    `select t.relname as "table", format('%I.%I', n.nspname, t.relname) as "qualified", a.attname as "column", c.confdeltype as "onDelete"
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'users'::regclass and array_length(c.conkey, 1) = 1
      order by 1, 3`,
    [],
  );
}

/** Rows of `table` whose `column` is the user (names come from the catalog, quoted). */
export async function countRowsOfUser(db: Db, reference: UserReference, userId: string): Promise<number> {
  const row = await db.one<{ n: number }>(`select count(*)::int as n from ${reference.qualified} where "${reference.column.replace(/"/g, '""')}" = $1`, [
    userId,
  ]);
  return row.n;
}

/** Deletes the user (their own rows go with them through the foreign keys' on delete cascade). */
export async function deleteUserRow(tx: Db, id: string): Promise<void> {
  await tx.execute('delete from users where id = $1', [id]);
}

/** Deletes an organization nobody belongs to any more (its usage counters and scans go with it). */
export async function deleteOrganizationIfEmpty(tx: Db, organizationId: string): Promise<boolean> {
  return (
    (await tx.execute('delete from organizations o where o.id = $1 and not exists (select 1 from users u where u.organization_id = o.id)', [organizationId])) >
    0
  );
}
