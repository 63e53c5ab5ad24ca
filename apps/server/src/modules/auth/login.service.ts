import type { z } from 'zod';
import type { loginBodySchema, SessionResponse } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../errors/app-error.ts';
import { deliverInBackground } from '../../lib/mail/deliver.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { assertUnderRateLimit, consumeRateLimit, recordRateLimitHit } from '../rate-limit/rate-limit.service.ts';
import { RATE_LIMITS } from '../rate-limit/rate-limit.rules.ts';
import { endAllSessions, findAccountByLogin, hasOpenToken, insertRevokedToken } from './auth.repository.ts';
import { confirmEmailMessage } from './auth.emails.ts';
import { issueAuthToken } from './auth-tokens.service.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { signSessionToken } from './session-token.ts';

/** Who a session belongs to now, and when it was last used (the auth plugin checks every request with them). */
export { findSessionUser, recordLastActive } from './session-user.repository.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const CONFIRM_EMAIL_FIRST = 'Please confirm your email address before logging in. Check your inbox for the confirmation link.';
export const CONFIRM_EMAIL_RESENT = 'Please confirm your email address before logging in. We have sent you a new confirmation link.';
/** A member the organization's owner removed (docs/organizations.md). */
export const REMOVED_FROM_ORGANIZATION =
  "You have been removed from your organization, so this account can no longer sign in. Ask the organization's owner, or contact DealRadar support.";
/** Said at login and to a deactivated user's open sessions (the session check shows it on the login screen). */
export const ACCOUNT_DEACTIVATED =
  'This account has been deactivated by an administrator, so it can no longer sign in. Your data is kept; please contact DealRadar support to have it reactivated.';

// Unknown usernames still pay for one argon2 verification, so timing does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('no-such-account-placeholder'));

/** Username (or e-mail) and password → session token. Unconfirmed addresses are refused with a 401 sentence. */
export async function login(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'jwtSecret' | 'log' | 'mailer'>,
  body: z.infer<typeof loginBodySchema>,
  clientIp: string,
): Promise<{ token: string }> {
  await consumeRateLimit(deps, RATE_LIMITS.loginPerIp, clientIp);
  const account = await findAccountByLogin(deps.db, body.username);
  const accountKey = account?.id ?? body.username;
  // Failures lock this account for this client address first; only many more, from anywhere, lock the account itself.
  await assertUnderRateLimit(deps, RATE_LIMITS.loginFailuresPerAccountAndIp, accountKey, clientIp);
  await assertUnderRateLimit(deps, RATE_LIMITS.loginFailuresPerAccount, accountKey);
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), body.password);
  if (!account || !account.passwordHash || !passwordOk) {
    await recordRateLimitHit(deps, RATE_LIMITS.loginFailuresPerAccountAndIp, accountKey, clientIp);
    await recordRateLimitHit(deps, RATE_LIMITS.loginFailuresPerAccount, accountKey);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!account.active) throw unauthorized(account.removedFromOrganization ? REMOVED_FROM_ORGANIZATION : ACCOUNT_DEACTIVATED);
  const now = deps.clock.now();
  if (!account.emailConfirmedAt) {
    // The first link may have expired (24 h): the right password earns a fresh one.
    if (await hasOpenToken(deps.db, account.id, 'confirm_email', now)) throw unauthorized(CONFIRM_EMAIL_FIRST);
    const token = await issueAuthToken(deps, account.id, 'confirm_email');
    deliverInBackground(deps.mailer, deps.log, confirmEmailMessage(account, deps.config.APP_URL, token));
    throw unauthorized(CONFIRM_EMAIL_RESENT);
  }
  const token = await signSessionToken(deps.jwtSecret, account, deps.config.JWT_TTL_SECONDS, now);
  return { token };
}

/** Revokes this session token by its jti until it would have expired anyway. */
export async function logout(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<{ message: string }> {
  await insertRevokedToken(deps.db, user.jti, new Date(user.tokenExp * 1000));
  return { message: 'You have been logged out.' };
}

/** Ends every session of the user, on every device, this one included. */
export async function logoutEverywhere(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<{ message: string }> {
  await endAllSessions(deps.db, user.id);
  return { message: 'You have been logged out on every device.' };
}

/**
 * Ends every session of a user by the same session version as "log out everywhere" and password resets (an admin's
 * deactivation, users module). `db` may be a transaction.
 */
export function endSessionsOfUser(db: Db, userId: string): Promise<void> {
  return endAllSessions(db, userId);
}

/** GET /auth/session: who the token belongs to now. A changed plan or role rides back in X-Refreshed-Token. */
export function currentSession(user: CurrentUser): SessionResponse {
  return { id: user.id, username: user.username, email: user.email, role: user.role, subscriptionTier: user.subscriptionTier };
}
