import type { Db } from '../../db/client.ts';

/** The user behind a session token as the database knows them now (the auth guard reads it on every request). */
export interface SessionUserRow {
  id: string;
  username: string;
  email: string;
  role: 'USER' | 'ADMIN';
  active: boolean;
  organization_id: string;
  subscription_tier: string;
  primary_country: string | null;
  session_version: number;
  /** The organization's owner removed this member. */
  removed_from_organization: boolean;
  /** The token's id is on the revocation list (logged out). */
  revoked: boolean;
}

export function findSessionUser(db: Db, userId: string, jti: string): Promise<SessionUserRow | undefined> {
  return db.maybeOne<SessionUserRow>(
    `select u.id, u.username, u.email, u.role, u.active, u.organization_id, o.subscription_tier, u.primary_country, u.session_version,
            u.removed_from_organization_at is not null as removed_from_organization,
            exists (select 1 from revoked_tokens r where r.jti = $2) as revoked
       from users u join organizations o on o.id = u.organization_id
      where u.id = $1`,
    [userId, jti],
  );
}

export async function recordLastActive(db: Db, userId: string, now: Date): Promise<void> {
  await db.execute('update users set last_active_at = $2 where id = $1', [userId, now]);
}
