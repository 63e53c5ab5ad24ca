import { describe, expect, it } from 'vitest';
import { computeProfit, roundMinor } from './profit.ts';

/**
 * Worked examples; every expected figure is computed by hand in the comment above it
 * (minor units, rounding half-up only at the end).
 */
describe('profit engine, VAT-registered seller', () => {
  it('DE: €19.99, 15 %, FBA €2.90, cost €7.45', () => {
    // net = 1999 / 1.19 = 1679.8319; referral = 0.15 × 1999 = 299.85 (P > €10 → high rate)
    // profit = 1679.8319 − 299.85 − 290 − 745 = 344.9819 → 345; ROI = 344.9819 / 745 = 46.31 %
    // VAT = 1999 − 1679.8319 = 319.17 → 319; margin = 344.9819 / 1679.8319 = 0.20537
    // break-even: (290 + 745) / (1/1.19 − 0.15) = 1499.27 → 1500
    // max unit cost at 20 % ROI: (1679.8319 − 299.85 − 290) / 1.2 = 908.32 → 908
    const b = computeProfit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, minRoi: 0.2 });
    expect(b).toMatchObject({
      status: 'ok', currency: 'EUR', salePrice: 1999, vat: 319, revenue: 1680, referralFeeRate: 0.15, referralFeeSource: 'schedule',
      referralFee: 300, referralMinimumApplied: false, fbaFee: 290, fbaFeeEstimated: false, feesVat: 0, purchaseVat: 0,
      totalCost: 745, profit: 345, roiPercentage: 46.31, breakEvenPrice: 1500, maxUnitCostForMinRoi: 908,
    });
    expect(b.margin).toBeCloseTo(0.20537, 4);
  });

  it('UK: £12.99 two-pack, 15.3 %, FBA £2.50, unit cost £3.00', () => {
    // net = 1299 / 1.2 = 1082.5; referral = 0.153 × 1299 = 198.747; cost = 2 × 300 = 600
    // profit = 1082.5 − 198.747 − 250 − 600 = 33.753 → 34; ROI = 33.753 / 600 = 5.63 %
    const b = computeProfit({ market: 'UK', buyBoxPrice: 1299, fbaFee: 250, numberOfPacks: 2, unitCost: 300 });
    expect(b).toMatchObject({ currency: 'GBP', numberOfPacks: 2, referralFee: 199, totalCost: 600, profit: 34, roiPercentage: 5.63 });
  });

  it('FR: €24.90, 15.45 %, FBA €3.10, cost €9.00', () => {
    // net = 2490 / 1.2 = 2075; referral = 0.1545 × 2490 = 384.705
    // profit = 2075 − 384.705 − 310 − 900 = 480.295 → 480; ROI = 53.37 %
    const b = computeProfit({ market: 'FR', buyBoxPrice: 2490, fbaFee: 310, numberOfPacks: 1, unitCost: 900 });
    expect(b).toMatchObject({ referralFee: 385, profit: 480, roiPercentage: 53.37 });
  });

  it("IT: the listing's referral rate wins over the schedule", () => {
    // net = 1850 / 1.22 = 1516.3934; referral = 0.15 × 1850 = 277.5 (schedule would say 15.45 %)
    // profit = 1516.3934 − 277.5 − 320 − 700 = 218.8934 → 219; ROI = 31.27 %
    const b = computeProfit({ market: 'IT', buyBoxPrice: 1850, referralFeeRate: 0.15, fbaFee: 320, numberOfPacks: 1, unitCost: 700 });
    expect(b).toMatchObject({ referralFeeSource: 'listing', referralFeeRate: 0.15, referralFee: 278, profit: 219, roiPercentage: 31.27 });
  });

  it('US: no VAT, prep cost counts in profit and ROI basis', () => {
    // net = 2499; referral = 0.15 × 2499 = 374.85
    // profit = 2499 − 374.85 − 412 − 1000 − 50 = 662.15 → 662; ROI = 662.15 / 1050 = 63.06 %
    const b = computeProfit({ market: 'US', buyBoxPrice: 2499, fbaFee: 412, numberOfPacks: 1, unitCost: 1000, prepCost: 50 });
    expect(b).toMatchObject({ currency: 'USD', vat: 0, revenue: 2499, referralFee: 375, totalCost: 1050, profit: 662, roiPercentage: 63.06 });
  });

  it('CA: three-pack', () => {
    // referral = 0.15 × 3199 = 479.85; cost = 3 × 500 = 1500
    // profit = 3199 − 479.85 − 550 − 1500 = 669.15 → 669; ROI = 44.61 %
    const b = computeProfit({ market: 'CA', buyBoxPrice: 3199, fbaFee: 550, numberOfPacks: 3, unitCost: 500 });
    expect(b).toMatchObject({ currency: 'CAD', totalCost: 1500, profit: 669, roiPercentage: 44.61 });
  });

  it('ES: multipack cost scales with the pack count', () => {
    // net = 1590 / 1.21 = 1314.0496; referral = 0.1545 × 1590 = 245.655; cost = 4 × 150 = 600
    // profit = 1314.0496 − 245.655 − 300 − 600 = 168.3946 → 168; ROI = 28.07 %
    const one = computeProfit({ market: 'ES', buyBoxPrice: 1590, fbaFee: 300, numberOfPacks: 4, unitCost: 150 });
    expect(one).toMatchObject({ totalCost: 600, profit: 168, roiPercentage: 28.07 });
  });
});

