import { describe, expect, it } from 'vitest';
import { buyBoxSellerLabel, casePriceNote, formatEur, formatMoney, formatPercent, formatRoiThreshold, packNote } from './deal-format.ts';

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

describe('deal details', () => {
  it('shows the ROI threshold as set, not rounded to a whole percent', () => {
    expect(formatRoiThreshold(0.225)).toBe('22.5%');
    expect(formatRoiThreshold(0.25)).toBe('25%');
    expect(formatRoiThreshold(0.3333)).toBe('33.3%');
  });
  it('names the case price and its units only for case prices', () => {
    expect(casePriceNote({ casePrice: 17.7, unitsPerPrice: 6 })).toBe('Case of 6: €17.70');
    expect(casePriceNote({ casePrice: 2.95, unitsPerPrice: 1 })).toBeNull();
  });
  it('names the pack count of a multipack listing', () => {
    expect(packNote(4)).toBe('4-pack');
    expect(packNote(1)).toBeNull();
  });
});
