import { describe, expect, it } from 'vitest';
import { REFERRAL_LIFETIME_MS } from '@dealradar/shared/constants';
import { captureReferral, getReferral, parseReferral, withReferral, type ReferralStore } from './referral.ts';

function memoryStore(): ReferralStore & { items: Map<string, string>; cookies: string[] } {
  const items = new Map<string, string>();
  const cookies: string[] = [];
  return {
    items,
    cookies,
    storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) },
    readCookies: () => cookies.map((cookie) => cookie.split(';')[0]).join('; '),
    writeCookie: (cookie) => void cookies.push(cookie),
  };
}
const NOW = Date.UTC(2026, 10, 22);

describe('referral code (SPEC §1, §9)', () => {
  it('keeps ?ref= in local storage and in a cookie for 90 days', () => {
    const store = memoryStore();
    captureReferral('?ref=partner-42', NOW, store);
    expect(JSON.parse(store.items.get('ref')!)).toEqual({ value: 'partner-42', expiresAt: NOW + REFERRAL_LIFETIME_MS });
    expect(store.cookies[0]).toContain('ref=partner-42');
    expect(store.cookies[0]).toContain(`expires=${new Date(NOW + 7776000000).toUTCString()}`);
    expect(getReferral(NOW + REFERRAL_LIFETIME_MS - 1, store)).toBe('partner-42');
  });

  it('forgets the code after 90 days', () => {
    const store = memoryStore();
    store.storage!.setItem('ref', JSON.stringify({ value: 'old', expiresAt: NOW + REFERRAL_LIFETIME_MS }));
    expect(getReferral(NOW + REFERRAL_LIFETIME_MS, store)).toBeUndefined();
  });

  it('falls back to the cookie when local storage has nothing', () => {
    const store = memoryStore();
    store.cookies.push('theme=dark; path=/', 'ref=from-cookie; path=/');
    expect(getReferral(NOW, store)).toBe('from-cookie');
    expect(getReferral(NOW, { ...store, storage: null })).toBe('from-cookie');
  });

  it('ignores a missing, blank or malformed code and keeps the earlier one', () => {
    const store = memoryStore();
    captureReferral('?ref=first', NOW, store);
    for (const search of ['', '?ref=', '?ref=%20%20', '?ref=<script>', `?ref=${'x'.repeat(65)}`]) captureReferral(search, NOW + 1, store);
    expect(getReferral(NOW + 2, store)).toBe('first');
    expect(parseReferral('?ref=a.b_c-9')).toBe('a.b_c-9');
  });

  it('a newer code replaces an older one', () => {
    const store = memoryStore();
    captureReferral('?ref=first', NOW, store);
    captureReferral('?utm=x&ref=second', NOW + 1000, store);
    expect(getReferral(NOW + 2000, store)).toBe('second');
  });

  it('the Sign Up link carries the code along', () => {
    expect(withReferral('/register', 'partner 1')).toBe('/register?ref=partner%201');
    expect(withReferral('/register', undefined)).toBe('/register');
  });
});