describe('profit engine, seller not VAT-registered', () => {
  it('DE: fees carry VAT, full price is revenue, cost is VAT-inclusive', () => {
    // revenue = 1999; referral = 299.85 × 1.19 = 356.8215 → 357; FBA = 290 × 1.19 = 345.1 → 345
    // cost = 745 × 1.19 = 886.55 → 887; profit = 1999 − 356.8215 − 345.1 − 886.55 = 410.5285 → 411
    // ROI = 410.5285 / 886.55 = 46.31 %; VAT on fees = (299.85 + 290) × 0.19 = 112.07 → 112
    const b = computeProfit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, vatRegistered: false });
    expect(b).toMatchObject({
      vatRegistered: false, revenue: 1999, referralFee: 357, fbaFee: 345, feesVat: 112, purchaseVat: 142, totalCost: 887, profit: 411, roiPercentage: 46.31,
    });
  });

  it('ES: 21 % on fees and purchase', () => {
    // referral = 0.1545 × 1590 × 1.21 = 297.24255; FBA = 300 × 1.21 = 363; cost = 600 × 1.21 = 726
    // profit = 1590 − 297.24255 − 363 − 726 = 203.75745 → 204; ROI = 203.75745 / 726 = 28.07 %
    const b = computeProfit({ market: 'ES', buyBoxPrice: 1590, fbaFee: 300, numberOfPacks: 1, unitCost: 600, vatRegistered: false });
    expect(b).toMatchObject({ referralFee: 297, fbaFee: 363, totalCost: 726, profit: 204, roiPercentage: 28.07 });
  });

  it('US: without VAT both statuses give the same profit', () => {
    const a = computeProfit({ market: 'US', buyBoxPrice: 2499, fbaFee: 412, numberOfPacks: 1, unitCost: 1000, vatRegistered: true });
    const b = computeProfit({ market: 'US', buyBoxPrice: 2499, fbaFee: 412, numberOfPacks: 1, unitCost: 1000, vatRegistered: false });
    expect(b.profit).toBe(a.profit);
    expect(b.profit).toBe(712); // 2499 − 374.85 − 412 − 1000 = 712.15
  });

  it('max unit buy price accounts for the unrecoverable purchase VAT', () => {
    // revenue 1999; fees 356.8215 + 345.1 = 701.9215; (1999 − 701.9215) / (1.19 × 1.2) = 908.32 → 908
    const b = computeProfit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, vatRegistered: false, minRoi: 0.2 });
    expect(b.maxUnitCostForMinRoi).toBe(908);
  });
});

