import { describe, expect, it } from 'vitest';
import { formatLastActive, roleBadgeColor } from './last-active.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('last active wording (SPEC §2 Users)', () => {
  it("'Never' without a time", () => {
    expect(formatLastActive(null, NOW)).toBe('Never');
    expect(formatLastActive(undefined, NOW)).toBe('Never');
    expect(formatLastActive('not a date', NOW)).toBe('Never');
  });
  it("'Just now' under a minute (and for clock skew into the future)", () => {
    expect(formatLastActive(ago(0), NOW)).toBe('Just now');
    expect(formatLastActive(ago(59_999), NOW)).toBe('Just now');
    expect(formatLastActive(ago(-5000), NOW)).toBe('Just now');
  });
  it("'Nm ago', 'Nh ago', 'Nd ago'", () => {
    expect(formatLastActive(ago(MIN), NOW)).toBe('1m ago');
    expect(formatLastActive(ago(59 * MIN + 59_000), NOW)).toBe('59m ago');
    expect(formatLastActive(ago(60 * MIN), NOW)).toBe('1h ago');
    expect(formatLastActive(ago(23 * 60 * MIN + 59 * MIN), NOW)).toBe('23h ago');
    expect(formatLastActive(ago(24 * 60 * MIN), NOW)).toBe('1d ago');
    expect(formatLastActive(ago(6 * 24 * 60 * MIN), NOW)).toBe('6d ago');
  });
  it('a date from a week on', () => {
    expect(formatLastActive(ago(7 * 24 * 60 * MIN), NOW)).toBe('15 Nov 2026');
    expect(formatLastActive('2025-01-03T10:00:00Z', NOW)).toBe('3 Jan 2025');
  });
  it('role badges: ADMIN red, USER blue', () => {
    expect(roleBadgeColor('ADMIN')).toBe('red');
    expect(roleBadgeColor('USER')).toBe('blue');
  });
});
