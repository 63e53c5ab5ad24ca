import { describe, expect, it } from 'vitest';
import { rateLimitKey, rateLimitMessage, RATE_LIMITS, secondsUntilReset, windowStart } from './rate-limit.rules.ts';

describe('rate-limit rules', () => {
  const rule = RATE_LIMITS.loginPerIp; // 15-minute windows

  it('aligns windows to multiples of their length', () => {
    expect(windowStart(rule, new Date('2026-01-01T10:07:30Z')).toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(windowStart(rule, new Date('2026-01-01T10:15:00Z')).toISOString()).toBe('2026-01-01T10:15:00.000Z');
  });

  it('counts the seconds left in the window, at least one', () => {
    expect(secondsUntilReset(rule, new Date('2026-01-01T10:07:30Z'))).toBe(450);
    expect(secondsUntilReset(rule, new Date('2026-01-01T10:14:59.900Z'))).toBe(1);
  });

  it('keys are per rule and case-insensitive per subject, and hold a hash of each subject part, never the raw input', () => {
    expect(rateLimitKey(rule, ' Alice@Example.TEST ')).toBe(rateLimitKey(rule, 'alice@example.test'));
    expect(rateLimitKey(rule, 'alice@example.test')).toMatch(/^login:ip:[0-9a-f]{64}$/);
    expect(rateLimitKey(rule, 'x'.repeat(3000)).length).toBe('login:ip:'.length + 64);
    expect(rateLimitKey(RATE_LIMITS.forgotPerAccount, 'a')).not.toBe(rateLimitKey(RATE_LIMITS.forgotPerIp, 'a'));
    const accountAndIp = rateLimitKey(RATE_LIMITS.loginFailuresPerAccountAndIp, 'acct', '10.0.0.1');
    expect(accountAndIp.startsWith(`${rateLimitKey(RATE_LIMITS.loginFailuresPerAccountAndIp, 'acct')}:`)).toBe(true);
  });

  it('says what was limited and how long to wait', () => {
    expect(rateLimitMessage(rule, new Date('2026-01-01T10:07:30Z'))).toBe('Too many login attempts from your network. Please try again in 8 minutes.');
    expect(rateLimitMessage(rule, new Date('2026-01-01T10:14:30Z'))).toBe('Too many login attempts from your network. Please try again in 30 seconds.');
    expect(rateLimitMessage(rule, new Date('2026-01-01T10:14:00Z'))).toBe('Too many login attempts from your network. Please try again in 1 minute.');
  });
});
