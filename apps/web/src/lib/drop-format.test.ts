import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDrop, formatMoney } from './drop-format.ts';
import { formatCount, formatPercent } from './format.ts';

describe('price-drop formats (en-US)', () => {
  it('money in the region currency', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1.7, 'GBP')).toBe('£1.70');
    expect(formatMoney(null, 'EUR')).toBe('—');
  });
  it('counts, average discount and drop percentage', () => {
    expect(formatCount(12480)).toBe('12,480');
    expect(formatPercent(23.4)).toBe('23.4%');
    expect(formatPercent(30)).toBe('30.0%');
    expect(formatDrop(42.456)).toBe('-42.5%');
  });
  it('countdown', () => {
    expect(formatCountdown(3_723_000)).toBe('01:02:03');
    expect(formatCountdown(999)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });
});
