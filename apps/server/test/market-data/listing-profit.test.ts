import { describe, expect, it } from 'vitest';
import { listingProfit, toEurMinor } from '../../src/modules/market-data/listing-profit.ts';
import type { AmazonListing, ResolvedListing } from '../../src/modules/market-data/market-data.types.ts';

const listing: AmazonListing = {
  ean: '4006381333931', asin: 'B0TEST0001', market: 'UK', title: 't', brand: 'b', imageUrl: null, buyBoxPrice: 1299, lowestFbaPrice: null,
  lowestFbmPrice: null, offerCount: 3, mainCategoryRank: 100, beautyCategoryRank: 10, estimatedMonthlySales: 50, rating: 4.5, reviewCount: 10,
  buyBoxSellerId: null, referralFeeRate: null, fbaFee: 250, packageQuantity: 2, fetchedAt: new Date(), source: 'demo',
};

describe('listingProfit (consumer helper)', () => {
  it('converts the EUR unit cost with the rate used and applies the resolved pack count', () => {
    const resolved: ResolvedListing = { listing, numberOfPacks: 2, alternatives: [], mapped: false };
    // unit cost €3.50 × 0.8571428… = £3.00; then the UK worked example: profit 34 pence, ROI 5.63 %
    const fx = { from: 'EUR', to: 'GBP', rate: 3 / 3.5, date: '2026-11-19', source: 'config' as const };
    const p = listingProfit(resolved, 350, fx);
    expect(p).toMatchObject({ currency: 'GBP', unitCost: 300, numberOfPacks: 2, profit: 34, roiPercentage: 5.63, unitCostEur: 350, asin: 'B0TEST0001', fx });
    expect(toEurMinor(p.profit, fx)).toBe(40); // 34 / 0.857 = 39.7
  });

  it('gives the maximum buy price for a minimum ROI in the market currency and in EUR', () => {
    const resolved: ResolvedListing = { listing, numberOfPacks: 2, alternatives: [], mapped: false };
    // UK: revenue 1082.5, fees 198.747 + 250; (1082.5 − 448.747) / (2 × 1.2) = 264.06 → 264 pence; / 0.8 = 330.08 → 330 cents
    const p = listingProfit(resolved, 350, { from: 'EUR', to: 'GBP', rate: 0.8, date: 'x' }, { minRoi: 0.2 });
    expect(p.maxUnitCostForMinRoi).toBe(264);
    expect(p.maxUnitCostEurForMinRoi).toBe(330);
  });

  it('refuses a rate for the wrong currency pair', () => {
    const resolved: ResolvedListing = { listing, numberOfPacks: 1, alternatives: [], mapped: false };
    expect(() => listingProfit(resolved, 100, { from: 'EUR', to: 'EUR', rate: 1, date: 'x' })).toThrow(/EUR → GBP/);
  });

  it('a listing without buy box is not a deal', () => {
    const resolved: ResolvedListing = { listing: { ...listing, buyBoxPrice: null }, numberOfPacks: 1, alternatives: [], mapped: false };
    expect(listingProfit(resolved, 100, { from: 'EUR', to: 'GBP', rate: 0.85, date: 'x' })).toMatchObject({ status: 'no_buy_box', profit: null });
  });
});
