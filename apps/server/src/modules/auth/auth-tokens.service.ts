import type { AppDeps } from '../../deps.ts';
import { findAuthToken, insertAuthToken, type AuthTokenRow } from './auth.repository.ts';
import { hashToken, newTokenValue, tokenExpiry, type TokenPurpose } from './one-time-token.ts';

/** Creates a one-time link token for the user; returns the raw value (only its hash is stored). */
export async function issueAuthToken(deps: Pick<AppDeps, 'db' | 'clock'>, userId: string, purpose: TokenPurpose): Promise<string> {
  const value = newTokenValue();
  const now = deps.clock.now();
  await insertAuthToken(deps.db, { userId, purpose, tokenHash: hashToken(value), expiresAt: tokenExpiry(purpose, now), now });
  return value;
}

export function findAuthTokenByValue(deps: Pick<AppDeps, 'db'>, value: string): Promise<AuthTokenRow | undefined> {
  return findAuthToken(deps.db, hashToken(value));
}
