import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startBrandScanResponseSchema } from '@dealradar/shared/contracts/brand-analyzer';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys } from './brand-analyzer-keys.ts';

/** POST /brand-analyzer/scan?brands&markets: queues a scan and answers its id. */
export function startBrandScan(input: { brands: string[]; markets: string[] }) {
  return apiRequest('/brand-analyzer/scan', { method: 'POST', query: { brands: input.brands, markets: input.markets }, schema: startBrandScanResponseSchema });
}

export function useStartBrandScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBrandScan,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: brandAnalyzerKeys.activeScan() });
      // Brand checks used today changed.
      void queryClient.invalidateQueries({ queryKey: ['organization', 'subscription-status'] });
    },
  });
}
