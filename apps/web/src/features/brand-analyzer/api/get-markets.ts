import { useQuery } from '@tanstack/react-query';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /brand-analyzer/markets: the markets a brand scan can cover. */
export function useMarkets() {
  return useQuery({ ...endpointQuery(brandAnalyzerApi.markets), staleTime: Infinity, retry: false });
}
