import { useSyncExternalStore } from 'react';
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
  return isTokenValid(token) ? decodeToken(token) : null;
}
