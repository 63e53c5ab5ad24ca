import type { RegisterBody } from '@dealradar/shared/contracts/account';
import type { AppDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import { deliverInBackground } from '../../lib/mail/deliver.ts';
import { consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { RATE_LIMITS } from '../rate-limit/rate-limit.rules.ts';
import {
  findAccountByEmail,
  findTakenIdentity,
  insertOrganization,
  insertUser,
  markAuthTokenUsed,
  markEmailConfirmed,
  setOrganizationOwner,
} from './auth.repository.ts';
import { confirmEmailMessage, registrationAttemptMessage } from './auth.emails.ts';
import { findAuthTokenByValue, issueAuthToken } from './auth-tokens.service.ts';
import { INVALID_TOKEN_MESSAGE, tokenState } from './one-time-token.ts';
import { hashPassword } from './password.ts';
import { normalizeAffiliateId } from './referral.ts';

export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful! Please check your email to confirm.';
const USERNAME_TAKEN = 'This username is already taken.';
/** Only administrators see this (invitations); registration answers a known address like a new one. */
const EMAIL_TAKEN = 'An account with this email already exists.';

/**
 * Creates the organization and its first user (unconfirmed, FREE) and sends the confirmation link. An address that
 * already has an account gets the same answer, as fast, and its owner an e-mail about the attempt (no enumeration);
 * a taken username still says so (usernames are public inside the product and chosen by the user).
 */
export async function register(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'log' | 'mailer'>,
  body: RegisterBody,
  clientIp: string,
): Promise<{ message: string }> {
  await consumeRateLimit(deps, RATE_LIMITS.registerPerIp, clientIp);
  await consumeRateLimit(deps, RATE_LIMITS.registerPerAccount, body.email);
  // Hashed first on both paths, so the answer for a known address takes as long as a real registration.
  const passwordHash = await hashPassword(body.password);
  const taken = await findTakenIdentity(deps.db, body.username, body.email);
  if (taken.username) throw new IdentityTaken('username');
  if (taken.email) return notifyOwnerOfAttempt(deps, body.email);
  let userId: string;
  try {
    userId = await createAccount(deps, {
      username: body.username,
      email: body.email,
      passwordHash,
      role: 'USER',
      organizationName: body.organization,
      affiliateId: normalizeAffiliateId(body.affiliateId),
    });
  } catch (error) {
    // A simultaneous registration of the same address won the unique index.
    if (error instanceof IdentityTaken && error.field === 'email') return notifyOwnerOfAttempt(deps, body.email);
    throw error;
  }
  const token = await issueAuthToken(deps, userId, 'confirm_email');
  deliverInBackground(deps.mailer, deps.log, confirmEmailMessage({ email: body.email, username: body.username }, deps.config.APP_URL, token));
  return { message: REGISTRATION_SUCCESS_MESSAGE };
}

async function notifyOwnerOfAttempt(deps: Pick<AppDeps, 'config' | 'db' | 'log' | 'mailer'>, email: string): Promise<{ message: string }> {
  const owner = await findAccountByEmail(deps.db, email);
  if (owner) deliverInBackground(deps.mailer, deps.log, registrationAttemptMessage(owner, deps.config.APP_URL));
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

/** A member invited into an existing organization: an account without a password (set through its confirm-password link). */
export function createInvitedMember(deps: Pick<AppDeps, 'db'>, member: { username: string; email: string; organizationId: string }): Promise<string> {
  return insertUser(deps.db, { ...member, passwordHash: null, role: 'USER', affiliateId: null });
}

/** A new organization (FREE plan) with this user as its member; unconfirmed. Used by registration and invitations. */
export async function createAccount(deps: Pick<AppDeps, 'db'>, account: NewAccount): Promise<string> {
  try {
    return await deps.db.tx(async (tx) => {
      const organizationId = await insertOrganization(tx, account.organizationName);
      const userId = await insertUser(tx, { ...account, organizationId });
      // The one who registers the organization (or is invited into a new one by an administrator) owns it.
      await setOrganizationOwner(tx, organizationId, userId);
      return userId;
    });
  } catch (error) {
    // Two registrations raced past the check: the unique index decides.
    if (isUniqueViolation(error)) await assertIdentityFree(deps, account.username, account.email);
    throw error;
  }
}

/** 409: the username or the e-mail address already has an account. */
export class IdentityTaken extends AppError {
  constructor(readonly field: 'username' | 'email') {
    super('conflict', field === 'username' ? USERNAME_TAKEN : EMAIL_TAKEN);
  }
}

export async function assertIdentityFree(deps: Pick<AppDeps, 'db'>, username: string, email: string): Promise<void> {
  const taken = await findTakenIdentity(deps.db, username, email);
  if (taken.username) throw new IdentityTaken('username');
  if (taken.email) throw new IdentityTaken('email');
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * GET /auth/confirm?token=: confirms the address of a confirmation link and answers its e-mail.
 * Opening the link again answers the same (the address is confirmed). An invitation link is only
 * looked at here (the confirm-password page shows its e-mail); POST /auth/confirm-password uses it up.
 */
export async function confirmEmail(deps: Pick<AppDeps, 'clock' | 'db'>, rawToken: string): Promise<{ email: string }> {
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
