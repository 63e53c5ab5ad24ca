import { BRAND_SCAN_MARKET_IDS, type Favorite, type FavoriteSortBy } from '@dealradar/shared/contracts/brand-analyzer';
import { amazonProductUrl } from '@dealradar/shared/markets';
import { conversionOf, type Conversion } from '@dealradar/shared/money';

/** SPEC §9: favorites show GBP in the UK market and EUR everywhere else. */
export function favoriteCurrency(market: string): 'GBP' | 'EUR' {
  return market === 'UK' ? 'GBP' : 'EUR';
}

/**
 * The Amazon storefronts a favorite links to, its own market first: the markets a brand scan covers (no
 * link to a storefront such as Amazon NL whose prices the product never looked at).
 */
export const FAVORITE_LINK_MARKETS = BRAND_SCAN_MARKET_IDS;

export function marketplaceLinks(market: string, asin: string): Array<{ market: string; url: string }> {
  const order = [market, ...FAVORITE_LINK_MARKETS.filter((m) => m !== market)];
  return order.flatMap((m) => {
    const url = amazonProductUrl(m, asin);
    return url ? [{ market: m, url }] : [];
  });
}

/**
 * The conversion of a favorite's wholesale price: Qogita's EUR against the favorite's list currency (GBP in the UK
 * market), at the rate and day of its breakdown; null in a euro market or for favorites stored without Qogita's EUR price.
 */
export function supplierPriceConversion(favorite: Pick<Favorite, 'market' | 'breakdown'>): Conversion | null {
  const currency = favoriteCurrency(favorite.market);
  const b = favorite.breakdown;
  if (currency === 'EUR' || !b || b.currency !== currency || !(b.fxRate > 0)) return null;
  return conversionOf('EUR', currency, 1, b.fxRate, b.fxDate);
}

/** Order a sort option starts with: best first (lowest rank and supplier price, highest ROI, Amazon price and 90-day stability, newest). */
export function defaultFavoriteOrder(sortBy: FavoriteSortBy): 'asc' | 'desc' {
  return sortBy === 'mainCategoryRank' || sortBy === 'supplierPrice' ? 'asc' : 'desc';
}

export const DEFAULT_FAVORITE_SORT: FavoriteSortBy = 'mainCategoryRank';
