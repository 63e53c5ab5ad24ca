import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys } from './brand-analyzer-keys.ts';

/** DELETE /brand-analyzer/favorites/{id}. */
export function deleteFavorite(id: string): Promise<void> {
  return apiRequest(`/brand-analyzer/favorites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorite,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: brandAnalyzerKeys.favorites() }),
  });
}
