import { describe, expect, it } from 'vitest';
import { buyBoxSellerLabel, formatEur, formatMoney, formatPercent } from './deal-format.ts';

describe('deal formatting', () => {
  it('shows supplier deal money in EUR with 2 decimals', () => {
    expect(formatEur(12.5)).toBe('€12.50');
    expect(formatEur(null)).toBe('—');
  });
  it('uses the currency symbol of the market for the breakdown', () => {
    expect(formatMoney(3, 'GBP')).toBe('£3.00');
    expect(formatMoney(1234.567, 'USD')).toBe('$1,234.57');
  });
  it('formats percentages', () => {
    expect(formatPercent(25.349)).toBe('25.3%');
  });
  it("shows Amazon's own seller id as Amazon", () => {
    expect(buyBoxSellerLabel('A3JWKAKR8XB7XF')).toBe('Amazon');
    expect(buyBoxSellerLabel('A2XYZSELLER')).toBe('A2XYZSELLER');
    expect(buyBoxSellerLabel(null)).toBe('—');
  });
});
