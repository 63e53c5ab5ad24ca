import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';

/** DELETE /supplier-analyzer/results: removes every deal of the user. */
export function useClearDeals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(supplierAnalyzerApi.clearResults),
    onSuccess: () => void invalidateCalls(queryClient, supplierAnalyzerApi.results),
  });
}
