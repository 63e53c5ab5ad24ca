import { describe, expect, it } from 'vitest';
import { bestMarkets, convertMinor, isMarketChoice, meetsMinRoi, type MarketFigures } from './best-market.ts';
import type { SellerProfile } from './fee-rules.ts';
import { FEE_RULES_0013 } from './fee-rules.test-helpers.ts';
import type { MarketId } from './markets.ts';
import { computeProfit } from './profit.ts';

/**
 * "All markets": every figure below is computed by hand in the comment above it. FX: the built-in EUR
 * reference rates of 2026-11-20 (1 EUR = 0.8745 GBP = 1.1578 USD = 1.6235 CAD); fee rules of migration 0013 on
 * 2026-11-23; a VAT-registered seller established in DE.
 */
const RATES = { EUR: 1, GBP: 0.8745, USD: 1.1578, CAD: 1.6235 } as const;
const AT = new Date('2026-11-23T12:00:00Z');
const SELLER: SellerProfile = { country: 'DE', vatRegistered: true };

describe('convertMinor', () => {
  it('converts through EUR and rounds half away from zero', () => {
    // £4.00 → EUR: 400 / 0.8745 = 457.404… → 457
    expect(convertMinor(400, RATES.GBP, RATES.EUR)).toBe(457);
    // €4.50 → GBP: 450 × 0.8745 = 393.525 → 394 (half up)
    expect(convertMinor(450, RATES.EUR, RATES.GBP)).toBe(394);
    // $5.00 → GBP: 500 / 1.1578 × 0.8745 = 377.656… → 378
    expect(convertMinor(500, RATES.USD, RATES.GBP)).toBe(378);
    // a loss keeps its sign: −CA$2.00 → EUR: −200 / 1.6235 = −123.19… → −123
    expect(convertMinor(-200, RATES.CAD, RATES.EUR)).toBe(-123);
    // an exact half away from zero: 1 EUR = 2 X, −1 X → −0.5 EUR cent → −1
    expect(convertMinor(-1, 2, 1)).toBe(-1);
    expect(convertMinor(1999, RATES.EUR, RATES.EUR)).toBe(1999);
    expect(() => convertMinor(100, 0, 1)).toThrow(/positive/);
  });
});

