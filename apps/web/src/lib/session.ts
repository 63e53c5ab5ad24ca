import { useSyncExternalStore } from 'react';
import type { TokenClaims } from '@dealradar/shared/contracts/account';
import { decodeToken, getToken, isTokenValid } from './auth-token.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener('tokenChanged', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('tokenChanged', onChange);
  };
}

/** The current session's claims, or null when the token is missing, undecodable or expired. */
export function useSession(): TokenClaims | null {
  const token = useSyncExternalStore(subscribe, getToken, () => null);
  return isTokenValid(token) ? decodeToken(token) : null;
}
