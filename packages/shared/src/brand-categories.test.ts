import { describe, expect, it } from 'vitest';
import {
  BRAND_CATEGORIES,
  brandCategoryOf,
  DEMO_CATALOGUE_BRAND_GROUPS,
  groupBrandsByCategory,
  normalizeBrandName,
  OTHER_BRAND_CATEGORY,
} from './brand-categories.ts';

describe('brand categories', () => {
  it('has five curated categories and puts each curated brand in exactly one', () => {
    expect(BRAND_CATEGORIES.map((c) => c.name)).toEqual(['Skincare', 'Makeup', 'Hair Care', 'Fragrance', 'Personal Care']);
    const all = BRAND_CATEGORIES.flatMap((c) => c.brands.map(normalizeBrandName));
    expect(new Set(all).size).toBe(all.length);
  });

  it('matches catalogue spellings loosely (case, accents, punctuation)', () => {
    expect(brandCategoryOf('LOREAL PARIS')).toBe('Makeup');
    expect(brandCategoryOf('La Roche Posay')).toBe('Skincare');
    expect(brandCategoryOf('Kerastase')).toBe('Hair Care');
    expect(brandCategoryOf('Dolce&Gabbana')).toBe('Fragrance');
    expect(brandCategoryOf('oral-b')).toBe('Personal Care');
    expect(brandCategoryOf('Zeta Labs')).toBe(OTHER_BRAND_CATEGORY);
  });

  it('groups the catalogue in category order with Other last, sorted inside, without curated brands the catalogue lacks', () => {
    const groups = groupBrandsByCategory(['Nivea', 'Zeta Labs', 'Gillette', 'CeraVe', 'Alpha Beauty', 'Dove', 'CeraVe']);
    expect(groups).toEqual([
      { category: 'Skincare', brands: ['CeraVe', 'Nivea'] },
      { category: 'Personal Care', brands: ['Dove', 'Gillette'] },
      { category: 'Other', brands: ['Alpha Beauty', 'Zeta Labs'] },
    ]);
    expect(groupBrandsByCategory([])).toEqual([]);
  });

  it("puts the demo catalogue's invented brands in the group of their demo category, never twice", () => {
    expect(brandCategoryOf('Lumière Botanique')).toBe('Skincare');
    expect(brandCategoryOf('Silkara')).toBe('Hair Care');
    expect(brandCategoryOf('Noir Atelier')).toBe('Fragrance');
    expect(brandCategoryOf('Nailissima')).toBe('Makeup');
    expect(brandCategoryOf('Dentaclair')).toBe('Personal Care');
    const curated = new Set(BRAND_CATEGORIES.flatMap((c) => c.brands.map(normalizeBrandName)));
    const demo = Object.values(DEMO_CATALOGUE_BRAND_GROUPS).flatMap((brands) => brands.map(normalizeBrandName));
    expect(new Set(demo).size).toBe(demo.length);
    expect(demo.filter((brand) => curated.has(brand))).toEqual([]);
  });
});
