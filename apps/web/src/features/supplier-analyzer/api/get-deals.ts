import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supplierResultsPageSchema } from '@dealradar/shared/contracts/scans';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { Paged } from '@dealradar/shared/paging';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { DEALS_REFRESH_MS, supplierKeys, type DealsQuery } from './supplier-keys.ts';

/** GET /supplier-analyzer/results (page zero-based on the wire, 100 per page). */
export function getDeals(query: DealsQuery): Promise<Paged<DealProduct>> {
  return apiRequest('/supplier-analyzer/results', {
    query: {
      page: query.page,
      size: PAGE_SIZE,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      brands: query.brands,
      markets: query.markets,
      hideAmazonBuyBox: query.hideAmazonBuyBox ? 'true' : undefined,
      hideWarnings: query.hideWarnings.length ? query.hideWarnings.join(',') : undefined,
      minProfitableShare: query.minProfitableShare ?? undefined,
    },
    schema: supplierResultsPageSchema,
  });
}

/** The High ROI Deals list, refreshed every 4 s (SPEC §9). */
export function useDeals(query: DealsQuery) {
  return useQuery({
    queryKey: supplierKeys.dealsPage(query),
    queryFn: () => getDeals(query),
    refetchInterval: DEALS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
