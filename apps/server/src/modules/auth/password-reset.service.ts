import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors/app-error.ts';
import { deliverInBackground } from '../../lib/mail/deliver.ts';
import { clearRateLimit, consumeRateLimit } from '../rate-limit/rate-limit.service.ts';
import { RATE_LIMITS } from '../rate-limit/rate-limit.rules.ts';
import { findAccountByEmail, markAuthTokenUsed, retireOpenTokens, updatePassword, type AuthTokenRow } from './auth.repository.ts';
import { resetPasswordMessage } from './auth.emails.ts';
import { findAuthTokenByValue, issueAuthToken } from './auth-tokens.service.ts';
import { INVALID_TOKEN_MESSAGE, tokenState, type TokenPurpose } from './one-time-token.ts';
import { hashPassword } from './password.ts';

export const FORGOT_PASSWORD_MESSAGE = 'If the email exists, a reset link has been sent.';
export const RESET_SUCCESS_MESSAGE = 'Password reset successful. You can now log in.';
export const CONFIRM_PASSWORD_SUCCESS_MESSAGE = 'Your email has been confirmed and your password has been set. You can now log in.';

/** Same answer, and no slower, whether or not the address has an account. */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'log' | 'mailer'>,
  email: string,
  clientIp: string,
): Promise<{ message: string }> {
  await consumeRateLimit(deps, RATE_LIMITS.forgotPerIp, clientIp);
  await consumeRateLimit(deps, RATE_LIMITS.forgotPerAccount, email);
  const account = await findAccountByEmail(deps.db, email);
  if (account?.active) {
    const token = await issueAuthToken(deps, account.id, 'reset_password');
    deliverInBackground(deps.mailer, deps.log, resetPasswordMessage(account, deps.config.APP_URL, token));
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/** POST /auth/reset-password: a reset link sets a new password once; every older session ends. */
export async function resetPassword(deps: Pick<AppDeps, 'clock' | 'db'>, rawToken: string, password: string): Promise<{ message: string }> {
  await setPasswordWithToken(deps, rawToken, password, ['reset_password']);
  return { message: RESET_SUCCESS_MESSAGE };
}

/** POST /auth/confirm-password: an invitation (or confirmation) link confirms the address and sets the password. */
export async function confirmPassword(deps: Pick<AppDeps, 'clock' | 'db'>, rawToken: string, newPassword: string): Promise<{ message: string }> {
  await setPasswordWithToken(deps, rawToken, newPassword, ['invite', 'confirm_email']);
  return { message: CONFIRM_PASSWORD_SUCCESS_MESSAGE };
}

async function setPasswordWithToken(deps: Pick<AppDeps, 'clock' | 'db'>, rawToken: string, password: string, purposes: TokenPurpose[]): Promise<void> {
  const token = await findAuthTokenByValue(deps, rawToken);
  const now = deps.clock.now();
  if (!isUsable(token, purposes, now)) throw badRequest(INVALID_TOKEN_MESSAGE);
  const passwordHash = await hashPassword(password);
  await deps.db.tx(async (tx) => {
    // Re-checked atomically: of two concurrent uses only one wins.
    if (!(await markAuthTokenUsed(tx, token.id, now))) throw badRequest(INVALID_TOKEN_MESSAGE);
    await updatePassword(tx, token.userId, passwordHash, now);
    await retireOpenTokens(tx, token.userId, ['reset_password', 'invite'], now);
  });
  // The owner proved the mailbox: a lock-out by someone else's guesses ends with it (per account and per address).
  await clearRateLimit(deps, RATE_LIMITS.loginFailuresPerAccount, token.userId);
  await clearRateLimit(deps, RATE_LIMITS.loginFailuresPerAccountAndIp, token.userId);
}

function isUsable(token: AuthTokenRow | undefined, purposes: TokenPurpose[], now: Date): token is AuthTokenRow {
  return token !== undefined && token.active && purposes.includes(token.purpose) && tokenState(token, now) === 'valid';
}
