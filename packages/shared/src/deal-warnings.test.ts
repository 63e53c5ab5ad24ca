import { describe, expect, it } from 'vitest';
import { dealWarnings, type DealWarningCode, type DealWarningInput } from './deal-warnings.ts';

const base: DealWarningInput = {
  market: 'DE',
  currency: 'EUR',
  numberOfPacks: 1,
  title: 'Hydrating Face Cream 50 ml',
  roiPercentage: 35,
  buyBoxPrice: 19.99,
  buyBoxSellerId: 'A1B2C3D4E5F6G7',
  otherListings: 0,
  buyBoxAvg90: 19.5,
};

/** Each warning's rule as a table: the input change → the warning codes (and a piece of the reason). */
const cases: Array<{ name: string; input: Partial<DealWarningInput>; codes: DealWarningCode[]; reason?: string }> = [
  { name: 'a clean deal has no warning', input: {}, codes: [] },
  { name: 'pack quantity 1 is no pack', input: { numberOfPacks: 1 }, codes: [] },
  { name: 'pack quantity > 1', input: { numberOfPacks: 4 }, codes: ['pack'], reason: 'sells 4 units' },
  { name: 'bundle in the title', input: { title: 'Face Cream + Serum Bundle' }, codes: ['bundle'] },
  { name: 'German gift set', input: { title: 'Pflege Geschenkset für Damen' }, codes: ['bundle'] },
  { name: 'French coffret', input: { title: 'Coffret Soin Visage' }, codes: ['bundle'] },
  { name: '"Setting spray" is not a set', input: { title: 'Makeup Setting Spray 100 ml' }, codes: [] },
  { name: 'ROI exactly 200 % is fine', input: { roiPercentage: 200 }, codes: [] },
  { name: 'ROI above 200 %', input: { roiPercentage: 412.4 }, codes: ['high_roi'], reason: 'ROI 412 % is above 200 %' },
  { name: 'no ROI (no cost) is no high ROI', input: { roiPercentage: null }, codes: [] },
  { name: 'no buy box', input: { buyBoxPrice: null, buyBoxSellerId: null }, codes: ['no_buy_box'] },
  { name: 'Amazon holds the DE buy box', input: { buyBoxSellerId: 'A3JWKAKR8XB7XF' }, codes: ['amazon_buy_box'] },
  { name: "Amazon's UK id in DE is a third-party seller", input: { buyBoxSellerId: 'A3P5ROKL5A1OLE' }, codes: [] },
  { name: 'one other listing', input: { otherListings: 1 }, codes: ['several_asins'], reason: '2 Amazon listings' },
  { name: '30 % above the average is still fine', input: { buyBoxPrice: 26, buyBoxAvg90: 20 }, codes: [] },
  {
    name: 'far above the 90-day average',
    input: { buyBoxPrice: 29.99, buyBoxAvg90: 20 },
    codes: ['above_average'],
    reason: 'The buy box €29.99 is 50 % above its 90-day average €20.00.',
  },
  {
    name: 'GBP in the reason',
    input: { market: 'UK', currency: 'GBP', buyBoxPrice: 30, buyBoxAvg90: 10 },
    codes: ['above_average'],
    reason: '£30.00 is 200 % above its 90-day average £10.00',
  },
  { name: 'unknown average: no price warning', input: { buyBoxAvg90: null, buyBoxPrice: 99 }, codes: [] },
  {
    name: 'several at once, in the fixed order',
    input: { numberOfPacks: 6, roiPercentage: 650, buyBoxSellerId: 'A3JWKAKR8XB7XF', otherListings: 2, buyBoxPrice: 60, buyBoxAvg90: 30 },
    codes: ['pack', 'high_roi', 'amazon_buy_box', 'several_asins', 'above_average'],
  },
];

describe('dealWarnings', () => {
  it.each(cases)('$name', ({ input, codes, reason }) => {
    const warnings = dealWarnings({ ...base, ...input });
    expect(warnings.map((w) => w.code)).toEqual(codes);
    for (const w of warnings) expect(w.reason).not.toContain('\n');
    if (reason) expect(warnings.map((w) => w.reason).join(' ')).toContain(reason);
  });
});
