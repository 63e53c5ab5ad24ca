import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { FavoritesParams } from './get-favorites.ts';
import { favoritesQueryOf } from './get-favorites.ts';

/**
 * GET /brand-analyzer/favorites/download: every favorite with the list's filters and order as CSV (money in each
 * favorite's currency; Amazon's answer in listingRestriction and listingApprovalUrl).
 */
export function downloadFavorites(params: Omit<FavoritesParams, 'page'>): Promise<Blob> {
  const { page: _page, size: _size, ...query } = favoritesQueryOf({ ...params, page: 0 });
  return callEndpoint(brandAnalyzerApi.downloadFavorites, { query, timeoutMs: 120_000 });
}

/** 'favorites_2026-11-23.csv' */
export const favoritesFileName = (day: string) => `favorites_${day}.csv`;
