import type { FavoriteSortBy } from '@dealradar/shared/contracts/brand-analyzer';

export interface FavoritesParams {
  brands: string[];
  markets: string[];
  /** Zero-based, as on the wire. */
  page: number;
  sortBy: FavoriteSortBy;
  sortOrder: 'asc' | 'desc';
  hideAmazonBuyBox?: boolean;
  hideWarnings?: string[];
  /** 0–100; null or absent: any. */
  minProfitableShare?: number | null;
}

/** The one place the Brand Level Analyzer's query keys are built. */
export const brandAnalyzerKeys = {
  all: ['brand-analyzer'] as const,
  brands: () => [...brandAnalyzerKeys.all, 'brands'] as const,
  markets: () => [...brandAnalyzerKeys.all, 'markets'] as const,
  activeScan: () => [...brandAnalyzerKeys.all, 'active-scan'] as const,
  scan: (id: string) => [...brandAnalyzerKeys.all, 'scan', id] as const,
  favorites: () => [...brandAnalyzerKeys.all, 'favorites'] as const,
  favoritesPage: (params: FavoritesParams) => [...brandAnalyzerKeys.favorites(), params] as const,
};
