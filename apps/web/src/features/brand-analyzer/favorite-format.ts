import type { FavoriteSortBy } from '@dealradar/shared/contracts/brand-analyzer';
import { amazonProductUrl } from '@dealradar/shared/markets';

/** SPEC §9: favorites show GBP in the UK market and EUR everywhere else. */
export function favoriteCurrency(market: string): 'GBP' | 'EUR' {
  return market === 'UK' ? 'GBP' : 'EUR';
}

/** The Amazon storefronts a favorite links to (SPEC §9 brand screen hosts), its own market first. */
export const FAVORITE_LINK_MARKETS = ['DE', 'UK', 'FR', 'IT', 'ES', 'NL'] as const;

export function marketplaceLinks(market: string, asin: string): Array<{ market: string; url: string }> {
  const order = [market, ...FAVORITE_LINK_MARKETS.filter((m) => m !== market)];
  return order.flatMap((m) => {
    const url = amazonProductUrl(m, asin);
    return url ? [{ market: m, url }] : [];
  });
}

/** Order a sort option starts with: best first (lowest rank and supplier price, highest ROI, Amazon price and 90-day stability, newest). */
export function defaultFavoriteOrder(sortBy: FavoriteSortBy): 'asc' | 'desc' {
  return sortBy === 'mainCategoryRank' || sortBy === 'supplierPrice' ? 'asc' : 'desc';
}

export const DEFAULT_FAVORITE_SORT: FavoriteSortBy = 'mainCategoryRank';
