import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';

/** POST /brand-analyzer/scan?brands&markets: queues a scan and answers its id. */
export function startBrandScan(input: { brands: string[]; markets: string[] }) {
  return callEndpoint(brandAnalyzerApi.startScan, { query: { brands: input.brands, markets: input.markets } });
}

export function useStartBrandScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBrandScan,
    onSuccess: () => {
      void invalidateCalls(queryClient, brandAnalyzerApi.activeScan);
      // Brand checks used today changed.
      void invalidateCalls(queryClient, plansApi.subscriptionStatus);
    },
  });
}
