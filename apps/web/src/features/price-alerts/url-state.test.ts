import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, readView, writeView } from './url-state.ts';

describe('Price Alerts filters and sort in the query string', () => {
  it('round-trips every filter, the sort and the page; defaults are left out', () => {
    const view = {
      filters: {
        search: 'olaplex no.3',
        dropCategory: 'LARGE',
        priority: 'VERY_HIGH',
        brand: 'Olaplex',
        minRoi: 25.5,
        listingRestriction: 'hideNotEligible' as const,
        minUnitsPerMonth: 7.5,
        minMonthlyProfit: 150,
      },
      sortBy: 'estimatedMonthlyProfit' as const,
      sortOrder: 'asc' as const,
      page: 3,
    };
    const params = writeView(view);
    expect(params.toString()).toBe(
      'q=olaplex+no.3&category=LARGE&priority=VERY_HIGH&brand=Olaplex&minRoi=25.5&sell=hideNotEligible&minUnits=7.5&minMonthlyProfit=150&sort=estimatedMonthlyProfit%3Aasc&page=3',
    );
    expect(readView(new URLSearchParams(params.toString()))).toEqual(view);
    expect(writeView(DEFAULT_VIEW).toString()).toBe('');
    expect(readView(new URLSearchParams())).toEqual(DEFAULT_VIEW);
  });

  it('ignores values it does not know (an old or edited link still opens the page)', () => {
    expect(readView(new URLSearchParams('category=TINY&priority=x&sort=price:up&page=-2&minRoi=abc&sell=maybe&minUnits=-3&minMonthlyProfit=lots'))).toEqual(
      DEFAULT_VIEW,
    );
    expect(readView(new URLSearchParams('sort=stock:asc')).sortBy).toBe('stock');
  });
});
