import type { Db } from '../../db/client.ts';
import type { TokenPurpose } from './one-time-token.ts';

export interface AccountRow {
  id: string;
  username: string;
  email: string;
  role: 'USER' | 'ADMIN';
  active: boolean;
  passwordHash: string | null;
  emailConfirmedAt: Date | null;
  subscriptionTier: string;
  sessionVersion: number;
  /** The organization's owner removed this member (the account is inactive). */
  removedFromOrganization: boolean;
}

const ACCOUNT_COLUMNS = `u.id, u.username, u.email, u.role, u.active, u.password_hash as "passwordHash",
  u.email_confirmed_at as "emailConfirmedAt", o.subscription_tier as "subscriptionTier", u.session_version as "sessionVersion",
  u.removed_from_organization_at is not null as "removedFromOrganization"`;

/** By username or e-mail address, case-insensitive. */
export function findAccountByLogin(db: Db, login: string): Promise<AccountRow | undefined> {
  return db.maybeOne<AccountRow>(
    `select ${ACCOUNT_COLUMNS} from users u join organizations o on o.id = u.organization_id
      where lower(u.username) = lower($1) or lower(u.email) = lower($1)
      order by (lower(u.username) = lower($1)) desc limit 1`,
    [login],
  );
}

export function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.maybeOne<AccountRow>(`select ${ACCOUNT_COLUMNS} from users u join organizations o on o.id = u.organization_id where lower(u.email) = lower($1)`, [
    email,
  ]);
}

export async function findTakenIdentity(db: Db, username: string, email: string): Promise<{ username: boolean; email: boolean }> {
  const rows = await db.query<{ username: string; email: string }>(
    'select username, email from users where lower(username) = lower($1) or lower(email) = lower($2)',
    [username, email],
  );
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function insertOrganization(db: Db, name: string): Promise<string> {
  const row = await db.one<{ id: string }>('insert into organizations (name) values ($1) returning id', [name]);
  return row.id;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string | null;
  role: 'USER' | 'ADMIN';
  organizationId: string;
  affiliateId: string | null;
}

/** The one who registers an organization (or is invited into a new one by an administrator) owns it. */
export async function setOrganizationOwner(db: Db, organizationId: string, userId: string): Promise<void> {
  await db.execute('update organizations set owner_user_id = $2 where id = $1', [organizationId, userId]);
}

export async function insertUser(db: Db, user: NewUser): Promise<string> {
  const row = await db.one<{ id: string }>(
    `insert into users (username, email, password_hash, role, organization_id, affiliate_id)
     values ($1, lower($2), $3, $4, $5, $6) returning id`,
    [user.username, user.email, user.passwordHash, user.role, user.organizationId, user.affiliateId],
  );
  return row.id;
}

export async function markEmailConfirmed(db: Db, userId: string, now: Date): Promise<void> {
  await db.execute('update users set email_confirmed_at = coalesce(email_confirmed_at, $2) where id = $1', [userId, now]);
}

/** Sets the password, confirms the address (the link proved it) and ends every earlier session. */
export async function updatePassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.execute(
    `update users set password_hash = $2, session_version = session_version + 1, email_confirmed_at = coalesce(email_confirmed_at, $3) where id = $1`,
    [userId, passwordHash, now],
  );
}

/** "Log out everywhere": every session of the user ends (their tokens carry an older version). */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.execute('update users set session_version = session_version + 1 where id = $1', [userId]);
}

export interface AuthTokenRow {
  id: string;
  userId: string;
  purpose: TokenPurpose;
  expiresAt: Date;
  usedAt: Date | null;
  email: string;
  emailConfirmedAt: Date | null;
  active: boolean;
}

export async function insertAuthToken(db: Db, token: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date; now: Date }): Promise<void> {
  await db.execute('insert into auth_tokens (user_id, purpose, token_hash, expires_at, created_at) values ($1, $2, $3, $4, $5)', [
    token.userId,
    token.purpose,
    token.tokenHash,
    token.expiresAt,
    token.now,
  ]);
}

export function findAuthToken(db: Db, tokenHash: string): Promise<AuthTokenRow | undefined> {
  return db.maybeOne<AuthTokenRow>(
    `select t.id, t.user_id as "userId", t.purpose, t.expires_at as "expiresAt", t.used_at as "usedAt",
            u.email, u.email_confirmed_at as "emailConfirmedAt", u.active
       from auth_tokens t join users u on u.id = t.user_id
      where t.token_hash = $1`,
    [tokenHash],
  );
}

/** Atomic single use: true only for the one caller that marks it. */
export async function markAuthTokenUsed(db: Db, id: string, now: Date): Promise<boolean> {
  return (await db.execute('update auth_tokens set used_at = $2 where id = $1 and used_at is null and expires_at > $2', [id, now])) === 1;
}

/** Retires every still-open token of these purposes (after a password is set, older links must not work). */
export async function retireOpenTokens(db: Db, userId: string, purposes: TokenPurpose[], now: Date): Promise<void> {
  await db.execute('update auth_tokens set used_at = $3 where user_id = $1 and purpose = any($2::text[]) and used_at is null', [userId, purposes, now]);
}

export async function hasOpenToken(db: Db, userId: string, purpose: TokenPurpose, now: Date): Promise<boolean> {
  const row = await db.maybeOne('select 1 from auth_tokens where user_id = $1 and purpose = $2 and used_at is null and expires_at > $3 limit 1', [
    userId,
    purpose,
    now,
  ]);
  return row !== undefined;
}

export async function insertRevokedToken(db: Db, jti: string, expiresAt: Date): Promise<void> {
  await db.execute('insert into revoked_tokens (jti, expires_at) values ($1, $2) on conflict (jti) do nothing', [jti, expiresAt]);
}

/** Housekeeping: revoked tokens past their expiry, and one-time tokens long expired (kept 30 days so a re-opened confirmation link still answers). */
export async function deleteStaleTokens(db: Db, now: Date): Promise<{ revoked: number; oneTime: number }> {
  const revoked = await db.execute('delete from revoked_tokens where expires_at < $1', [now]);
  const oneTime = await db.execute('delete from auth_tokens where expires_at < $1', [new Date(now.getTime() - 30 * 24 * 3600 * 1000)]);
  return { revoked, oneTime };
}
