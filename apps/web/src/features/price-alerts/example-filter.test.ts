import { describe, expect, it } from 'vitest';
import { examplePriceDrops } from '@dealradar/shared/drops-example';
import { filterExampleDrops } from './example-filter.ts';

const rows = examplePriceDrops(new Date('2026-11-23T10:00:00Z'));
const base = {
  search: '',
  dropCategory: null,
  priority: null,
  brand: null,
  minRoi: null,
  listingRestriction: null,
  minUnitsPerMonth: null,
  minMonthlyProfit: null,
  page: 0,
  sortBy: 'detectedAt' as const,
  sortOrder: 'desc' as const,
};

describe('example rows of FREE/STARTER filtered in the browser', () => {
  it('shows all five, newest first', () => {
    const result = filterExampleDrops(rows, base);
    expect(result).toHaveLength(5);
    expect(result.map((r) => r.detectedAt)).toEqual([...result.map((r) => r.detectedAt)].sort().reverse());
  });
  it('filters by search, category and brand, and sorts by percentage', () => {
    expect(filterExampleDrops(rows, { ...base, search: 'olaplex' }).map((r) => r.productBrand)).toEqual(['Olaplex']);
    expect(filterExampleDrops(rows, { ...base, dropCategory: 'SMALL' }).every((r) => r.dropCategory === 'SMALL')).toBe(true);
    expect(filterExampleDrops(rows, { ...base, brand: 'Nivea' })).toHaveLength(1);
    const pct = filterExampleDrops(rows, { ...base, sortBy: 'priceDropPercentage', sortOrder: 'asc' }).map((r) => r.priceDropPercentage);
    expect(pct).toEqual([...pct].sort((a, b) => a - b));
  });
  it('example rows were never checked with Amazon: "only what I can sell" shows none, "hide not eligible" all', () => {
    expect(filterExampleDrops(rows, { ...base, listingRestriction: 'sellable' })).toHaveLength(0);
    expect(filterExampleDrops(rows, { ...base, listingRestriction: 'hideNotEligible' })).toHaveLength(5);
  });
});
