import { useQuery } from '@tanstack/react-query';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /brand-analyzer/brands: every brand of the wholesale catalogue. */
export function useBrands() {
  return useQuery({ ...endpointQuery(brandAnalyzerApi.brands), staleTime: 10 * 60_000, retry: false });
}
