import { describe, expect, it } from 'vitest';
import { DEAL_SORT_OPTIONS, DEFAULT_DEAL_SORT, defaultOrderFor, isDealSortBy } from './deal-sort.ts';

describe('supplier deal sort options', () => {
  it('offers the nine fields of SPEC §9, in order, then the 90-day stability', () => {
    expect(DEAL_SORT_OPTIONS.map((o) => o.value)).toEqual([
      'mainCategoryRank',
      'roi',
      'estimatedProfit',
      'buyBoxPrice',
      'supplierPrice',
      'estimatedMonthlySales',
      'numberOfSellers',
      'rating',
      'reviewCount',
      'profitableShare',
      'estimatedMonthlyProfit',
    ]);
    expect(defaultOrderFor('profitableShare')).toBe('desc');
    expect(defaultOrderFor('estimatedMonthlyProfit')).toBe('desc');
  });
  it('starts on rank, ascending', () => {
    expect(DEFAULT_DEAL_SORT).toBe('mainCategoryRank');
    expect(defaultOrderFor('mainCategoryRank')).toBe('asc');
  });
  it('sorts value fields best-first (descending) when chosen', () => {
    expect(defaultOrderFor('roi')).toBe('desc');
    expect(defaultOrderFor('estimatedProfit')).toBe('desc');
  });
  it('rejects unknown fields', () => {
    expect(isDealSortBy('createdAt')).toBe(false);
    expect(isDealSortBy('reviewCount')).toBe(true);
  });
});
