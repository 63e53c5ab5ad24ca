import { describe, expect, it } from 'vitest';
import { approvalWorth, approvalWorthText, estimateSales, monthlyProfitOf, sellerShareText, unitsFromRank, type SalesFacts } from './sales-estimate.ts';

const none: SalesFacts = {
  monthlySold: null,
  rankDrops30: null,
  rankDrops90: null,
  salesRank: null,
  rootCategory: null,
  newFbaOffers: null,
  amazonBuyBoxShare: null,
};

describe('estimateSales: the basis, in order', () => {
  it('monthlySold first (a floor), even with rank drops and a rank', () => {
    const e = estimateSales('DE', { ...none, monthlySold: 300, rankDrops30: 25, rankDrops90: 70, salesRank: 1520, newFbaOffers: 3 })!;
    expect(e.unitsPerMonth).toBe(300);
    expect(e.basis).toBe('monthlySold');
    expect(e.basisText).toBe('≥ 300 bought last month');
    // 3 FBA offers, none of them Amazon's: 3 + 1 sellers → 300 / 4 = 75.
    expect(e.competitors).toBe(4);
    expect(e.sellerUnitsPerMonth).toBe(75);
    expect(monthlyProfitOf(e, 2.4)).toBe(180); // 75 × €2.40
  });

  it('only rank drops: the 30-day count, else the 90-day count ÷ 3', () => {
    const d30 = estimateSales('DE', { ...none, rankDrops30: 25, rankDrops90: 70, salesRank: 1520, newFbaOffers: 4 })!;
    expect([d30.unitsPerMonth, d30.basis, d30.basisText]).toEqual([25, 'rankDrops30', '≈ 25 from 30-day rank drops']);
    expect(d30.sellerUnitsPerMonth).toBe(5); // 25 / (4 + 1)

    // -1 (Keepa: unknown) and 0 are no basis: 90 days, 136 / 3 = 45.33 → 45.
    const d90 = estimateSales('DE', { ...none, rankDrops30: -1, rankDrops90: 136, salesRank: 1520, newFbaOffers: 2 })!;
    expect([d90.unitsPerMonth, d90.basis, d90.basisText]).toEqual([45, 'rankDrops90', '≈ 45 from 90-day rank drops']);
    // The share of the monthly figure as shown (45): / (2 + 1) sellers = 15.
    expect(d90.sellerUnitsPerMonth).toBe(15);
    expect(monthlyProfitOf(d90, 3)).toBe(45); // 45 / 3 × €3.00
  });

  it('only a rank: the market curve k × rank^-0.8 (DE: k = 100,000)', () => {
    // 100000 × 10000^-0.8 = 100000 / 1584.89 = 63.1 → 63.
    const e = estimateSales('DE', { ...none, salesRank: 10_000, rootCategory: 64187031, newFbaOffers: 0 })!;
    expect([e.unitsPerMonth, e.basis, e.basisText]).toEqual([63, 'rank', '≈ 63 from rank']);
    expect(e.competitors).toBe(1);
    expect(e.sellerUnitsPerMonth).toBe(63);
    // US: 396000 / 1584.89 = 249.9 → 250; UK rank 1,000: 90000 / 251.19 = 358.3 → 358.
    expect(unitsFromRank('US', 10_000)).toBe(250);
    expect(unitsFromRank('UK', 1_000)).toBe(358);
    // A very slow rank: DE 5,000,000 → 100000 / 231,800 = 0.43 → 0, said as "< 1".
    expect(estimateSales('DE', { ...none, salesRank: 5_000_000 })!.basisText).toBe('< 1 from rank');
  });

  it('nothing known: no estimate', () => {
    expect(estimateSales('DE', none)).toBeNull();
    expect(estimateSales('DE', { ...none, monthlySold: 0, rankDrops30: 0, rankDrops90: -1, salesRank: -1, newFbaOffers: 5 })).toBeNull();
    expect(monthlyProfitOf(null, 5)).toBeNull();
  });
});

