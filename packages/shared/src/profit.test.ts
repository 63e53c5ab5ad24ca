import { describe, expect, it } from 'vitest';
import { referralTermsFor, SELLER_COUNTRIES, type SellerProfile } from './fee-rules.ts';
import { FEE_RULES_0013 } from './fee-rules.test-helpers.ts';
import { computeProfit, roiPercentageAtPrice, roundMinor, type FeeLine, type ProfitInput } from './profit.ts';

/**
 * Worked examples; every expected figure is computed by hand in the comment above it (minor units, rounding half-up
 * only at the end). Rules: those of migration 0013 (FEE_RULES_0013), taken on 2026-11-23 unless said otherwise.
 */
const AT = new Date('2026-11-23T12:00:00Z');
const DE_REGISTERED: SellerProfile = { country: 'DE', vatRegistered: true };
type Example = Omit<ProfitInput, 'seller' | 'rules' | 'at'> & Partial<Pick<ProfitInput, 'seller' | 'at'>>;
const profit = (o: Example) => computeProfit({ seller: DE_REGISTERED, rules: FEE_RULES_0013, at: AT, ...o });
const lines = (b: { feeLines: FeeLine[] }) => b.feeLines.map((l) => [l.kind, l.amount]);

describe('VAT-registered seller established in DE', () => {
  it('DE store: €19.99, 15 %, FBA €2.90, cost €7.45 — VAT on fees charged and reclaimed, net zero', () => {
    // net = 1999 / 1.19 = 1679.8319; referral = 0.15 × 1999 = 299.85 (P > €10 → high rate); no DSF for DE in DE
    // profit = 1679.8319 − 299.85 − 290 − 745 = 344.9819 → 345; ROI = 344.9819 / 745 = 46.31 %
    // VAT = 1999 − 1679.8319 = 319.17 → 319; margin = 344.9819 / 1679.8319 = 0.20537
    // VAT on fees (DE, local since 2024-08-01): (299.85 + 290) × 0.19 = 112.0715 → +112 charged, −112 reclaimed
    // break-even: (290 + 745) / (1/1.19 − 0.15) = 1499.27 → 1500
    // max unit cost at 20 % ROI: (1679.8319 − 299.85 − 290) / 1.2 = 908.32 → 908
    const b = profit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, minRoi: 0.2 });
    expect(b).toMatchObject({
      status: 'ok',
      currency: 'EUR',
      salePrice: 1999,
      vat: 319,
      revenue: 1680,
      referralFeeRate: 0.15,
      referralFeeSource: 'schedule',
      referralFee: 300,
      referralMinimumApplied: false,
      fbaFee: 290,
      fbaFeeEstimated: false,
      feesVat: 0,
      purchaseVat: 0,
      feeVatMode: 'charged-and-reclaimed',
      totalCost: 745,
      profit: 345,
      roiPercentage: 46.31,
      breakEvenPrice: 1500,
      maxUnitCostForMinRoi: 908,
      rulesDate: '2026-11-23',
    });
    expect(b.margin).toBeCloseTo(0.20537, 4);
    expect(lines(b)).toEqual([
      ['referral', 300],
      ['fba', 290],
      ['fee-vat', 112],
      ['fee-vat-reclaimed', -112],
    ]);
    expect(b.feeLines[0]).toMatchObject({ label: 'Referral fee' });
    expect(b.feeLines[0]!.rule).toMatch(
      /^15 % of the price — Beauty \/ Health & Personal Care referral schedule DE from 2019-06-01: 8 % up to €10\.00, 15 % above, minimum €0\.30/,
    );
    expect(b.feeLines[2]!.rule).toMatch(/DE from 2024-08-01/);
  });

  it("DE store, the issue's case: a €10.49 buy box with Keepa's 8.01 % is charged the schedule's 15 % — a loss, not a deal", () => {
    // Keepa's 8.01 % (its rate at its own, lower price) recognises the Beauty schedule; at €10.49 > €10 it says 15 %.
    // net = 1049 / 1.19 = 881.5126; referral = 0.15 × 1049 = 157.35; profit = 881.5126 − 157.35 − 290 − 450 = −15.8374 → −16
    // (with Keepa's 8.01 %: 881.5126 − 84.0249 − 290 − 450 = 57.4877 → +57, the wrong answer)
    // break-even: 15 % segment root (290 + 450) / (1/1.19 − 0.15) = 1071.9 > 1000; 8 % segment root 740 / (0.840336 − 0.08)
    //   = 973.27 ≤ 1000 → 974 (so below the threshold it does break even)
    // max unit cost at 10 % ROI: (881.5126 − 157.35 − 290) / 1.1 = 394.69 → 394
    const b = profit({ market: 'DE', buyBoxPrice: 1049, referralFeeRate: 0.0801, fbaFee: 290, numberOfPacks: 1, unitCost: 450, minRoi: 0.1 });
    expect(b).toMatchObject({
      referralFeeRate: 0.15,
      referralFeeSource: 'schedule',
      referralFee: 157,
      profit: -16,
      breakEvenPrice: 974,
      maxUnitCostForMinRoi: 394,
    });
    expect(b.feeLines[0]!.rule).toMatch(/recognised from the listing's rate/);
  });

  it('UK store: £12.99 two-pack — DSF 2 % on referral and FBA (other sellers in the UK store), German VAT on fees reclaimed', () => {
    // net = 1299 / 1.2 = 1082.5; referral = 0.15 × 1299 = 194.85, DSF 2 % = 3.897; FBA 250, DSF 2 % = 5
    // cost = 2 × 300 = 600; profit = 1082.5 − 198.747 − 255 − 600 = 28.753 → 29; ROI = 28.753 / 600 = 4.79 %
    // VAT on fees at DE's 19 %: (194.85 + 3.897 + 250 + 5) × 0.19 = 86.2119 → ±86
    const b = profit({ market: 'UK', buyBoxPrice: 1299, fbaFee: 250, numberOfPacks: 2, unitCost: 300 });
    expect(b).toMatchObject({ currency: 'GBP', numberOfPacks: 2, referralFee: 199, fbaFee: 255, totalCost: 600, profit: 29, roiPercentage: 4.79 });
    expect(lines(b)).toEqual([
      ['referral', 195],
      ['referral-dsf', 4],
      ['fba', 250],
      ['fba-dsf', 5],
      ['fee-vat', 86],
      ['fee-vat-reclaimed', -86],
    ]);
    expect(b.feeLines[1]!.rule).toMatch(/sellers established elsewhere, the UK store, from 2024-10-01/);
  });

  it('FR store: €24.90 — DSF 3 % on referral and FBA since 2026-03-20, 2 % before (the rule in force on the day)', () => {
    // after: referral 373.5 + 3 % 11.205 = 384.705; FBA 310 + 9.3 = 319.3; net 2490 / 1.2 = 2075
    //   profit = 2075 − 384.705 − 319.3 − 900 = 470.995 → 471; ROI = 52.33 %
    // before (2026-03-19): referral 373.5 + 7.47 = 380.97; FBA 310 + 6.2 = 316.2
    //   profit = 2075 − 380.97 − 316.2 − 900 = 477.83 → 478; ROI = 53.09 %
    const input = { market: 'FR' as const, buyBoxPrice: 2490, fbaFee: 310, numberOfPacks: 1, unitCost: 900 };
    expect(profit(input)).toMatchObject({ referralFee: 385, fbaFee: 319, profit: 471, roiPercentage: 52.33 });
    expect(profit({ ...input, at: new Date('2026-03-20T00:00:00Z') })).toMatchObject({ profit: 471 });
    expect(profit({ ...input, at: new Date('2026-03-19T23:59:00Z') })).toMatchObject({
      referralFee: 381,
      fbaFee: 316,
      profit: 478,
      roiPercentage: 53.09,
      rulesDate: '2026-03-19',
    });
    // before the DSF existed (2024-09-30): 2075 − 373.5 − 310 − 900 = 491.5 → 492
    expect(profit({ ...input, at: new Date('2024-09-30T12:00:00Z') })).toMatchObject({ profit: 492 });
  });

  it("IT store: Keepa's 15.45 % (with the DSF uplift) still recognises the schedule", () => {
    // referral 0.15 × 1850 = 277.5 + DSF 3 % 8.325 = 285.825; net 1850 / 1.22 = 1516.3934
    // profit = 1516.3934 − 285.825 − 320 − 700 = 210.5684 → 211; ROI = 30.08 %
    const b = profit({ market: 'IT', buyBoxPrice: 1850, referralFeeRate: 0.1545, fbaFee: 320, numberOfPacks: 1, unitCost: 700 });
    expect(b).toMatchObject({ referralFeeSource: 'schedule', referralFeeRate: 0.15, referralFee: 286, fbaFee: 320, profit: 211, roiPercentage: 30.08 });
  });

  it('ES store: multipack cost scales with the pack count; DSF 3 % on referral only', () => {
    // net = 1590 / 1.21 = 1314.0496; referral = 0.15 × 1590 = 238.5 + 7.155 = 245.655; cost = 4 × 150 = 600
    // profit = 1314.0496 − 245.655 − 300 − 600 = 168.3946 → 168; ROI = 28.07 %
    const b = profit({ market: 'ES', buyBoxPrice: 1590, fbaFee: 300, numberOfPacks: 4, unitCost: 150 });
    expect(b).toMatchObject({ totalCost: 600, referralFee: 246, fbaFee: 300, profit: 168, roiPercentage: 28.07 });
    expect(lines(b).map(([kind]) => kind)).toEqual(['referral', 'referral-dsf', 'fba', 'fee-vat', 'fee-vat-reclaimed']);
  });

  it('US store: no VAT, no DSF for a German seller, prep cost counts in profit and ROI basis', () => {
    // net = 2499; referral = 0.15 × 2499 = 374.85; profit = 2499 − 374.85 − 412 − 1000 − 50 = 662.15 → 662; ROI = 63.06 %
    const b = profit({ market: 'US', buyBoxPrice: 2499, fbaFee: 412, numberOfPacks: 1, unitCost: 1000, prepCost: 50 });
    expect(b).toMatchObject({
      currency: 'USD',
      vat: 0,
      revenue: 2499,
      referralFee: 375,
      totalCost: 1050,
      profit: 662,
      roiPercentage: 63.06,
      feeVatMode: 'none',
    });
    expect(lines(b)).toEqual([
      ['referral', 375],
      ['fba', 412],
    ]);
  });

  it('CA store: three-pack, DSF 2 % on referral for other sellers', () => {
    // referral = 0.15 × 3199 = 479.85 × 1.02 = 489.447; cost = 3 × 500 = 1500
    // profit = 3199 − 489.447 − 550 − 1500 = 659.553 → 660; ROI = 43.97 %
    const b = profit({ market: 'CA', buyBoxPrice: 3199, fbaFee: 550, numberOfPacks: 3, unitCost: 500 });
    expect(b).toMatchObject({ currency: 'CAD', totalCost: 1500, referralFee: 489, profit: 660, roiPercentage: 43.97 });
  });
});

