import {
  brandListSchema,
  brandScanStateSchema,
  deleteFavoritesResponseSchema,
  favoritesPageSchema,
  favoritesQuerySchema,
  marketListSchema,
  startBrandScanQuerySchema,
  startBrandScanResponseSchema,
} from '../brand-analyzer.ts';
import { endpoint, idParams, noContent } from '../endpoint.ts';

const tag = 'brand-analyzer';

/** SPEC §7 "Brand analyzer": every call needs a signed-in user; scans and favorites are the user's own. */
export const brandAnalyzerApi = {
  brands: endpoint({
    method: 'GET',
    path: '/brand-analyzer/brands',
    access: 'user',
    tag,
    summary: 'Brand names of the catalogue.',
    responses: { 200: brandListSchema },
  }),
  markets: endpoint({
    method: 'GET',
    path: '/brand-analyzer/markets',
    access: 'user',
    tag,
    summary: 'Markets a brand scan can cover.',
    responses: { 200: marketListSchema },
  }),
  favorites: endpoint({
    method: 'GET',
    path: '/brand-analyzer/favorites',
    access: 'user',
    tag,
    summary: 'Favorites, paged (zero-based), filtered by brands and markets, sorted.',
    query: favoritesQuerySchema,
    responses: { 200: favoritesPageSchema },
  }),
  deleteAllFavorites: endpoint({
    method: 'DELETE',
    path: '/brand-analyzer/favorites',
    access: 'user',
    tag,
    summary: 'Remove every favorite.',
    responses: { 200: deleteFavoritesResponseSchema },
  }),
  deleteFavorite: endpoint({
    method: 'DELETE',
    path: '/brand-analyzer/favorites/:id',
    access: 'user',
    tag,
    summary: 'Remove one favorite.',
    params: idParams,
    responses: { 204: noContent },
  }),
  startScan: endpoint({
    method: 'POST',
    path: '/brand-analyzer/scan',
    access: 'user',
    tag,
    summary: 'Start a brand scan (?brands&markets, repeated or comma-separated); answers its id.',
    query: startBrandScanQuerySchema,
    responses: { 202: startBrandScanResponseSchema },
  }),
  scan: endpoint({
    method: 'GET',
    path: '/brand-analyzer/scan/:id',
    access: 'user',
    tag,
    summary: 'A brand scan’s state.',
    params: idParams,
    responses: { 200: brandScanStateSchema },
  }),
  activeScan: endpoint({
    method: 'GET',
    path: '/brand-analyzer/active-scan',
    access: 'user',
    tag,
    summary: "The user's unfinished brand scan, or 204 when there is none.",
    responses: { 200: brandScanStateSchema, 204: noContent },
  }),
} as const;
