/**
 * Why the last session ended, for the login screen (the session check found it revoked, e.g. the account was
 * deactivated). Kept in sessionStorage: the route guards redirect on their own, so a router state could be lost.
 */
const KEY = 'sessionEndedNotice';

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
