import type { RegisterBody } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict } from '../../errors/app-error.ts';
import { deliverInBackground } from '../../lib/mail/deliver.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { RATE_LIMITS } from '../rate-limit/rate-limit.rules.ts';
import { findTakenIdentity, insertOrganization, insertUser, markAuthTokenUsed, markEmailConfirmed } from './auth.repository.ts';
import { confirmEmailMessage } from './auth.emails.ts';
import { findAuthTokenByValue, issueAuthToken } from './auth-tokens.service.ts';
import { INVALID_TOKEN_MESSAGE, tokenState } from './one-time-token.ts';
import { hashPassword } from './password.ts';
import { normalizeAffiliateId } from './referral.ts';

export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful! Please check your email to confirm.';
const USERNAME_TAKEN = 'This username is already taken.';
const EMAIL_TAKEN = 'An account with this email already exists.';

/** Creates the organization and its first user (unconfirmed, FREE) and sends the confirmation link. */
export async function register(deps: AppDeps, body: RegisterBody, clientIp: string): Promise<{ message: string }> {
  await consumeRateLimit(deps, RATE_LIMITS.registerPerIp, clientIp);
  await consumeRateLimit(deps, RATE_LIMITS.registerPerAccount, body.email);
  await assertIdentityFree(deps, body.username, body.email);
  const passwordHash = await hashPassword(body.password);
  const userId = await createAccount(deps, {
    username: body.username,
    email: body.email,
    passwordHash,
    role: 'USER',
    organizationName: body.organization,
    affiliateId: normalizeAffiliateId(body.affiliateId),
  });
  const token = await issueAuthToken(deps, userId, 'confirm_email');
  deliverInBackground(deps.mailer, deps.log, confirmEmailMessage({ email: body.email, username: body.username }, deps.config.APP_URL, token));
  return { message: REGISTRATION_SUCCESS_MESSAGE };
}

export interface NewAccount {
  username: string;
  email: string;
  /** null for an invited user, who sets it through the confirm-password link. */
  passwordHash: string | null;
  role: 'USER' | 'ADMIN';
  organizationName: string;
  affiliateId: string | null;
}

/** A new organization (FREE plan) with this user as its member; unconfirmed. Used by registration and invitations. */
export async function createAccount(deps: Pick<AppDeps, 'db'>, account: NewAccount): Promise<string> {
  try {
    return await deps.db.tx(async (tx) => {
      const organizationId = await insertOrganization(tx, account.organizationName);
      return insertUser(tx, { ...account, organizationId });
    });
  } catch (error) {
    // Two registrations raced past the check: the unique index decides.
    if (isUniqueViolation(error)) await assertIdentityFree(deps, account.username, account.email);
    throw error;
  }
}

export async function assertIdentityFree(deps: Pick<AppDeps, 'db'>, username: string, email: string): Promise<void> {
  const taken = await findTakenIdentity(deps.db, username, email);
  if (taken.username) throw conflict(USERNAME_TAKEN);
  if (taken.email) throw conflict(EMAIL_TAKEN);
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * GET /auth/confirm?token=: confirms the address of a confirmation link and answers its e-mail.
 * Opening the link again answers the same (the address is confirmed). An invitation link is only
 * looked at here (the confirm-password page shows its e-mail); POST /auth/confirm-password uses it up.
 */
export async function confirmEmail(deps: AppDeps, rawToken: string): Promise<{ email: string }> {
  const token = await findAuthTokenByValue(deps, rawToken);
  if (!token || !token.active || token.purpose === 'reset_password') throw badRequest(INVALID_TOKEN_MESSAGE);
  const now = deps.clock.now();
  const state = tokenState(token, now);
  if (token.purpose === 'invite') {
    if (state === 'valid' || (state === 'used' && token.emailConfirmedAt)) return { email: token.email };
    throw badRequest(INVALID_TOKEN_MESSAGE);
  }
  if (state === 'valid') {
    await deps.db.tx(async (tx) => {
      await markAuthTokenUsed(tx, token.id, now);
      await markEmailConfirmed(tx, token.userId, now);
    });
    return { email: token.email };
  }
  if (token.emailConfirmedAt) return { email: token.email };
  throw badRequest(INVALID_TOKEN_MESSAGE);
}
