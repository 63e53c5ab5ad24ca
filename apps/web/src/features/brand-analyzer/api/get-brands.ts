import { useQuery } from '@tanstack/react-query';
import { brandListSchema } from '@dealradar/shared/contracts/brand-analyzer';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys } from './brand-analyzer-keys.ts';

/** GET /brand-analyzer/brands: every brand of the wholesale catalogue. */
export function useBrands() {
  return useQuery({
    queryKey: brandAnalyzerKeys.brands(),
    queryFn: () => apiRequest('/brand-analyzer/brands', { schema: brandListSchema }),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