describe('seller country and VAT status', () => {
  const IT_STORE = { market: 'IT' as const, buyBoxPrice: 1999, fbaFee: 300, numberOfPacks: 1, unitCost: 700 };

  it('a non-registered German seller on amazon.it pays VAT on fees at 19 % (Germany), not 22 %', () => {
    // revenue = 1999 (not registered); referral 299.85 + DSF 3 % 8.9955 = 308.8455; FBA 300 (no FBA DSF in IT)
    // VAT on fees 19 %: 608.8455 × 0.19 = 115.6806 → 116; referral 308.8455 × 1.19 = 367.5261 → 368; FBA 357
    // cost = 700 × 1.21 (Qogita's Dutch VAT, purchase-vat.ts) = 847; profit = 1999 − 367.5261 − 357 − 847 = 427.4739 → 427
    // ROI = 427.4739 / 847 = 50.47 %
    const b = profit({ ...IT_STORE, seller: { country: 'DE', vatRegistered: false } });
    expect(b).toMatchObject({
      vatRegistered: false,
      revenue: 1999,
      referralFee: 368,
      fbaFee: 357,
      feesVat: 116,
      feeVatMode: 'charged',
      purchaseVat: 147,
      totalCost: 847,
      profit: 427,
      roiPercentage: 50.47,
    });
    expect(lines(b)).toEqual([
      ['referral', 300],
      ['referral-dsf', 9],
      ['fba', 300],
      ['fee-vat', 116],
    ]);
    expect(b.feeLines[3]!.label).toBe("VAT 19 % on Amazon's fees");
    expect(b.feeLines[3]!.rule).toMatch(/not VAT-registered: charged at the standard rate of the seller's country \(Germany\), not the store's/);
  });

  it('a non-registered Italian seller on amazon.it: 22 % and the Italian DSF (3 % on referral and FBA)', () => {
    // referral 308.8455; FBA 300 + 9 = 309; fees 617.8455 × 1.22 = 753.7715; profit = 1999 − 753.7715 − 847 = 398.2285 → 398
    const b = profit({ ...IT_STORE, seller: { country: 'IT', vatRegistered: false } });
    expect(b).toMatchObject({ feesVat: 136, profit: 398 }); // 617.8455 × 0.22 = 135.926
    expect(lines(b)).toEqual([
      ['referral', 300],
      ['referral-dsf', 9],
      ['fba', 300],
      ['fba-dsf', 9],
      ['fee-vat', 136],
    ]);
  });

  it('a registered Italian seller on amazon.it: VAT on fees charged and reclaimed, profit net of VAT', () => {
    // net 1999 / 1.22 = 1638.5246; fees 308.8455 + 309 = 617.8455; cost 700
    // profit = 1638.5246 − 617.8455 − 700 = 320.6791 → 321; VAT on fees 135.926 → ±136
    const b = profit({ ...IT_STORE, seller: { country: 'IT', vatRegistered: true } });
    expect(b).toMatchObject({ feesVat: 0, profit: 321, feeVatMode: 'charged-and-reclaimed' });
    expect(lines(b).slice(-2)).toEqual([
      ['fee-vat', 136],
      ['fee-vat-reclaimed', -136],
    ]);
  });

  it('a registered UK seller on amazon.de pays the UK DSF (2 %) in every store; UK VAT on fees reclaimed', () => {
    // referral 299.85 + 5.997 = 305.847; FBA 290 + 5.8 = 295.8; net 1679.8319
    // profit = 1679.8319 − 305.847 − 295.8 − 745 = 333.1849 → 333; VAT 20 %: 601.647 × 0.2 = 120.33 → ±120
    const b = profit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, seller: { country: 'UK', vatRegistered: true } });
    expect(b).toMatchObject({ referralFee: 306, fbaFee: 296, profit: 333 });
    expect(lines(b)).toEqual([
      ['referral', 300],
      ['referral-dsf', 6],
      ['fba', 290],
      ['fba-dsf', 6],
      ['fee-vat', 120],
      ['fee-vat-reclaimed', -120],
    ]);
  });

  it('a registered seller established in Austria is reverse-charged: no VAT line at all', () => {
    const b = profit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, seller: { country: 'AT', vatRegistered: true } });
    expect(b).toMatchObject({ profit: 345, feeVatMode: 'reverse-charge' });
    expect(lines(b)).toEqual([
      ['referral', 300],
      ['fba', 290],
    ]);
  });

  it('before 2024-08-01 Amazon reverse-charged German registered sellers (no VAT lines)', () => {
    const b = profit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, at: new Date('2024-07-31T12:00:00Z') });
    expect(b.feeVatMode).toBe('reverse-charge');
    expect(lines(b)).toEqual([
      ['referral', 300],
      ['fba', 290],
    ]);
  });

  it('a non-registered seller: DE store, max buy price and break-even carry the VAT on fees and the purchase VAT', () => {
    // revenue 1999; fees (299.85 + 290) × 1.19 = 701.9215; max at 20 %: (1999 − 701.9215) / (1.21 × 1.2) = 893.3 → 893
    // break-even (cost 745 × 1.21 = 901.45): (290 × 1.19 + 901.45) / (1 − 0.15 × 1.19) = 1246.55 / 0.8215 = 1517.4 → 1518
    const b = profit({
      market: 'DE',
      buyBoxPrice: 1999,
      fbaFee: 290,
      numberOfPacks: 1,
      unitCost: 745,
      seller: { country: 'DE', vatRegistered: false },
      minRoi: 0.2,
    });
    expect(b).toMatchObject({ maxUnitCostForMinRoi: 893, breakEvenPrice: 1518, totalCost: 901 });
  });

  it('US/CA: without VAT both statuses give the same profit', () => {
    const input = { market: 'US' as const, buyBoxPrice: 2499, fbaFee: 412, numberOfPacks: 1, unitCost: 1000, purchaseVatRate: 0 };
    const a = profit({ ...input, seller: { country: 'US', vatRegistered: true } });
    const b = profit({ ...input, seller: { country: 'US', vatRegistered: false } });
    expect(b.profit).toBe(a.profit);
    expect(b.profit).toBe(712); // 2499 − 374.85 − 412 − 1000 = 712.15
  });
});

