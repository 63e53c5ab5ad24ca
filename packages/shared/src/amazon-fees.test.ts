import { describe, expect, it } from 'vitest';
import { isMarked, markThreshold, ourFeeParts, profitWithFees } from './amazon-fees.ts';
import type { SellerProfile } from './fee-rules.ts';
import { FEE_RULES_0013 } from './fee-rules.test-helpers.ts';
import { computeProfit, type AmazonFeeParts, type ProfitInput } from './profit.ts';

const AT = new Date('2026-11-23T12:00:00Z');
const REGISTERED: SellerProfile = { country: 'DE', vatRegistered: true };
const NOT_REGISTERED: SellerProfile = { country: 'DE', vatRegistered: false };
const AMAZON: AmazonFeeParts = { price: 2000, referralFee: 300, fbaFee: 340, closingFee: 5, digitalServicesFee: 5, estimatedAt: '2026-11-23T10:00:00.000Z' };
const deal = (o: Partial<ProfitInput> = {}): ProfitInput => ({
  market: 'DE',
  buyBoxPrice: 2000,
  referralFeeRate: 0.15,
  fbaFee: 300,
  numberOfPacks: 1,
  unitCost: 500,
  seller: REGISTERED,
  rules: FEE_RULES_0013,
  at: AT,
  ...o,
});
/** The API's breakdown of a computed profit (major units), as the dialog sends it. */
const wire = (b: ReturnType<typeof computeProfit>) => ({
  currency: b.currency,
  price: b.salePrice! / 100,
  vat: b.vat! / 100,
  referralFee: b.referralFee! / 100,
  fbaFee: b.fbaFee / 100,
  cost: b.totalCost! / 100,
  profit: b.profit! / 100,
  roi: b.roi,
  numberOfPacks: 1,
  fxRate: 1,
  fxDate: '2026-11-23',
  feeLines: b.feeLines.map((l) => ({ ...l, amount: l.amount / 100 })),
  ...(b.amazonFees
    ? {
        amazonFees: {
          estimatedAt: b.amazonFees.estimatedAt,
          rules: b.amazonFees.rules && {
            ...b.amazonFees.rules,
            total: b.amazonFees.rules.total / 100,
            referralFee: b.amazonFees.rules.referralFee / 100,
            fbaFee: b.amazonFees.rules.fbaFee / 100,
            closingFee: 0,
            digitalServicesFee: b.amazonFees.rules.digitalServicesFee / 100,
          },
        },
      }
    : {}),
});

describe("Amazon's fee estimate in the profit engine", () => {
  it('replaces the referral, FBA, closing and DSF fees at its price, and keeps our rules beside them', () => {
    const rules = computeProfit(deal());
    const amazon = computeProfit(deal({ amazonFees: AMAZON }));
    expect(rules.profit! - amazon.profit!).toBe(50);
    expect(amazon.feeLines.filter((l) => !l.kind.startsWith('fee-vat')).map((l) => [l.kind, l.amount])).toEqual([
      ['referral', 300],
      ['fba', 340],
      ['closing', 5],
      ['referral-dsf', 5],
    ]);
    expect(amazon.amazonFees?.rules).toEqual({ referralFee: 300, fbaFee: 300, closingFee: 0, digitalServicesFee: 0, total: 600 });
    expect(amazon.fbaFeeEstimated).toBe(false);
    // At another price the referral fee keeps its share (15 %) and the rest stays.
    const higher = computeProfit(deal({ buyBoxPrice: 3000, amazonFees: AMAZON }));
    expect(higher.feeLines.find((l) => l.kind === 'referral')?.amount).toBe(450);
  });

  it('charges VAT on Amazon’s fees like on ours for a seller who pays it, and the dialog’s recomputed profit agrees', () => {
    const rules = computeProfit(deal({ seller: NOT_REGISTERED }));
    const amazon = computeProfit(deal({ seller: NOT_REGISTERED, amazonFees: AMAZON }));
    // 0.50 more fees plus 19 % VAT on them (each profit rounded to the cent).
    expect(Math.abs(rules.profit! - amazon.profit! - 59.5)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(profitWithFees(wire(rules), 6.5).profit! - amazon.profit! / 100)).toBeLessThanOrEqual(0.011);
    // From a breakdown computed with Amazon's fees, ours are read from the rules kept beside them.
    expect(ourFeeParts(wire(amazon)).total).toBe(6);
    expect(Math.abs(profitWithFees(wire(amazon), 6).profit! - rules.profit! / 100)).toBeLessThanOrEqual(0.011);
  });

  it('marks a difference above €0.05, or its equivalent in the market currency', () => {
    expect(markThreshold(1)).toBe(0.05);
    expect(markThreshold(0.85)).toBe(0.0425);
    expect(isMarked(0.05, 0.05)).toBe(false);
    expect(isMarked(0.06, 0.05)).toBe(true);
    expect(isMarked(-0.06, 0.05)).toBe(true);
    expect(isMarked(0.04, 0.0425)).toBe(false);
    expect(isMarked(0.05, 0.0425)).toBe(true);
  });
});
