import { describe, expect, it } from 'vitest';
import { brandCategoryOf, DEMO_CATALOGUE_BRAND_GROUPS, groupBrandsByCategory, OTHER_BRAND_CATEGORY } from '@dealradar/shared/brand-categories';
import { demoCatalogue } from '../market-data/providers/demo/demo-catalogue.ts';

describe('brand groups of the demo catalogue', () => {
  it('places every demo brand in one of the five groups, none under Other, and lists no brand the demo lacks', () => {
    const names = demoCatalogue().brands.map((b) => b.name);
    expect(names.filter((name) => brandCategoryOf(name) === OTHER_BRAND_CATEGORY)).toEqual([]);
    const listed = Object.values(DEMO_CATALOGUE_BRAND_GROUPS).flat();
    expect([...listed].sort()).toEqual([...names].sort());
    expect(groupBrandsByCategory(names).map((g) => g.category)).toEqual(['Skincare', 'Makeup', 'Hair Care', 'Fragrance', 'Personal Care']);
  });
});
