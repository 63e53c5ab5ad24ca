import { describe, expect, it } from 'vitest';
import { buyBoxSellerLabel, formatEur, formatFoundAt, formatMoney, formatPercent } from './deal-format.ts';

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
  it('says today for deals found today, else the date', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(formatFoundAt(new Date(2026, 10, 22, 8, 5).toISOString(), now)).toBe('today 08:05');
    expect(formatFoundAt(new Date(2026, 10, 21, 23, 30).toISOString(), now)).toBe('21 Nov 23:30');
  });
});
