import type { SupplierResultsQuery } from '@dealradar/shared/contracts/scans';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';

export type DealsQuery = Pick<SupplierResultsQuery, 'page' | 'sortBy' | 'sortOrder' | 'brands' | 'markets' | 'hideAmazonBuyBox' | 'hideWarnings'> & {
  minProfitableShare?: number | null;
  /** Only what the seller can sell / hide the not eligible; null: every deal. */
  listingRestriction?: ListingRestrictionFilter | null;
  /** Only deals with at least this estimated monthly profit (EUR) / share in units a month; null: any. */
  minMonthlyProfit?: number | null;
  minUnitsPerMonth?: number | null;
};

/** The list's filters and order as the URL carries them (the list and its download send the same). */
export function dealsFilterQuery(query: Omit<DealsQuery, 'page'>) {
  return {
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    brands: query.brands,
    markets: query.markets,
    hideAmazonBuyBox: query.hideAmazonBuyBox ? ('true' as const) : undefined,
    hideWarnings: query.hideWarnings.length ? query.hideWarnings.join(',') : undefined,
    minProfitableShare: query.minProfitableShare ?? undefined,
    listingRestriction: query.listingRestriction ?? undefined,
    minMonthlyProfit: query.minMonthlyProfit ?? undefined,
    minUnitsPerMonth: query.minUnitsPerMonth ?? undefined,
  };
}

/** SPEC §9: status every 2 s (4 s after a failed poll), results every 4 s. */
export const STATUS_POLL_MS = 2_000;
export const STATUS_RETRY_MS = 4_000;
export const DEALS_REFRESH_MS = 4_000;