describe('market × seller country × VAT status (P = 20.00 above the threshold: referral 3.00, FBA 3.00)', () => {
  // DSF (referral, FBA) on 2026-11-23 — seller DE: DE 0/0, UK 2/2 %, FR 3/3 %, IT 3/0 %, ES 3/0 %; seller FR 3/3 %
  // and seller UK 2/2 % in every store. VAT on fees at the seller's rate (DE 19 %, FR 20 %, UK 20 %): a cost when not
  // registered; charged and reclaimed when registered (all three are countries where Amazon charges local VAT).
  // referral = 300 (1 + dR)(1 + v), FBA = 300 (1 + dF)(1 + v); VAT line = (300 (1 + dR) + 300 (1 + dF)) × rate.
  const cases: Array<[string, string, boolean, number, number, number]> = [
    // market, seller, registered, referralFee, fbaFee, VAT-on-fees line
    ['DE', 'DE', true, 300, 300, 114], // 600 × 0.19 = 114
    ['UK', 'DE', true, 306, 306, 116], // 612 × 0.19 = 116.28
    ['FR', 'DE', true, 309, 309, 117], // 618 × 0.19 = 117.42
    ['IT', 'DE', true, 309, 300, 116], // 609 × 0.19 = 115.71
    ['ES', 'DE', true, 309, 300, 116],
    ['DE', 'DE', false, 357, 357, 114], // 300 × 1.19
    ['UK', 'DE', false, 364, 364, 116], // 306 × 1.19 = 364.14
    ['FR', 'DE', false, 368, 368, 117], // 309 × 1.19 = 367.71
    ['IT', 'DE', false, 368, 357, 116],
    ['ES', 'DE', false, 368, 357, 116],
    ['DE', 'FR', true, 309, 309, 124], // 618 × 0.2 = 123.6
    ['IT', 'FR', true, 309, 309, 124],
    ['DE', 'FR', false, 371, 371, 124], // 309 × 1.2 = 370.8
    ['ES', 'FR', false, 371, 371, 124],
    ['DE', 'UK', true, 306, 306, 122], // 612 × 0.2 = 122.4
    ['FR', 'UK', true, 306, 306, 122],
    ['DE', 'UK', false, 367, 367, 122], // 306 × 1.2 = 367.2
    ['UK', 'UK', false, 367, 367, 122],
  ];
  it.each(cases)('%s store, seller in %s, registered %s', (market, country, vatRegistered, referralFee, fbaFee, vatLine) => {
    const b = profit({
      market: market as ProfitInput['market'],
      buyBoxPrice: 2000,
      fbaFee: 300,
      numberOfPacks: 1,
      unitCost: 500,
      seller: { country: country as SellerProfile['country'], vatRegistered },
    });
    expect(b).toMatchObject({ referralFee, fbaFee, feeVatMode: vatRegistered ? 'charged-and-reclaimed' : 'charged' });
    expect(b.feeLines.find((l) => l.kind === 'fee-vat')!.amount).toBe(vatLine);
    expect(b.feeLines.some((l) => l.kind === 'fee-vat-reclaimed')).toBe(vatRegistered);
  });
});

