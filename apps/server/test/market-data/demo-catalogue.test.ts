import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '@dealradar/shared/ean';
import { MARKET_IDS } from '@dealradar/shared/markets';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import { demoWholesalePrice, demoWholesaleVariant } from '../../src/modules/market-data/providers/demo/demo-wholesale.ts';

const at = new Date('2026-11-20T10:00:00Z');

describe('demo catalogue', () => {
  const { brands, variants } = demoCatalogue();

  it('has at least 5,000 variants across at least 60 brands with valid, unique GTINs', () => {
    expect(variants.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(variants.map((v) => v.brand)).size).toBeGreaterThanOrEqual(60);
    expect(brands.length).toBeGreaterThanOrEqual(60);
    expect(new Set(variants.map((v) => v.gtin)).size).toBe(variants.length);
    expect(variants.every((v) => v.gtin.length === 13 && hasValidCheckDigit(v.gtin))).toBe(true);
  });

  it('is deterministic', () => {
    const sample = variants.slice(0, 50).map((v) => v.gtin);
    const again = sample.map((g) => JSON.stringify(demoListings(g, 'DE', at)));
    expect(sample.map((g) => JSON.stringify(demoListings(g, 'DE', at)))).toEqual(again);
  });

  it('lists products in all seven markets with plausible figures, multipacks, two-listing EANs and unlisted EANs', () => {
    let multipacks = 0;
    let twoListings = 0;
    let unlistedEverywhere = 0;
    const perMarket = new Map<string, number>();
    const implausible: string[] = [];
    for (const v of variants) {
      let any = false;
      for (const market of MARKET_IDS) {
        const listings = demoListings(v.gtin, market, at);
        if (listings.length) {
          any = true;
          perMarket.set(market, (perMarket.get(market) ?? 0) + 1);
        }
        if (market === 'DE') {
          if (listings.some((l) => l.packageQuantity > 1)) multipacks += 1;
          if (listings.length === 2) twoListings += 1;
        }
        for (const l of listings) {
          const plausible =
            /^B0[A-Z0-9]{8}$/.test(l.asin) &&
            (l.buyBoxPrice === null || l.buyBoxPrice > 50) &&
            (l.fbaFee ?? 0) > 100 &&
            (l.mainCategoryRank ?? 0) > 0 &&
            (l.rating ?? 0) >= 3.4 &&
            (l.rating ?? 9) <= 5 &&
            l.market === market;
          if (!plausible) implausible.push(l.asin);
        }
      }
      if (!any) unlistedEverywhere += 1;
    }
    expect(implausible).toEqual([]);
    expect([...perMarket.keys()].sort()).toEqual([...MARKET_IDS].sort());
    expect(multipacks).toBeGreaterThan(100);
    expect(twoListings).toBeGreaterThan(100);
    expect(unlistedEverywhere).toBeGreaterThan(100);
  });

  it('prices single units above wholesale cost plus VAT in Europe and without VAT in North America', () => {
    const tooCheap: string[] = [];
    for (const v of variants.slice(0, 800)) {
      for (const [market, factor] of [
        ['DE', 1.3 * 1.19],
        ['IT', 1.3 * 1.22],
        ['US', 1.3 * 1.08],
        ['CA', 1.3 * 1.5],
      ] as const) {
        const single = demoListings(v.gtin, market, at).find((l) => l.packageQuantity === 1 && l.buyBoxPrice !== null);
        if (single && single.buyBoxPrice! < Math.floor((v.basePrice * factor) / 100) * 100) tooCheap.push(`${market}:${v.gtin}`);
        if (single && market === 'DE' && single.buyBoxPrice! > v.basePrice * 2.8 * 1.19 + 100) tooCheap.push(`too dear ${v.gtin}`);
      }
    }
    expect(tooCheap).toEqual([]);
  });
});

describe('demo wholesale price process', () => {
  const { variants } = demoCatalogue();

  it('is a pure function of (variant, time)', () => {
    const v = variants[42]!;
    expect(demoWholesalePrice(v, at)).toBe(demoWholesalePrice(v, new Date(at)));
    expect(demoWholesaleVariant(v, at)).toEqual(demoWholesaleVariant(v, at));
  });

  it('moves prices between hourly refreshes: drops of every size and rises', () => {
    let drops = 0;
    let rises = 0;
    const depths: number[] = [];
    for (let hour = 0; hour < 24; hour += 1) {
      const before = new Date(at.getTime() + hour * 3_600_000);
      const after = new Date(before.getTime() + 3_600_000);
      for (const v of variants) {
        const p0 = demoWholesalePrice(v, before);
        const p1 = demoWholesalePrice(v, after);
        if (p1 < p0) {
          drops += 1;
          depths.push((p0 - p1) / p0);
        } else if (p1 > p0) rises += 1;
      }
    }
    expect(drops).toBeGreaterThan(24 * 10);
    expect(rises).toBeGreaterThan(24 * 10);
    expect(depths.some((d) => d < 0.1)).toBe(true);
    expect(depths.some((d) => d >= 0.25 && d < 0.5)).toBe(true);
    expect(depths.some((d) => d >= 0.5)).toBe(true);
  });

  it('keeps most prices unchanged between two refreshes', () => {
    const next = new Date(at.getTime() + 3_600_000);
    const unchanged = variants.filter((v) => demoWholesalePrice(v, at) === demoWholesalePrice(v, next)).length;
    expect(unchanged / variants.length).toBeGreaterThan(0.85);
  });

  it('quotes prices excl. and incl. VAT in EUR with stock and a link', () => {
    const w = demoWholesaleVariant(variants[0]!, at);
    expect(w.currency).toBe('EUR');
    expect(w.priceInclVat).toBe(Math.round(w.priceExclVat * 1.21));
    expect(w.productUrl).toContain(w.gtin);
  });
});
