import { describe, expect, it } from 'vitest';
import { FEE_RULES_0013 } from '@dealradar/shared/fee-rules.test-helpers';
import { getMarket, type MarketId } from '@dealradar/shared/markets';
import type { SellerProfile } from '@dealradar/shared/fee-rules';
import { evaluateProduct, isSurelyNoDeal, type DealInput } from '../../src/modules/scans/deal-calculator.ts';
import type { AmazonListing } from '../../src/modules/market-data/market-data.types.ts';

const AT = new Date('2026-11-23T12:00:00Z');
const RATES: Record<string, number> = { EUR: 1, GBP: 0.8745, USD: 1.0512, CAD: 1.4701 };
const SELLERS: SellerProfile[] = [
  { country: 'DE', vatRegistered: true },
  { country: 'DE', vatRegistered: false },
  { country: 'UK', vatRegistered: true },
  { country: 'IT', vatRegistered: false },
];

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function inputOf(rand: () => number, i: number): DealInput {
  const market = (['DE', 'UK', 'FR', 'IT', 'ES', 'US', 'CA'] as MarketId[])[i % 7]!;
  const currency = getMarket(market).currency;
  const buyBox = rand() < 0.05 ? null : Math.round(150 + rand() * 6000);
  const listing: AmazonListing = {
    ean: String(4_000_000_000_000 + i),
    asin: `B0${String(i).padStart(8, '0')}`,
    market,
    title: rand() < 0.1 ? 'Gift set of 3' : 'Cream 50 ml',
    brand: 'Brand',
    imageUrl: null,
    buyBoxPrice: buyBox,
    lowestFbaPrice: null,
    lowestFbmPrice: null,
    offerCount: Math.floor(rand() * 12),
    mainCategoryRank: Math.floor(rand() * 200_000),
    beautyCategoryRank: Math.floor(rand() * 20_000),
    estimatedMonthlySales: Math.floor(rand() * 400),
    rating: 4.2,
    reviewCount: 120,
    buyBoxSellerId: rand() < 0.2 ? 'A3JWKAKR8XB7XF' : 'A1SELLER',
    referralFeeRate: rand() < 0.5 ? null : Math.round(rand() * 15) / 100,
    fbaFee: rand() < 0.1 ? null : Math.round(150 + rand() * 500),
    packageQuantity: 1 + Math.floor(rand() * 3),
    fetchedAt: AT,
    source: 'demo',
  };
  return {
    resolved: { listing, numberOfPacks: listing.packageQuantity, alternatives: [], mapped: false },
    market,
    supplierPriceCents: Math.round(20 + rand() * 3000),
    supplierBrand: 'Brand',
    supplierName: 'list.csv',
    line: i + 2,
    fx: { from: 'EUR', to: currency, rate: RATES[currency]!, date: '2026-11-20' },
    minRoi: [0, 0.1, 0.15, 0.3, 0.5][i % 5]!,
    terms: { seller: SELLERS[i % SELLERS.length]!, rules: FEE_RULES_0013, at: AT },
  };
}

describe('a scan skips building the rows that are surely no deal', () => {
  it('says "surely no deal" exactly for the priced rows the profit engine finds below the minimum ROI (or without ROI)', () => {
    const rand = random(7);
    let skipped = 0;
    let deals = 0;
    for (let i = 0; i < 4000; i += 1) {
      const input = inputOf(rand, i);
      const product = evaluateProduct(input);
      expect(isSurelyNoDeal(input), `row ${i}: ROI ${product.roiPercentage} against ${input.minRoi * 100}`).toBe(!product.isDeal);
      if (product.isDeal) deals += 1;
      else skipped += 1;
    }
    // Both kinds are well represented.
    expect(deals).toBeGreaterThan(400);
    expect(skipped).toBeGreaterThan(400);
  });

  it('never skips a row without a supplier price (stored with its Amazon numbers), nor one priced with Amazon’s own fees', () => {
    const input = inputOf(random(3), 1);
    expect(isSurelyNoDeal({ ...input, supplierPriceCents: null })).toBe(false);
    const { listing } = input.resolved;
    const amazonFees = new Map([
      [
        `${listing.asin}|${listing.market}`,
        { price: 999, referralFee: 999, fbaFee: 999, closingFee: 0, digitalServicesFee: 0, estimatedAt: '2026-11-23T10:00:00Z' },
      ],
    ]);
    const expensive = { ...input, supplierPriceCents: 100_000, terms: { ...input.terms, amazonFees } };
    expect(evaluateProduct(expensive).isDeal).toBe(false);
    expect(isSurelyNoDeal(expensive)).toBe(false);
  });
});
