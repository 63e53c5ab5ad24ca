import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { callEndpoint } from '../../../lib/api-client.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';

/** DELETE /brand-analyzer/favorites/{id}. */
export async function deleteFavorite(id: string): Promise<void> {
  await callEndpoint(brandAnalyzerApi.deleteFavorite, { params: { id } });
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    onSuccess: () => void invalidateCalls(queryClient, brandAnalyzerApi.favorites),
  });
}
