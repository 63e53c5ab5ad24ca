import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import {
  priceAlertStatsSchema,
  priceDropBrandsSchema,
  priceDropProfitSchema,
  priceDropsPageSchema,
  type PriceDropSortField,
} from '@dealradar/shared/contracts/price-drops';
import { apiRequest } from '../../../lib/api-client.ts';

export interface PriceDropFilters {
  search: string;
  dropCategory: string | null;
  priority: string | null;
  brand: string | null;
}

export interface PriceDropsRequest extends PriceDropFilters {
  /** Zero-based on the wire. */
  page: number;
  sortBy: PriceDropSortField;
  sortOrder: 'asc' | 'desc';
}

/** GET /price-alerts/price-drops?page&size=100&sortBy&sortOrder&search&dropCategory&priority&brand */
export function usePriceDrops(request: PriceDropsRequest, enabled: boolean, refreshKey: number) {
  return useQuery({
    queryKey: ['price-alerts', 'price-drops', request, refreshKey],
    queryFn: () =>
      apiRequest('/price-alerts/price-drops', {
        query: {
          page: request.page,
          size: PAGE_SIZE,
          sortBy: request.sortBy,
          sortOrder: request.sortOrder,
          search: request.search.trim() || undefined,
          dropCategory: request.dropCategory,
          priority: request.priority,
          brand: request.brand,
        },
        schema: priceDropsPageSchema,
      }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** GET /price-alerts/stats (totals, cadence, last and next refresh). */
export function usePriceAlertStats(enabled: boolean, refreshKey: number) {
  return useQuery({
    queryKey: ['price-alerts', 'stats', refreshKey],
    queryFn: () => apiRequest('/price-alerts/stats', { schema: priceAlertStatsSchema }),
    enabled,
    retry: false,
    refetchInterval: 60_000,
  });
}

/** GET /price-alerts/price-drops/brands (the brand filter's options). */
export function usePriceDropBrands(enabled: boolean, refreshKey: number) {
  return useQuery({
    queryKey: ['price-alerts', 'brands', refreshKey],
    queryFn: () => apiRequest('/price-alerts/price-drops/brands', { schema: priceDropBrandsSchema }),
    enabled,
    retry: false,
  });
}

/** GET /price-alerts/price-drops/{id}/profit: the basis of a drop's ROI, loaded when its detail opens. */
export function useDropProfit(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['price-alerts', 'profit', id],
    queryFn: () => apiRequest(`/price-alerts/price-drops/${id}/profit`, { schema: priceDropProfitSchema }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