describe('referral fee schedule', () => {
  it('applies the per-item minimum on cheap items', () => {
    // 0.08 × 299 = 23.92 < €0.30 minimum → 30; net = 299 / 1.19 = 251.2605
    // profit = 251.2605 − 30 − 200 − 50 = −28.7395 → −29
    const b = computeProfit({ market: 'DE', buyBoxPrice: 299, fbaFee: 200, numberOfPacks: 1, unitCost: 50 });
    expect(b).toMatchObject({ referralFeeRate: 0.08, referralMinimumApplied: true, referralFee: 30, profit: -29 });
  });

  it('UK minimum is £0.25', () => {
    const b = computeProfit({ market: 'UK', buyBoxPrice: 199, fbaFee: 100, numberOfPacks: 1, unitCost: 10 });
    expect(b).toMatchObject({ referralFee: 25, referralMinimumApplied: true });
  });

  it('uses the low rate up to and including the threshold and the high rate on the whole price above it', () => {
    expect(computeProfit({ market: 'DE', buyBoxPrice: 1000, fbaFee: 0, numberOfPacks: 1, unitCost: 1 }).referralFee).toBe(80);
    expect(computeProfit({ market: 'DE', buyBoxPrice: 1001, fbaFee: 0, numberOfPacks: 1, unitCost: 1 }).referralFee).toBe(150); // 150.15
  });

  it('break-even respects the minimum-fee branch', () => {
    // cheap item: cost 100, FBA 100 → (30 + 200) × 1.19 = 273.7 → 274; check 0.08 × 273.7 = 21.9 < 30
    const b = computeProfit({ market: 'DE', buyBoxPrice: 500, fbaFee: 100, numberOfPacks: 1, unitCost: 100 });
    expect(b.breakEvenPrice).toBe(274);
  });
});

describe('missing data', () => {
  it('no buy box → not a deal, no profit, still shows the break-even price', () => {
    const b = computeProfit({ market: 'DE', buyBoxPrice: null, fbaFee: 290, numberOfPacks: 1, unitCost: 745 });
    expect(b).toMatchObject({ status: 'no_buy_box', salePrice: null, profit: null, roi: null, breakEvenPrice: 1500 });
  });

  it('no supplier cost → fees only', () => {
    const b = computeProfit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: null, minRoi: 0.2 });
    expect(b).toMatchObject({ status: 'no_cost', profit: null, referralFee: 300, maxUnitCostForMinRoi: 908 });
  });

  it("unknown FBA fee uses the market's fallback and says so", () => {
    const b = computeProfit({ market: 'DE', buyBoxPrice: 1999, fbaFee: null, numberOfPacks: 1, unitCost: 745 });
    expect(b).toMatchObject({ fbaFeeEstimated: true, fbaFee: 300 });
  });
});

describe('roundMinor', () => {
  it('rounds half up, away from zero', () => {
    expect(roundMinor(2.5)).toBe(3);
    expect(roundMinor(-2.5)).toBe(-3);
    expect(roundMinor(2.4999)).toBe(2);
    expect(roundMinor(0.1 + 0.2 + 344.2)).toBe(345); // 344.5 with float noise
    expect(roundMinor(-0.4)).toBe(0);
  });
});

describe('break-even and max buy price are consistent with the profit formula', () => {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const markets = ['DE', 'UK', 'FR', 'IT', 'ES', 'US', 'CA'] as const;

  it('no lower price breaks even, the break-even price does; the max buy price reaches the ROI and one cent more does not', () => {
    for (let i = 0; i < 60; i += 1) {
      const base = {
        market: markets[i % markets.length]!,
        fbaFee: Math.round(100 + rand() * 400),
        numberOfPacks: 1 + Math.floor(rand() * 3),
        unitCost: Math.round(50 + rand() * 900),
        vatRegistered: rand() < 0.5,
        referralFeeRate: rand() < 0.3 ? 0.12 : null,
      };
      const be = computeProfit({ ...base, buyBoxPrice: null }).breakEvenPrice!;
      const unrounded = (p: number) => {
        const b = computeProfit({ ...base, buyBoxPrice: p });
        return b.roi! * (b.totalCost ?? 0); // profit before rounding (roi × cost)
      };
      expect(unrounded(be)).toBeGreaterThanOrEqual(-1e-6);
      for (let p = Math.max(1, be - 400); p < be; p += 1) expect(unrounded(p)).toBeLessThan(0);

      const price = be + Math.round(rand() * 3000);
      const minRoi = 0.1 + rand() * 0.3;
      const max = computeProfit({ ...base, buyBoxPrice: price, minRoi }).maxUnitCostForMinRoi!;
      if (max <= 0) continue;
      expect(computeProfit({ ...base, buyBoxPrice: price, unitCost: max }).roi!).toBeGreaterThanOrEqual(minRoi - 1e-9);
      expect(computeProfit({ ...base, buyBoxPrice: price, unitCost: max + 1 }).roi!).toBeLessThan(minRoi);
    }
  });
});
