import { REFERRAL_LIFETIME_MS } from '@dealradar/shared/constants';

const KEY = 'ref';

/** Keeps a ?ref= code in local storage and a cookie for 90 days (SPEC §1, §9). */
export function captureReferral(search: string, nowMs: number = Date.now()): void {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (!ref || !/^[\w.-]{1,64}$/.test(ref)) return;
  const expiresAt = nowMs + REFERRAL_LIFETIME_MS;
  try {
    localStorage.setItem(KEY, JSON.stringify({ value: ref, expiresAt }));
  } catch {
    /* storage unavailable: the cookie still holds it */
  }
  document.cookie = `${KEY}=${encodeURIComponent(ref)}; expires=${new Date(expiresAt).toUTCString()}; path=/; SameSite=Lax`;
}

/** The stored referral code, or undefined when absent or older than 90 days. */
export function getReferral(nowMs: number = Date.now()): string | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw) {
      const stored = JSON.parse(raw) as { value?: string; expiresAt?: number };
      if (stored.value && typeof stored.expiresAt === 'number' && stored.expiresAt > nowMs) return stored.value;
    }
  } catch {
    /* fall through to the cookie */
  }
  const match = document.cookie.match(/(?:^|;\s*)ref=([^;]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