describe('referral fee schedule', () => {
  it('applies the per-item minimum on cheap items', () => {
    // 0.08 × 299 = 23.92 < €0.30 minimum → 30; net = 299 / 1.19 = 251.2605; profit = 251.2605 − 30 − 200 − 50 = −28.7395 → −29
    const b = profit({ market: 'DE', buyBoxPrice: 299, fbaFee: 200, numberOfPacks: 1, unitCost: 50 });
    expect(b).toMatchObject({ referralFeeRate: 0.08, referralMinimumApplied: true, referralFee: 30, profit: -29 });
    expect(b.feeLines[0]!.label).toBe('Referral fee (minimum)');
  });

  it('UK minimum is £0.25, plus the 2 % DSF on it', () => {
    // 25 + 0.5 = 25.5 → 26
    const b = profit({ market: 'UK', buyBoxPrice: 199, fbaFee: 100, numberOfPacks: 1, unitCost: 10 });
    expect(b).toMatchObject({ referralFee: 26, referralMinimumApplied: true });
  });

  it('uses the low rate up to and including the threshold and the high rate on the whole price above it', () => {
    expect(profit({ market: 'DE', buyBoxPrice: 1000, fbaFee: 0, numberOfPacks: 1, unitCost: 1 }).referralFee).toBe(80);
    expect(profit({ market: 'DE', buyBoxPrice: 1001, fbaFee: 0, numberOfPacks: 1, unitCost: 1 }).referralFee).toBe(150); // 150.15
    // UK with the 2 % DSF: 80 × 1.02 = 81.6 → 82; 150.15 × 1.02 = 153.153 → 153
    expect(profit({ market: 'UK', buyBoxPrice: 1000, fbaFee: 0, numberOfPacks: 1, unitCost: 1 }).referralFee).toBe(82);
    expect(profit({ market: 'UK', buyBoxPrice: 1001, fbaFee: 0, numberOfPacks: 1, unitCost: 1 }).referralFee).toBe(153);
    // Keepa's 15 % at a price under the threshold does not hold there: 8 % is charged
    expect(profit({ market: 'DE', buyBoxPrice: 999, referralFeeRate: 0.1501, fbaFee: 0, numberOfPacks: 1, unitCost: 1 }).referralFee).toBe(80); // 79.92
  });

  it('break-even respects the minimum-fee branch', () => {
    // cheap item: cost 100, FBA 100 → (30 + 200) × 1.19 = 273.7 → 274; check 0.08 × 273.7 = 21.9 < 30
    expect(profit({ market: 'DE', buyBoxPrice: 500, fbaFee: 100, numberOfPacks: 1, unitCost: 100 }).breakEvenPrice).toBe(274);
    // not registered: 1.19 × 30 + 1.19 × 100 + 100 × 1.21 = 275.7 → 276
    expect(
      profit({ market: 'DE', buyBoxPrice: 500, fbaFee: 100, numberOfPacks: 1, unitCost: 100, seller: { country: 'DE', vatRegistered: false } }).breakEvenPrice,
    ).toBe(276);
  });

  it('a listing rate that matches no schedule is used flat (with the market minimum); one outside (0, 0.5] is ignored', () => {
    // 7 %: 0.07 × 1999 = 139.93 → 140
    const flat = profit({ market: 'DE', buyBoxPrice: 1999, referralFeeRate: 0.07, fbaFee: 290, numberOfPacks: 1, unitCost: 745 });
    expect(flat).toMatchObject({ referralFeeSource: 'listing', referralFeeRate: 0.07, referralFee: 140 });
    expect(flat.feeLines[0]!.rule).toMatch(/no referral schedule in the fee rules matches it/);
    expect(referralTermsFor(FEE_RULES_0013, 'DE', AT, 15)).toMatchObject({ kind: 'schedule', identifiedBy: 'market-default' });
    expect(referralTermsFor(FEE_RULES_0013, 'DE', AT, 0)).toMatchObject({ kind: 'schedule', identifiedBy: 'market-default' });
  });
});

