import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TokenClaims } from '@dealradar/shared/contracts/account';
import { TOKEN_CHANGED_EVENT, decodeToken, getToken, isTokenValid } from './auth-token.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(TOKEN_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(TOKEN_CHANGED_EVENT, onChange);
  };
}

/** The raw stored token, re-rendering when it changes (this tab or another). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

/** The current session's claims, or null when the token is missing, undecodable or expired. */
export function useSession(): TokenClaims | null {
  const token = useToken();
  const [, setExpired] = useState(0);
  const claims = isTokenValid(token) ? decodeToken(token) : null;
  const expiresAtMs = claims ? claims.exp * 1000 : null;
  // Re-render when the token runs out while a page is open, so the guards send the user to /login.
  useEffect(() => {
    if (expiresAtMs === null) return;
    const timer = setTimeout(() => setExpired((n) => n + 1), Math.min(Math.max(0, expiresAtMs - Date.now()) + 50, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [expiresAtMs]);
  return claims;
}
