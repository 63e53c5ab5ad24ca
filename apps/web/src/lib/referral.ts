import { REFERRAL_LIFETIME_MS } from '@dealradar/shared/constants';

export const REFERRAL_KEY = 'ref';
const REFERRAL_PATTERN = /^[\w.-]{1,64}$/;

/** Where the referral lives: local storage and a cookie. Tests pass their own. */
export interface ReferralStore {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  readCookies: () => string;
  writeCookie: (cookie: string) => void;
}

function browserStore(): ReferralStore {
  let storage: ReferralStore['storage'] = null;
  try {
    storage = window.localStorage;
  } catch {
    /* storage blocked: the cookie still holds the code */
  }
  return {
    storage,
    readCookies: () => document.cookie,
    writeCookie: (cookie) => {
      document.cookie = cookie;
    },
  };
}

/** A ?ref= value worth keeping, or undefined (missing, blank or not a plain code). */
export function parseReferral(search: string): string | undefined {
  const ref = new URLSearchParams(search).get(REFERRAL_KEY)?.trim();
  return ref && REFERRAL_PATTERN.test(ref) ? ref : undefined;
}

/** Keeps a ?ref= code in local storage and a cookie for 90 days (SPEC §1, §9). A newer code replaces an older one. */
export function captureReferral(search: string, nowMs: number = Date.now(), store: ReferralStore = browserStore()): void {
  const ref = parseReferral(search);
  if (!ref) return;
  const expiresAt = nowMs + REFERRAL_LIFETIME_MS;
  try {
    store.storage?.setItem(REFERRAL_KEY, JSON.stringify({ value: ref, expiresAt }));
  } catch {
    /* quota or privacy mode: the cookie still holds it */
  }
  store.writeCookie(`${REFERRAL_KEY}=${encodeURIComponent(ref)}; expires=${new Date(expiresAt).toUTCString()}; path=/; SameSite=Lax`);
}

/** The stored referral code, or undefined when absent or older than 90 days. */
export function getReferral(nowMs: number = Date.now(), store: ReferralStore = browserStore()): string | undefined {
  try {
    const raw = store.storage?.getItem(REFERRAL_KEY);
    if (raw) {
      const stored = JSON.parse(raw) as { value?: unknown; expiresAt?: unknown };
      if (typeof stored.value === 'string' && typeof stored.expiresAt === 'number') {
        return stored.expiresAt > nowMs ? stored.value : undefined;
      }
    }
  } catch {
    /* unreadable entry: fall through to the cookie */
  }
  // The browser drops the cookie itself once it expires.
  const match = store.readCookies().match(/(?:^|;\s*)ref=([^;]+)/);
  if (!match?.[1]) return undefined;
  const value = decodeURIComponent(match[1]);
  return REFERRAL_PATTERN.test(value) ? value : undefined;
}

/** The Sign Up link keeps the code along (SPEC §2 /login). */
export function withReferral(path: string, ref: string | undefined): string {
  return ref ? `${path}?${REFERRAL_KEY}=${encodeURIComponent(ref)}` : path;
}
