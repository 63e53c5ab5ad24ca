import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { callEndpoint } from '../../../lib/api-client.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';

/** DELETE /brand-analyzer/favorites: removes every favorite of the user. */
export function deleteAllFavorites() {
  return callEndpoint(brandAnalyzerApi.deleteAllFavorites);
}

export function useDeleteAllFavorites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllFavorites,
    onSuccess: () => void invalidateCalls(queryClient, brandAnalyzerApi.favorites),
  });
}
