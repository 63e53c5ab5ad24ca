import { describe, expect, it } from 'vitest';
import { estimateSales } from '@dealradar/shared/sales-estimate';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../../src/modules/market-data/providers/demo/demo-retail.ts';

/** The demo provider gives every listing deterministic, plausible sales facts (docs/sales-estimate.md). */
describe('demo sales facts', () => {
  const at = new Date('2026-11-20T10:00:00Z');
  const listings = demoCatalogue()
    .variants.slice(0, 600)
    .flatMap((v) => demoListings(v.gtin, 'DE', at));

  it('every basis occurs, and the same listing always gets the same facts', () => {
    const bases = new Map<string, number>();
    for (const l of listings) {
      const e = estimateSales('DE', l.sales!);
      bases.set(e?.basis ?? 'none', (bases.get(e?.basis ?? 'none') ?? 0) + 1);
    }
    for (const basis of ['monthlySold', 'rankDrops30', 'rankDrops90', 'rank']) expect(bases.get(basis) ?? 0).toBeGreaterThan(5);
    const again = demoCatalogue()
      .variants.slice(0, 600)
      .flatMap((v) => demoListings(v.gtin, 'DE', new Date('2026-11-21T10:00:00Z')));
    expect(again.map((l) => l.sales)).toEqual(listings.map((l) => l.sales));
  });

  it('plausible: badges are Amazon steps, the FBA offers fit in the offers, Amazon sometimes holds the buy box almost always', () => {
    for (const l of listings) {
      const s = l.sales!;
      if (s.monthlySold !== null) expect([50, 100, 200, 300, 400, 500, 600, 700, 800, 900].includes(s.monthlySold) || s.monthlySold % 1000 === 0).toBe(true);
      expect(s.newFbaOffers!).toBeLessThanOrEqual(l.offerCount!);
      expect(s.salesRank).toBe(l.mainCategoryRank);
    }
    expect(listings.some((l) => estimateSales('DE', l.sales!)?.sellerUnitsPerMonth === null)).toBe(true);
    expect(listings.filter((l) => (estimateSales('DE', l.sales!)?.sellerUnitsPerMonth ?? 0) > 0).length).toBeGreaterThan(listings.length / 2);
  });
});
