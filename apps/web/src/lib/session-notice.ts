import { clearToken } from './auth-token.ts';
import { queryClient } from './query-client.ts';

/**
 * Why the last session ended, for the login screen (the session check found it revoked, e.g. the account was
 * deactivated). Kept in sessionStorage: the route guards redirect on their own, so a router state could be lost.
 */
const KEY = 'sessionEndedNotice';

/** Said on the login screen when the server ended the session without saying why. */
export const SESSION_ENDED_FALLBACK = 'Your session has ended. Please sign in again.';

export function setSessionNotice(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    /* storage unavailable: the login screen shows no notice */
  }
}

export function peekSessionNotice(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearSessionNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}

/**
 * The server ended this session (deactivated, deleted, signed out everywhere): keep why for the login screen, forget
 * what the session loaded and drop the token, so the route guards go to /login.
 */
export function endSession(message: string | undefined): void {
  setSessionNotice(message ?? SESSION_ENDED_FALLBACK);
  queryClient.clear();
  clearToken();
}
