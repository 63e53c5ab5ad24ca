import { describe, expect, it } from 'vitest';
import { dropCategoryColor, dropCategoryOf, dropPercentage, dropPriorityOf } from './drops.ts';
import { EXAMPLE_AVG_DISCOUNT, EXAMPLE_TOTAL_DROPS, exampleAnalytics, exampleHotDeals, exampleOverview, exampleRecentDrops } from './drops-example.ts';

describe('drop categories (MINOR 0-10, SMALL 10-25, MEDIUM 25-50, LARGE 50-75, HUGE 75+)', () => {
  const cases: Array<[number, string]> = [
    [0, 'MINOR'],
    [9.99, 'MINOR'],
    [10, 'SMALL'],
    [24.99, 'SMALL'],
    [25, 'MEDIUM'],
    [49.99, 'MEDIUM'],
    [50, 'LARGE'],
    [74.99, 'LARGE'],
    [75, 'HUGE'],
    [100, 'HUGE'],
  ];
  for (const [pct, category] of cases) it(`${pct} % → ${category}`, () => expect(dropCategoryOf(pct)).toBe(category));
});

describe('drop priorities (LOW 0-5, MEDIUM 5-15, HIGH 15-30, VERY HIGH 30-50, CRITICAL 50+)', () => {
  const cases: Array<[number, string]> = [
    [0, 'LOW'],
    [4.99, 'LOW'],
    [5, 'MEDIUM'],
    [14.99, 'MEDIUM'],
    [15, 'HIGH'],
    [29.99, 'HIGH'],
    [30, 'VERY_HIGH'],
    [49.99, 'VERY_HIGH'],
    [50, 'CRITICAL'],
    [90, 'CRITICAL'],
  ];
  for (const [pct, priority] of cases) it(`${pct} % → ${priority}`, () => expect(dropPriorityOf(pct)).toBe(priority));
});

describe('category colours (Minor green, Small yellow, Medium orange, Large red, other gray)', () => {
  const cases: Array<[string | null, string]> = [
    ['MINOR', 'green'],
    ['Small', 'yellow'],
    ['MEDIUM', 'orange'],
    ['LARGE', 'red'],
    ['HUGE', 'gray'],
    [null, 'gray'],
  ];
  for (const [category, colour] of cases) it(`${category} → ${colour}`, () => expect(dropCategoryColor(category)).toBe(colour));
});

describe('dropPercentage', () => {
  it('is the fall against the old price with two decimals', () => {
    expect(dropPercentage(900, 855)).toBe(5);
    expect(dropPercentage(300, 200)).toBe(33.33);
    expect(dropPercentage(1000, 1100)).toBe(0);
  });
});

describe('example data for FREE/STARTER (SPEC §9)', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('has 3 hot deals, 2 recent drops, 247 drops and a 23.4 average', () => {
    expect(exampleHotDeals(now)).toHaveLength(3);
    expect(exampleRecentDrops(now)).toHaveLength(2);
    expect(exampleOverview()).toMatchObject({ totalDrops: 247, avgDiscount: 23.4 });
    expect([EXAMPLE_TOTAL_DROPS, EXAMPLE_AVG_DISCOUNT]).toEqual([247, 23.4]);
  });
  it('recent drops are within the last 2 hours and the category counts add up to the total', () => {
    for (const d of exampleRecentDrops(now)) expect(now.getTime() - Date.parse(d.detectedAt)).toBeLessThan(2 * 3600_000);
    const analytics = exampleAnalytics(now);
    expect(Object.values(analytics.dropsByCategory).reduce((a, b) => a + b, 0)).toBe(247);
    expect(Object.values(analytics.dropsByPriority).reduce((a, b) => a + b, 0)).toBe(247);
    expect(analytics.dailyTrend).toHaveLength(14);
  });
  it('prices follow the region currency; the drop percentage does not change', () => {
    const [eur] = exampleHotDeals(now);
    const [gbp] = exampleHotDeals(now, 'GBP');
    expect(eur).toMatchObject({ currency: 'EUR', newPriceExclVat: 11.45, oldPriceExclVat: 19.9 });
    expect(gbp).toMatchObject({ currency: 'GBP', newPriceExclVat: 9.73, oldPriceExclVat: 16.92 });
    expect(gbp!.priceDropPercentage).toBe(eur!.priceDropPercentage);
    expect(exampleRecentDrops(now, 'USD')[0]!.currency).toBe('EUR');
  });
});
