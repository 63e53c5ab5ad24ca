import { describe, expect, it } from 'vitest';
import { breakdownConversion, toListCurrency } from '@dealradar/shared/money';
import { toEur } from './deal-calculator.ts';

describe("a deal's EUR figures are its breakdown's amounts converted (docs/money.md)", () => {
  it('converts the amount the breakdown shows (to the cent), not the unrounded profit', () => {
    // Profit 475.4 pence shows as £4.75 in the breakdown; £4.75 ÷ 0.8745 = €5.43 (not 475.4 ÷ 0.8745 = €5.44).
    expect(toEur(475.4, 0.8745)).toBe(5.43);
    const conversion = breakdownConversion({ currency: 'GBP', fxRate: 0.8745, fxDate: '2026-11-28' })!;
    for (const minor of [1, 99, 475.4, 475.6, 1995, -475.4, -1, 123456.49]) {
      expect(toEur(minor, 0.8745)).toBe(toListCurrency(Math.round(minor) / 100, conversion));
    }
    expect(toEur(1999, 1)).toBe(19.99);
    expect(toEur(null, 0.8745)).toBeNull();
  });
});
