import { tokenClaimsSchema, type TokenClaims } from '@dealradar/shared/contracts/account';

/** The session token lives under local storage key `token` (SPEC §3). */
export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  window.dispatchEvent(new Event('tokenChanged'));
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  window.dispatchEvent(new Event('tokenChanged'));
}

/** Decodes the payload without verifying it (the server verifies); null when not decodable. */
export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(decodeURIComponent(escape(json))));
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
