import { describe, expect, it } from 'vitest';
import { scanPollInterval } from './api/get-brand-scan.ts';
import { defaultFavoriteOrder, favoriteCurrency, marketplaceLinks } from './favorite-format.ts';
import { scanProgress, scanStatusColor } from './scan-progress.ts';

describe('brand scan status panel rules', () => {
  it('colours PROCESSING blue, COMPLETED green, ERROR red and anything else gray', () => {
    expect(['PROCESSING', 'COMPLETED', 'ERROR', 'PENDING', 'WHATEVER'].map(scanStatusColor)).toEqual(['blue', 'green', 'red', 'gray', 'gray']);
  });

  it('numbers the current brand and market from 1 and fills the bars with what is done', () => {
    expect(scanProgress({ status: 'PROCESSING', totalBrands: 4, processedBrands: 1, totalMarkets: 2, processedMarkets: 1 })).toEqual({
      brandNumber: 2,
      brandPercent: 25,
      marketNumber: 2,
      marketPercent: 50,
    });
    expect(scanProgress({ status: 'PENDING', totalBrands: 3, processedBrands: 0, totalMarkets: 1, processedMarkets: 0 })).toEqual({
      brandNumber: 1,
      brandPercent: 0,
      marketNumber: 1,
      marketPercent: 0,
    });
    expect(scanProgress({ status: 'PROCESSING', totalBrands: 2, processedBrands: 2, totalMarkets: 2, processedMarkets: 0 }).brandNumber).toBe(2);
    expect(scanProgress({ status: 'COMPLETED', totalBrands: 2, processedBrands: 2, totalMarkets: 3, processedMarkets: 3 })).toEqual({
      brandNumber: 2,
      brandPercent: 100,
      marketNumber: 3,
      marketPercent: 100,
    });
  });
});

describe('favorite display rules', () => {
  it('shows UK favorites in GBP and every other market in EUR', () => {
    expect(['UK', 'DE', 'FR', 'IT', 'ES'].map(favoriteCurrency)).toEqual(['GBP', 'EUR', 'EUR', 'EUR', 'EUR']);
  });

  it('links the ASIN on the five storefronts a brand scan covers, its own market first (no Amazon NL)', () => {
    const links = marketplaceLinks('FR', 'B0TEST1234');
    expect(links.map((l) => l.market)).toEqual(['FR', 'DE', 'UK', 'IT', 'ES']);
    expect(links[0]!.url).toBe('https://www.amazon.fr/dp/B0TEST1234');
    expect(links.find((l) => l.market === 'UK')!.url).toBe('https://www.amazon.co.uk/dp/B0TEST1234');
  });

  it('starts rank and supplier price ascending, the other sorts descending', () => {
    expect(defaultFavoriteOrder('mainCategoryRank')).toBe('asc');
    expect(defaultFavoriteOrder('supplierPrice')).toBe('asc');
    expect(defaultFavoriteOrder('roi')).toBe('desc');
    expect(defaultFavoriteOrder('createdAt')).toBe('desc');
  });
});

describe('brand scan polling', () => {
  it('polls every 2 s until COMPLETED or ERROR, and stops after a failed poll', () => {
    expect(scanPollInterval('pending', undefined)).toBe(2000);
    expect(scanPollInterval('success', 'PENDING')).toBe(2000);
    expect(scanPollInterval('success', 'PROCESSING')).toBe(2000);
    expect(scanPollInterval('success', 'COMPLETED')).toBe(false);
    expect(scanPollInterval('success', 'ERROR')).toBe(false);
    expect(scanPollInterval('error', 'PROCESSING')).toBe(false);
  });
});
