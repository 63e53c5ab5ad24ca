import { describe, expect, it } from 'vitest';
import { suggestQuantity, supplierFigures } from './buy-list.ts';

describe('suggested quantity (docs/buy-list.md)', () => {
  it('covers the weeks of the share, rounded up to whole cases, capped by the stock in whole cases', () => {
    // 45.5 a month × 4 weeks ÷ (52/12 weeks a month) = 42 units → 4 cases of 12 = 48.
    expect(suggestQuantity({ sellerUnitsPerMonth: 45.5, weeks: 4, numberOfPacks: 1, unitsPerCase: 12, stock: null })).toEqual({
      quantity: 48,
      basis: 'share',
      cappedByStock: false,
    });
    // Stock 40 holds 3 whole cases of 12 = 36.
    expect(suggestQuantity({ sellerUnitsPerMonth: 45.5, weeks: 4, numberOfPacks: 1, unitsPerCase: 12, stock: 40 })).toEqual({
      quantity: 36,
      basis: 'share',
      cappedByStock: true,
    });
    // Single units: 42; stock 100 does not cap.
    expect(suggestQuantity({ sellerUnitsPerMonth: 45.5, weeks: 4, numberOfPacks: 1, unitsPerCase: 1, stock: 100 }).quantity).toBe(42);
    // 10 a month × 2 weeks = 4.615… listings of a 3-pack = 13.85 → 14 units → cases of 6 → 18.
    expect(suggestQuantity({ sellerUnitsPerMonth: 10, weeks: 2, numberOfPacks: 3, unitsPerCase: 6, stock: null }).quantity).toBe(18);
  });
  it('suggests one case without a share, and nothing when the stock holds no whole case', () => {
    expect(suggestQuantity({ sellerUnitsPerMonth: null, weeks: 4, numberOfPacks: 1, unitsPerCase: 6, stock: null })).toEqual({
      quantity: 6,
      basis: 'one-case',
      cappedByStock: false,
    });
    expect(suggestQuantity({ sellerUnitsPerMonth: 0.1, weeks: 1, numberOfPacks: 1, unitsPerCase: 1, stock: null }).quantity).toBe(1);
    expect(suggestQuantity({ sellerUnitsPerMonth: 30, weeks: 4, numberOfPacks: 1, unitsPerCase: 12, stock: 5 }).quantity).toBe(0);
  });
});

describe('supplier figures', () => {
  it('totals units, order value, capital with purchase VAT, profit, ROI, days to sell and the MOV', () => {
    const lines = [
      // 48 × 2.50 = 120.00 net; not registered: × 1.21 = 145.20; profit 48 × 1.80 = 86.40; 48 ÷ 45.5 × 30.4167 = 32.09 → 33 days.
      { quantity: 48, unitPrice: 2.5, purchaseVatRate: 0.21, profitPerListing: 1.8, numberOfPacks: 1, sellerUnitsPerMonth: 45.5 },
      // 10 × 7.333 = 73.33 net; capital 88.7293; 3-pack: 10/3 × 6.00 = 20.00 profit; no share.
      { quantity: 10, unitPrice: 7.333, purchaseVatRate: 0.21, profitPerListing: 6, numberOfPacks: 3, sellerUnitsPerMonth: null },
    ];
    const f = supplierFigures(lines, 250);
    expect(f.units).toBe(58);
    expect(f.orderValue).toBe(193.33);
    expect(f.capital).toBe(233.93); // 145.20 + 88.7293 = 233.9293
    expect(f.expectedProfit).toBe(106.4);
    expect(f.roi).toBeCloseTo(106.4 / 233.93, 10);
    expect(f.daysToSell).toBe(33);
    expect(f.linesWithoutShare).toBe(1);
    expect(f.movMet).toBe(false);
    expect(f.movShortfall).toBe(56.67);
    expect(supplierFigures(lines, 193.33).movMet).toBe(true);
    expect(supplierFigures(lines, null)).toMatchObject({ movMet: null, movShortfall: null });
  });
});
