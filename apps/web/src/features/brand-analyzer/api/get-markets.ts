import { useQuery } from '@tanstack/react-query';
import { marketListSchema } from '@dealradar/shared/contracts/brand-analyzer';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys } from './brand-analyzer-keys.ts';

/** GET /brand-analyzer/markets: the markets a brand scan can cover. */
export function useMarkets() {
  return useQuery({
    queryKey: brandAnalyzerKeys.markets(),
    queryFn: () => apiRequest('/brand-analyzer/markets', { schema: marketListSchema }),
    staleTime: Infinity,
    retry: false,
  });
}
