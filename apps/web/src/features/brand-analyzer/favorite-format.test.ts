import { describe, expect, it } from 'vitest';
import { isWeakRank, roiBadgeColor } from '@dealradar/shared/roi';
import { moneyWithListAmount } from '@dealradar/shared/money';
import { defaultFavoriteOrder, favoriteCurrency, marketplaceLinks, supplierPriceConversion } from './favorite-format.ts';

describe('favorite card rules (SPEC §9)', () => {
  it('colours the ROI badge >=20 green, >=10 yellow, >=5 orange, else red', () => {
    expect(roiBadgeColor(20)).toBe('green');
    expect(roiBadgeColor(19.99)).toBe('yellow');
    expect(roiBadgeColor(10)).toBe('yellow');
    expect(roiBadgeColor(9.99)).toBe('orange');
    expect(roiBadgeColor(5)).toBe('orange');
    expect(roiBadgeColor(4.99)).toBe('red');
    expect(roiBadgeColor(-3)).toBe('red');
  });

  it('highlights a card when the main rank is above 50000 or missing', () => {
    expect(isWeakRank(50000)).toBe(false);
    expect(isWeakRank(1)).toBe(false);
    expect(isWeakRank(50001)).toBe(true);
    expect(isWeakRank(null)).toBe(true);
    expect(isWeakRank(undefined)).toBe(true);
  });

  it('shows GBP in the UK market and EUR everywhere else', () => {
    expect(favoriteCurrency('UK')).toBe('GBP');
    for (const market of ['DE', 'FR', 'IT', 'ES', 'NL']) expect(favoriteCurrency(market)).toBe('EUR');
  });

  it('links the product on the markets a brand scan covers (DE, UK, FR, IT, ES; not NL), its own market first', () => {
    const links = marketplaceLinks('FR', 'B000TEST01');
    expect(links.map((l) => l.market)).toEqual(['FR', 'DE', 'UK', 'IT', 'ES']);
    expect(links[0]!.url).toContain('amazon.fr');
    expect(links[0]!.url).toContain('B000TEST01');
    expect(links.find((l) => l.market === 'UK')!.url).toContain('amazon.co.uk');
  });

  it('starts rank and supplier price ascending, the others descending', () => {
    expect(defaultFavoriteOrder('mainCategoryRank')).toBe('asc');
    expect(defaultFavoriteOrder('supplierPrice')).toBe('asc');
    expect(defaultFavoriteOrder('roi')).toBe('desc');
    expect(defaultFavoriteOrder('amazonPrice')).toBe('desc');
    expect(defaultFavoriteOrder('createdAt')).toBe('desc');
    expect(defaultFavoriteOrder('profitableShare')).toBe('desc');
  });

  it("shows a UK favorite's wholesale price as Qogita gives it (EUR) beside its pounds, at the breakdown's rate and day", () => {
    const breakdown = { currency: 'GBP', fxRate: 0.8745, fxDate: '2026-11-28' } as never;
    const conversion = supplierPriceConversion({ market: 'UK', breakdown });
    expect(moneyWithListAmount(7.29, conversion, 6.38)).toBe('€7.29 · £6.38 at 0.8745 on 28 Nov');
    expect(supplierPriceConversion({ market: 'DE', breakdown: { currency: 'EUR', fxRate: 1, fxDate: '2026-11-28' } as never })).toBeNull();
    expect(supplierPriceConversion({ market: 'UK', breakdown: null })).toBeNull();
  });
});