describe('missing data', () => {
  it('no buy box → not a deal, no profit, no fee lines, still shows the break-even price', () => {
    const b = profit({ market: 'DE', buyBoxPrice: null, fbaFee: 290, numberOfPacks: 1, unitCost: 745 });
    expect(b).toMatchObject({ status: 'no_buy_box', salePrice: null, profit: null, roi: null, breakEvenPrice: 1500, feeLines: [] });
  });

  it('no supplier cost → fees only', () => {
    const b = profit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: null, minRoi: 0.2 });
    expect(b).toMatchObject({ status: 'no_cost', profit: null, referralFee: 300, maxUnitCostForMinRoi: 908 });
  });

  it("unknown FBA fee uses the market's fallback and says so", () => {
    const b = profit({ market: 'DE', buyBoxPrice: 1999, fbaFee: null, numberOfPacks: 1, unitCost: 745 });
    expect(b).toMatchObject({ fbaFeeEstimated: true, fbaFee: 300 });
    expect(b.feeLines[1]).toMatchObject({ kind: 'fba', label: 'FBA fee (estimated)' });
  });

  it('refuses to guess when no referral schedule is in force', () => {
    expect(() => profit({ market: 'DE', buyBoxPrice: 1999, fbaFee: 290, numberOfPacks: 1, unitCost: 745, at: new Date('2019-05-31T00:00:00Z') })).toThrow(
      /No referral fee schedule is in force for DE/,
    );
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
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const markets = ['DE', 'UK', 'FR', 'IT', 'ES', 'US', 'CA'] as const;

  it('no lower price breaks even, the break-even price does; the max buy price reaches the ROI and one cent more does not', () => {
    for (let i = 0; i < 60; i += 1) {
      const base = {
        market: markets[i % markets.length]!,
        fbaFee: Math.round(100 + rand() * 400),
        numberOfPacks: 1 + Math.floor(rand() * 3),
        unitCost: Math.round(50 + rand() * 900),
        seller: { country: SELLER_COUNTRIES[Math.floor(rand() * SELLER_COUNTRIES.length)]!, vatRegistered: rand() < 0.5 },
        referralFeeRate: rand() < 0.3 ? 0.12 : null,
      };
      const be = profit({ ...base, buyBoxPrice: null }).breakEvenPrice!;
      const unrounded = (p: number) => {
        const b = profit({ ...base, buyBoxPrice: p });
        return b.roi! * (b.totalCost ?? 0); // profit before rounding (roi × cost)
      };
      expect(unrounded(be)).toBeGreaterThanOrEqual(-1e-6);
      for (let p = Math.max(1, be - 400); p < be; p += 1) expect(unrounded(p)).toBeLessThan(0);

      const price = be + Math.round(rand() * 3000);
      const minRoi = 0.1 + rand() * 0.3;
      const max = profit({ ...base, buyBoxPrice: price, minRoi }).maxUnitCostForMinRoi!;
      if (max <= 0) continue;
      expect(profit({ ...base, buyBoxPrice: price, unitCost: max }).roi!).toBeGreaterThanOrEqual(minRoi - 1e-9);
      expect(profit({ ...base, buyBoxPrice: price, unitCost: max + 1 }).roi!).toBeLessThan(minRoi);
    }
  });
});

