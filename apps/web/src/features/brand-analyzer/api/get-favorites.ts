import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { FavoriteSortBy } from '@dealradar/shared/contracts/brand-analyzer';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export interface FavoritesParams {
  brands: string[];
  markets: string[];
  /** Zero-based, as on the wire. */
  page: number;
  sortBy: FavoriteSortBy;
  sortOrder: 'asc' | 'desc';
  hideAmazonBuyBox?: boolean;
  hideWarnings?: string[];
  /** 0–100; null or absent: any. */
  minProfitableShare?: number | null;
  /** Amazon's answer for the seller account: only what I can sell, or hide the not eligible; null: every favorite. */
  listingRestriction?: ListingRestrictionFilter | null;
  /** Only favorites with at least this estimated monthly profit / share in units a month; null or absent: any. */
  minMonthlyProfit?: number | null;
  minUnitsPerMonth?: number | null;
}

/** While any favorite on the page is being checked with Amazon, the page reloads this often to show the answers. */
const CHECKING_POLL_MS = 3_000;

/** The wire query of the favorites list (and of its download, without page and size). */
export function favoritesQueryOf(params: FavoritesParams) {
  return {
    brands: params.brands,
    markets: params.markets,
    page: params.page,
    size: PAGE_SIZE,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
    hideAmazonBuyBox: params.hideAmazonBuyBox ? ('true' as const) : undefined,
    hideWarnings: params.hideWarnings?.length ? params.hideWarnings.join(',') : undefined,
    minProfitableShare: params.minProfitableShare ?? undefined,
    listingRestriction: params.listingRestriction ?? undefined,
    minMonthlyProfit: params.minMonthlyProfit ?? undefined,
    minUnitsPerMonth: params.minUnitsPerMonth ?? undefined,
  };
}

/** GET /brand-analyzer/favorites: one page of 100, filtered and sorted on the server. */
function favoritesQuery(params: FavoritesParams) {
  return endpointQuery(brandAnalyzerApi.favorites, { query: favoritesQueryOf(params) });
}

export function useFavorites(params: FavoritesParams) {
  return useQuery({
    ...favoritesQuery(params),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => (query.state.data?.content.some((f) => f.listingRestriction?.status === 'CHECKING') ? CHECKING_POLL_MS : false),
  });
}
