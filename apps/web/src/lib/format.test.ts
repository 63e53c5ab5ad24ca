import { describe, expect, it } from 'vitest';
import { buyBoxSellerLabel, formatCount, formatMoney, formatPercent } from './format.ts';

describe('shared display formatting', () => {
  it('shows money with the currency symbol and 2 decimals', () => {
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
    expect(formatMoney(1234.567, 'GBP')).toBe('£1,234.57');
    expect(formatMoney(3, 'USD')).toBe('$3.00');
    expect(formatMoney(null, 'EUR')).toBe('—');
    expect(formatMoney(Number.NaN, 'EUR')).toBe('—');
  });

  it('shows percentages and counts, a dash when unknown', () => {
    expect(formatPercent(23.456)).toBe('23.5%');
    expect(formatPercent(undefined)).toBe('—');
    expect(formatPercent(1234.5)).toBe('1,234.5%');
    expect(formatPercent(30, 2)).toBe('30.00%');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('—');
  });

  it("shows Amazon's own seller ids as 'Amazon' and other sellers by id", () => {
    expect(buyBoxSellerLabel('A3JWKAKR8XB7XF')).toBe('Amazon');
    expect(buyBoxSellerLabel('A3P5ROKL5A1OLE')).toBe('Amazon');
    expect(buyBoxSellerLabel('A2XYZSELLER')).toBe('A2XYZSELLER');
    expect(buyBoxSellerLabel(null)).toBe('—');
  });
});