describe('roiPercentageAtPrice (the 90-day stability asks many prices of one deal)', () => {
  it('gives computeProfit’s ROI at every price: both sides of the €10 threshold, minimum fee, every market and VAT status', () => {
    const sellers: SellerProfile[] = [
      DE_REGISTERED,
      { country: 'DE', vatRegistered: false },
      { country: 'IT', vatRegistered: false },
      { country: 'UK', vatRegistered: true },
    ];
    const prices = [1, 150, 699, 999, 1000, 1001, 1049, 1999, 4999, 12_345];
    for (const seller of sellers) {
      for (const market of ['DE', 'UK', 'FR', 'IT', 'ES', 'US', 'CA'] as const) {
        const deal = { market, fbaFee: 290, numberOfPacks: 2, unitCost: 311.7, prepCost: 25, referralFeeRate: 0.0801, seller, rules: FEE_RULES_0013, at: AT };
        const roiAt = roiPercentageAtPrice(deal);
        for (const price of prices)
          expect(roiAt(price), `${seller.country} ${market} ${price}`).toBe(computeProfit({ ...deal, buyBoxPrice: price }).roiPercentage);
      }
    }
  });

  it('no buy box or no cost: null', () => {
    const roiAt = roiPercentageAtPrice({ market: 'DE', fbaFee: 290, numberOfPacks: 1, unitCost: null, seller: DE_REGISTERED, rules: FEE_RULES_0013, at: AT });
    expect(roiAt(1999)).toBeNull();
    expect(
      roiPercentageAtPrice({ market: 'DE', fbaFee: 290, numberOfPacks: 1, unitCost: 500, seller: DE_REGISTERED, rules: FEE_RULES_0013, at: AT })(0),
    ).toBeNull();
  });
});

