import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { DEALS_REFRESH_MS, dealsFilterQuery, type DealsQuery } from './deals-query.ts';

/** The High ROI Deals list: GET /supplier-analyzer/results (page zero-based on the wire, 100 per page), refreshed every 4 s (SPEC §9). */
export function useDeals(query: DealsQuery) {
  return useQuery({
    ...endpointQuery(supplierAnalyzerApi.results, { query: { page: query.page, size: PAGE_SIZE, ...dealsFilterQuery(query) } }),
    refetchInterval: DEALS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
