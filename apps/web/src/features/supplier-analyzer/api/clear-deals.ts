import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearDealsResponseSchema } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { supplierKeys } from './supplier-keys.ts';

/** DELETE /supplier-analyzer/results: removes every deal of the user. */
export function clearDeals(): Promise<{ deleted: number }> {
  return apiRequest('/supplier-analyzer/results', { method: 'DELETE', schema: clearDealsResponseSchema });
}

export function useClearDeals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearDeals,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.deals() }),
  });
}
