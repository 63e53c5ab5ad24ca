import { describe, expect, it } from 'vitest';
import { FEE_RULES_0013 } from '@dealradar/shared/fee-rules.test-helpers';
import type { ProfitTerms } from '../../src/modules/market-data/fee-rules.service.ts';
import { listingProfit, toEurMinor } from '../../src/modules/market-data/listing-profit.ts';
import type { AmazonListing, ResolvedListing } from '../../src/modules/market-data/market-data.types.ts';

const listing: AmazonListing = {
  ean: '4006381333931',
  asin: 'B0TEST0001',
  market: 'UK',
  title: 't',
  brand: 'b',
  imageUrl: null,
  buyBoxPrice: 1299,
  lowestFbaPrice: null,
  lowestFbmPrice: null,
  offerCount: 3,
  mainCategoryRank: 100,
  beautyCategoryRank: 10,
  estimatedMonthlySales: 50,
  rating: 4.5,
  reviewCount: 10,
  buyBoxSellerId: null,
  referralFeeRate: null,
  fbaFee: 250,
  packageQuantity: 2,
  fetchedAt: new Date(),
  source: 'demo',
};

const terms: ProfitTerms = { seller: { country: 'DE', vatRegistered: true }, rules: FEE_RULES_0013, at: new Date('2026-11-23T12:00:00Z') };

describe('listingProfit (consumer helper)', () => {
  it('converts the EUR unit cost with the rate used and applies the resolved pack count', () => {
    const resolved: ResolvedListing = { listing, numberOfPacks: 2, alternatives: [], mapped: false };
    // unit cost €3.50 × 0.8571428… = £3.00; then the UK worked example of profit.test.ts (German seller, 2 % DSF): 29 pence, 4.79 %
    const fx = { from: 'EUR', to: 'GBP', rate: 3 / 3.5, date: '2026-11-19', source: 'config' as const };
    const p = listingProfit(resolved, 350, fx, { terms });
    expect(p).toMatchObject({ currency: 'GBP', unitCost: 300, numberOfPacks: 2, profit: 29, roiPercentage: 4.79, unitCostEur: 350, asin: 'B0TEST0001', fx });
    expect(toEurMinor(p.profit, fx)).toBe(34); // 29 / 0.857 = 33.8
  });

  it('gives the maximum buy price for a minimum ROI in the market currency and in EUR', () => {
    const resolved: ResolvedListing = { listing, numberOfPacks: 2, alternatives: [], mapped: false };
    // UK: revenue 1082.5, fees 198.747 + 255 (2 % DSF each); (1082.5 − 453.747) / (2 × 1.2) = 261.98 → 261 pence; / 0.8 = 326.25 → 326 cents
    const p = listingProfit(resolved, 350, { from: 'EUR', to: 'GBP', rate: 0.8, date: 'x' }, { terms, minRoi: 0.2 });
    expect(p.maxUnitCostForMinRoi).toBe(261);
    expect(p.maxUnitCostEurForMinRoi).toBe(326);
  });

  it('refuses a rate for the wrong currency pair', () => {
    const resolved: ResolvedListing = { listing, numberOfPacks: 1, alternatives: [], mapped: false };
    expect(() => listingProfit(resolved, 100, { from: 'EUR', to: 'EUR', rate: 1, date: 'x' }, { terms })).toThrow(/EUR → GBP/);
  });

  it('a listing without buy box is not a deal', () => {
    const resolved: ResolvedListing = { listing: { ...listing, buyBoxPrice: null }, numberOfPacks: 1, alternatives: [], mapped: false };
    expect(listingProfit(resolved, 100, { from: 'EUR', to: 'GBP', rate: 0.85, date: 'x' }, { terms })).toMatchObject({ status: 'no_buy_box', profit: null });
  });
});