describe('fee rules looked up once per table', () => {
  it('answers from the rules it is given: new rules (an admin change loads new ones) give new fees, the old ones the old', () => {
    const deal: ProfitInput = {
      market: 'DE',
      buyBoxPrice: 1999,
      fbaFee: 290,
      numberOfPacks: 1,
      unitCost: 745,
      seller: { country: 'DE', vatRegistered: false },
      rules: FEE_RULES_0013,
      at: AT,
    };
    const before = computeProfit(deal);
    const raised: typeof FEE_RULES_0013 = {
      referral: FEE_RULES_0013.referral.map((r) => (r.market === 'DE' ? { ...r, highRate: 0.2 } : r)),
      dsf: FEE_RULES_0013.dsf.map((r) => ({ ...r, referralRate: r.referralRate + 0.01 })),
      feeVat: FEE_RULES_0013.feeVat.map((r) => (r.sellerCountry === 'DE' ? { ...r, vatRate: 0.25 } : r)),
    };
    const after = computeProfit({ ...deal, rules: raised });
    expect(after.referralFee).toBeGreaterThan(before.referralFee!);
    expect(after.profit).toBeLessThan(before.profit!);
    expect(computeProfit(deal)).toEqual(before);
    expect(computeProfit({ ...deal, rules: raised })).toEqual(after);
  });
});
