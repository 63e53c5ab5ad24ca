import { describe, expect, it } from 'vitest';
import { ago, formatBytes, formatSpan } from './format.ts';

describe('System screen formats', () => {
  it('writes sizes in B, KB, MB, GB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
  it('writes spans in seconds, minutes, hours and days', () => {
    expect(formatSpan(45)).toBe('45 s');
    expect(formatSpan(185)).toBe('3 min 5 s');
    expect(formatSpan(7800)).toBe('2 h 10 min');
    expect(formatSpan(3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
  });
  it('says how long ago, or in how long', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(ago('2026-11-29T11:59:30Z', now)).toBe('30 s ago');
    expect(ago('2026-11-29T12:02:00Z', now)).toBe('in 2 min');
  });
});
