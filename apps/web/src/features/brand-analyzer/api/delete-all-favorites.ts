import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteFavoritesResponseSchema } from '@dealradar/shared/contracts/brand-analyzer';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys } from './brand-analyzer-keys.ts';

/** DELETE /brand-analyzer/favorites: removes every favorite of the user. */
export function deleteAllFavorites() {
  return apiRequest('/brand-analyzer/favorites', { method: 'DELETE', schema: deleteFavoritesResponseSchema });
}

export function useDeleteAllFavorites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllFavorites,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: brandAnalyzerKeys.favorites() }),
  });
}
