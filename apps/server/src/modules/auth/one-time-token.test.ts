import { describe, expect, it } from 'vitest';
import { hashToken, newTokenValue, tokenExpiry, tokenState } from './one-time-token.ts';

describe('one-time link tokens', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('are long, URL-safe and different every time', () => {
    const a = newTokenValue();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newTokenValue()).not.toBe(a);
  });

  it('are stored as a SHA-256 hex hash that differs from the token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abc')).not.toBe(hashToken('abd'));
  });

  it('expire after 24 h (confirm), 1 h (reset), 7 days (invite)', () => {
    expect(tokenExpiry('confirm_email', now).toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(tokenExpiry('reset_password', now).toISOString()).toBe('2026-03-01T13:00:00.000Z');
    expect(tokenExpiry('invite', now).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('are valid until used or expired', () => {
    const expiresAt = new Date('2026-03-01T13:00:00Z');
    expect(tokenState({ expiresAt, usedAt: null }, now)).toBe('valid');
    expect(tokenState({ expiresAt, usedAt: null }, expiresAt)).toBe('expired');
    expect(tokenState({ expiresAt, usedAt: now }, now)).toBe('used');
  });
});