describe("estimateSales: the seller's share with and without Amazon on the buy box", () => {
  it('without Amazon: divided among the FBA offers + 1', () => {
    const e = estimateSales('DE', { ...none, monthlySold: 200, newFbaOffers: 7, amazonBuyBoxShare: 0 })!;
    expect(e.sellerUnitsPerMonth).toBe(25); // 200 / 8
    expect(sellerShareText(e)).toBe('≈ 25 units/month your share (8 FBA sellers incl. you)');
  });

  it('Amazon on the buy box 60 % of the time: its share comes off first, its own offer is not a competitor', () => {
    // 4 FBA offers of which one is Amazon's → 3 third-party + you = 4; 300 × (1 − 0.6) / 4 = 30.
    const e = estimateSales('DE', { ...none, monthlySold: 300, newFbaOffers: 4, amazonOffers: true, amazonBuyBoxShare: 0.6 })!;
    expect(e.competitors).toBe(4);
    expect(e.amazonShare).toBe(0.6);
    expect(e.sellerUnitsPerMonth).toBe(30);
    expect(monthlyProfitOf(e, 2.8)).toBe(84); // 30 × €2.80
    expect(sellerShareText(e)).toBe("≈ 30 units/month your share (4 FBA sellers incl. you, after Amazon's 60 % of the buy box)");
  });

  it('Amazon almost always (≥ 90 %): no FBA estimate, no monthly profit', () => {
    const e = estimateSales('DE', { ...none, rankDrops30: 40, newFbaOffers: 2, amazonOffers: true, amazonBuyBoxShare: 0.95 })!;
    expect(e.unitsPerMonth).toBe(40);
    expect(e.sellerUnitsPerMonth).toBeNull();
    expect(e.noShareReason).toBe('Amazon holds the buy box 95 % of the time: no FBA estimate.');
    expect(monthlyProfitOf(e, 5)).toBeNull();
  });

  it('an unknown FBA count falls back to the new offers; an unknown Amazon share takes nothing off', () => {
    const e = estimateSales('FR', { ...none, monthlySold: 100, newOffers: 3, amazonBuyBoxShare: null })!;
    expect(e.competitors).toBe(4);
    expect(e.sellerUnitsPerMonth).toBe(25);
    expect(e.amazonShare).toBeNull();
  });
});

describe('approvalWorth', () => {
  it('share × profit beside the invoice of N units at the supplier price', () => {
    const estimate = estimateSales('DE', { ...none, monthlySold: 300, newFbaOffers: 4, amazonOffers: true, amazonBuyBoxShare: 0.6 });
    expect(approvalWorth({ estimate, profitPerUnit: 2.8, supplierUnitPrice: 7.2, invoiceUnits: 10 })).toEqual({
      monthlyProfit: 84,
      invoiceCost: 72,
      invoiceUnits: 10,
    });
    expect(approvalWorthText(approvalWorth({ estimate, profitPerUnit: 2.8, supplierUnitPrice: 7.2, invoiceUnits: 10 }), estimate)).toBe(
      'Approval would earn ≈ €84/month (estimate) · an ungating invoice of 10 units costs ≈ €72',
    );
    const amazon = estimateSales('DE', { ...none, monthlySold: 300, newFbaOffers: 2, amazonOffers: true, amazonBuyBoxShare: 0.92 });
    expect(approvalWorthText(approvalWorth({ estimate: amazon, profitPerUnit: 2.8, supplierUnitPrice: 7.2, invoiceUnits: 12 }), amazon)).toBe(
      'Approval would earn little: Amazon holds the buy box 92 % of the time: no FBA estimate. · an ungating invoice of 12 units costs ≈ €86',
    );
    // A UK favorite: in pounds.
    expect(approvalWorthText(approvalWorth({ estimate, profitPerUnit: 2.8, supplierUnitPrice: 7.2, invoiceUnits: 10 }), estimate, 'GBP')).toBe(
      'Approval would earn ≈ £84/month (estimate) · an ungating invoice of 10 units costs ≈ £72',
    );
    expect(approvalWorth({ estimate: null, profitPerUnit: 2.8, supplierUnitPrice: null, invoiceUnits: 24 })).toEqual({
      monthlyProfit: null,
      invoiceCost: null,
      invoiceUnits: 24,
    });
  });
});
