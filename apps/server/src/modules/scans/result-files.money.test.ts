import { describe, expect, it } from 'vitest';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { resultValues } from './result-files.ts';

/** A UK deal as the deals list answers it: EUR list figures, a GBP breakdown at 0.8745 of 28 Nov. */
function ukDeal(): DealProduct {
  return {
    id: 'd1',
    ean: '4006381333931',
    asin: 'B000000001',
    market: 'UK',
    productName: 'Hand cream',
    brand: 'Brand',
    supplierName: 'list.csv',
    supplierPrice: 8,
    casePrice: 8,
    unitsPerPrice: 1,
    amazonPrice: 22.81,
    estimatedProfit: 5.43,
    roiPercentage: 67.9,
    mainCategoryRank: 1200,
    beautyCategoryRank: null,
    estimatedMonthlySales: 300,
    rating: 4.5,
    reviewCount: 80,
    numberOfSellers: 3,
    buyBoxSellerId: null,
    amazonHoldsBuyBox: false,
    amazonImageUrl: null,
    qogitaImageUrl: null,
    imageUrl: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    marketplaceUrl: 'https://www.amazon.co.uk/dp/B000000001',
    maxBuyPrice: 10.1,
    minRoi: 0.15,
    expiresAt: '2026-11-29T10:00:00.000Z',
    alternatives: [],
    matchSource: 'rank',
    warnings: [],
    buyBoxAvg30: null,
    buyBoxAvg90: null,
    profitableShare90: null,
    breakdown: {
      currency: 'GBP',
      price: 19.95,
      vat: 3.33,
      referralFee: 2.99,
      fbaFee: 2.88,
      cost: 7,
      profit: 4.75,
      roi: 0.679,
      numberOfPacks: 1,
      fxRate: 0.8745,
      fxDate: '2026-11-28',
      breakEvenPrice: 12.4,
    },
  };
}

describe('download money columns (docs/money.md)', () => {
  it('carry the EUR list amounts and, in named columns, the market-currency amounts with the rate and its day', () => {
    const values = resultValues({ product: ukDeal(), isDeal: true });
    expect(values).toMatchObject({
      currency: 'EUR',
      amazonPrice: 22.81,
      estimatedProfit: 5.43,
      marketCurrency: 'GBP',
      fxRate: 0.8745,
      fxDate: '2026-11-28',
      amazonPriceMarketCurrency: 19.95,
      estimatedProfitMarketCurrency: 4.75,
      costMarketCurrency: 7,
      vatMarketCurrency: 3.33,
      referralFeeMarketCurrency: 2.99,
      fbaFeeMarketCurrency: 2.88,
      breakEvenPriceMarketCurrency: 12.4,
      // EUR = GBP ÷ 0.8745 to the cent, as the card shows them.
      vat: 3.81,
      referralFee: 3.42,
      fbaFee: 3.29,
    });
  });

  it('leave the break-even column empty for deals stored before it', () => {
    const deal = ukDeal();
    delete deal.breakdown.breakEvenPrice;
    expect(resultValues({ product: deal, isDeal: true }).breakEvenPriceMarketCurrency).toBeNull();
  });
});
