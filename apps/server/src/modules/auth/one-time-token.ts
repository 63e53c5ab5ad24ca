import crypto from 'node:crypto';

/** What a one-time link is for; each has its own lifetime. */
export type TokenPurpose = 'confirm_email' | 'reset_password' | 'invite';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  confirm_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
  invite: 7 * 24 * 3600 * 1000,
};

export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token.';

/** 32 random bytes, URL-safe. Only its hash is stored. */
export function newTokenValue(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** SHA-256 hex: a long random token needs no salt or slow hash, and lookup stays an index hit. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export function tokenExpiry(purpose: TokenPurpose, now: Date): Date {
  return new Date(now.getTime() + TOKEN_TTL_MS[purpose]);
}

export type TokenState = 'valid' | 'used' | 'expired';

/** A token is usable once, before it expires. */
export function tokenState(token: { expiresAt: Date; usedAt: Date | null }, now: Date): TokenState {
  if (token.usedAt) return 'used';
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