describe('best market and runner-up of one product (supplier cost €7.00, pack of 1)', () => {
  /** The one profit rule, in the market's currency: the EUR cost converted with the market's rate. */
  const priced = (market: MarketId, currency: keyof typeof RATES, buyBox: number, fba: number) =>
    computeProfit({
      market,
      buyBoxPrice: buyBox,
      referralFeeRate: 0.15,
      fbaFee: fba,
      numberOfPacks: 1,
      unitCost: 700 * RATES[currency],
      seller: SELLER,
      rules: FEE_RULES_0013,
      at: AT,
    });

  // DE: P €19.99, FBA €2.90, cost 700. revenue 1999 / 1.19 = 1679.8319; referral 0.15 × 1999 = 299.85; no DSF;
  //     VAT on fees charged and reclaimed (net 0). profit = 1679.8319 − 299.85 − 290 − 700 = 389.98 → 390;
  //     ROI 389.9819 / 700 = 55.71 %.
  const de = priced('DE', 'EUR', 1999, 290);
  // UK: P £17.49, FBA £2.50, cost 700 × 0.8745 = 612.15. revenue 1749 / 1.2 = 1457.5; referral 0.15 × 1749 = 262.35;
  //     DSF 2 % on both fees (a DE seller in the UK store): 5.247 + 5.00; profit = 1457.5 − 262.35 − 5.247 − 250 − 5
  //     − 612.15 = 322.753 → 323; ROI 322.753 / 612.15 = 52.72 %.
  const uk = priced('UK', 'GBP', 1749, 250);
  // US: P $24.99 (no VAT), FBA $3.50, cost 700 × 1.1578 = 810.46. referral 0.15 × 2499 = 374.85; no DSF, no fee VAT;
  //     profit = 2499 − 374.85 − 350 − 810.46 = 963.69 → 964; ROI 963.69 / 810.46 = 118.91 %.
  const us = priced('US', 'USD', 2499, 350);

  it('prices each market in its own currency', () => {
    expect([de.currency, de.profit, de.roiPercentage]).toEqual(['EUR', 390, 55.71]);
    expect([uk.currency, uk.profit, uk.roiPercentage]).toEqual(['GBP', 323, 52.72]);
    expect([us.currency, us.profit, us.roiPercentage]).toEqual(['USD', 964, 118.91]);
  });

  const figures = (display: keyof typeof RATES, minRoi: number): MarketFigures[] => [
    {
      market: 'DE',
      comparableProfit: convertMinor(de.profit!, RATES.EUR, RATES[display]),
      roiPercentage: de.roiPercentage!,
      meetsMinRoi: meetsMinRoi(de.roiPercentage, minRoi),
    },
    {
      market: 'UK',
      comparableProfit: convertMinor(uk.profit!, RATES.GBP, RATES[display]),
      roiPercentage: uk.roiPercentage!,
      meetsMinRoi: meetsMinRoi(uk.roiPercentage, minRoi),
    },
    {
      market: 'US',
      comparableProfit: convertMinor(us.profit!, RATES.USD, RATES[display]),
      roiPercentage: us.roiPercentage!,
      meetsMinRoi: meetsMinRoi(us.roiPercentage, minRoi),
    },
  ];

  it('continental Europe (EUR): US €8.33, then DE €3.90, then UK €3.69', () => {
    // US 964 / 1.1578 = 832.61 → 833; DE 390; UK 323 / 0.8745 = 369.35 → 369
    const { best, runnerUp, ranked } = bestMarkets(figures('EUR', 0.15));
    expect(ranked.map((m) => [m.market, m.comparableProfit])).toEqual([
      ['US', 833],
      ['DE', 390],
      ['UK', 369],
    ]);
    expect(best?.market).toBe('US');
    expect(runnerUp?.market).toBe('DE');
  });

  it('UK region (GBP): the same order in pounds', () => {
    // US 964 / 1.1578 × 0.8745 = 728.11 → 728; DE 390 × 0.8745 = 341.06 → 341; UK 323
    const { ranked } = bestMarkets(figures('GBP', 0.15));
    expect(ranked.map((m) => [m.market, m.comparableProfit])).toEqual([
      ['US', 728],
      ['DE', 341],
      ['UK', 323],
    ]);
  });

  it('a market below the minimum ROI takes no part: at 60 % only the US is a deal, so there is no runner-up', () => {
    const { best, runnerUp } = bestMarkets(figures('EUR', 0.6));
    expect(best?.market).toBe('US');
    expect(runnerUp).toBeNull();
    expect(bestMarkets(figures('EUR', 1.2)).best).toBeNull();
  });
});

describe('ranking rule', () => {
  const m = (market: MarketId, comparableProfit: number, roiPercentage: number, deal = true): MarketFigures => ({
    market,
    comparableProfit,
    roiPercentage,
    meetsMinRoi: deal,
  });

  it('higher profit wins even against a higher ROI', () => {
    expect(bestMarkets([m('DE', 400, 30), m('FR', 410, 20)]).best?.market).toBe('FR');
  });

  it('equal profit to the cent: the higher ROI wins; equal ROI too: market order DE, UK, FR, IT, ES, US, CA', () => {
    expect(bestMarkets([m('DE', 400, 30), m('IT', 400, 31)]).best?.market).toBe('IT');
    const tie = bestMarkets([m('CA', 400, 30), m('ES', 400, 30), m('UK', 400, 30)]);
    expect([tie.best?.market, tie.runnerUp?.market]).toEqual(['UK', 'ES']);
  });

  it('a larger profit below the minimum ROI (a six-pack) does not beat a deal', () => {
    const { best, runnerUp } = bestMarkets([m('DE', 900, 12, false), m('UK', 300, 40), m('FR', 250, 35)]);
    expect([best?.market, runnerUp?.market]).toEqual(['UK', 'FR']);
  });

  it('the market choice accepts ALL and the seven markets only', () => {
    expect(['ALL', 'DE', 'CA'].every(isMarketChoice)).toBe(true);
    expect(['all', 'NL', '', null].some(isMarketChoice)).toBe(false);
  });
});
