import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { PriceDropSortField } from '@dealradar/shared/contracts/price-drops';
import { priceDropsApi } from '@dealradar/shared/contracts/endpoints/price-drops';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';
import { endpointQuery, extendKey } from '../../../lib/endpoint-query.ts';

export interface PriceDropFilters {
  search: string;
  dropCategory: string | null;
  priority: string | null;
  brand: string | null;
  /** Only drops whose Best ROI (the organization's own where its match rules touch the drop) is at least this percent. */
  minRoi: number | null;
  /** Amazon's answer for the organization's seller account: only what it can sell, or every drop but the not eligible. */
  listingRestriction: ListingRestrictionFilter | null;
  /** Only drops whose seller's share (estimate) reaches this many units a month / whose monthly profit reaches this. */
  minUnitsPerMonth: number | null;
  minMonthlyProfit: number | null;
}

export interface PriceDropsRequest extends PriceDropFilters {
  /** Zero-based on the wire. */
  page: number;
  sortBy: PriceDropSortField;
  sortOrder: 'asc' | 'desc';
}

const CHECKING_POLL_MS = 4_000;

/**
 * GET /price-alerts/price-drops?page&size=100&sortBy&sortOrder&search&dropCategory&priority&brand&minRoi&listingRestriction. `refreshKey` (the
 * Refresh button's counter) goes after the call's key here and below: a new counter is a new query.
 */
export function usePriceDrops(request: PriceDropsRequest, enabled: boolean, refreshKey: number) {
  return useQuery({
    ...extendKey(
      endpointQuery(priceDropsApi.list, {
        query: {
          page: request.page,
          size: PAGE_SIZE,
          sortBy: request.sortBy,
          sortOrder: request.sortOrder,
          search: request.search.trim(),
          dropCategory: request.dropCategory,
          priority: request.priority,
          brand: request.brand,
          minRoi: request.minRoi === null ? undefined : String(request.minRoi),
          listingRestriction: request.listingRestriction ?? undefined,
          minUnitsPerMonth: request.minUnitsPerMonth ?? undefined,
          minMonthlyProfit: request.minMonthlyProfit ?? undefined,
        },
      }),
      refreshKey,
    ),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
    // While Amazon is still being asked about drops of the page, the page is read again until they are answered.
    refetchInterval: (query) => (query.state.data?.content.some((d) => d.listingRestriction?.status === 'CHECKING') ? CHECKING_POLL_MS : false),
  });
}

/** GET /price-alerts/stats (totals, cadence, last and next refresh). */
export function usePriceAlertStats(enabled: boolean, refreshKey: number) {
  return useQuery({
    ...extendKey(endpointQuery(priceDropsApi.stats), refreshKey),
    enabled,
    retry: false,
    refetchInterval: 60_000,
  });
}

/** GET /price-alerts/price-drops/brands (the brand filter's options). */
export function usePriceDropBrands(enabled: boolean, refreshKey: number) {
  return useQuery({
    ...extendKey(endpointQuery(priceDropsApi.brands), refreshKey),
    enabled,
    retry: false,
  });
}

/** GET /price-alerts/price-drops/{id}/profit: the basis of a drop's ROI, loaded when its detail opens. */
export function useDropProfit(id: number, enabled: boolean) {
  return useQuery({
    ...endpointQuery(priceDropsApi.profit, { params: { id } }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
