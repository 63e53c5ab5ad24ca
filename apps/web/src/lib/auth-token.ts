import { tokenClaimsSchema, type TokenClaims } from '@dealradar/shared/contracts/account';
import { DEFAULT_TIER } from '@dealradar/shared/tiers';

/** The session token lives under local storage key `token` (SPEC §3). */
export const TOKEN_KEY = 'token';
/** Window event fired in this tab when the token is stored or removed (the `storage` event covers other tabs). */
export const TOKEN_CHANGED_EVENT = 'tokenChanged';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } finally {
    window.dispatchEvent(new Event(TOKEN_CHANGED_EVENT));
  }
}

function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes the payload without verifying it (the server verifies); null when not decodable. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(decodeBase64Url(parts[1])));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** SPEC §5: invalid if missing, not decodable, or past exp. */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const claims = decodeToken(token);
  return !!claims && claims.exp * 1000 > nowMs;
}

/** What the sidebar shows: the e-mail and tier, or 'User' and 'FREE' when the token cannot be read (SPEC §2). */
export function sessionIdentity(token: string | null | undefined): { email: string; tier: string } {
  const claims = decodeToken(token);
  return { email: claims?.email || 'User', tier: claims?.subscriptionTier || DEFAULT_TIER };
}
