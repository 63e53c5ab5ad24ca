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
  const count = await db.one<{ total: number }>(`select count(*)::int as total from users u join organizations o on o.id = u.organization_id ${WHERE_FILTER}`, params);
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
