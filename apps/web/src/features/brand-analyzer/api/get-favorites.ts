import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { favoritesPageSchema } from '@dealradar/shared/contracts/brand-analyzer';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys, type FavoritesParams } from './brand-analyzer-keys.ts';

/** GET /brand-analyzer/favorites: one page of 100, filtered and sorted on the server. */
export function getFavorites(params: FavoritesParams) {
  return apiRequest('/brand-analyzer/favorites', {
    query: {
      brands: params.brands,
      markets: params.markets,
      page: params.page,
      size: PAGE_SIZE,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      hideAmazonBuyBox: params.hideAmazonBuyBox ? 'true' : undefined,
      hideWarnings: params.hideWarnings?.length ? params.hideWarnings.join(',') : undefined,
      minProfitableShare: params.minProfitableShare ?? undefined,
    },
    schema: favoritesPageSchema,
  });
}

export function useFavorites(params: FavoritesParams) {
  return useQuery({
    queryKey: brandAnalyzerKeys.favoritesPage(params),
    queryFn: () => getFavorites(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
