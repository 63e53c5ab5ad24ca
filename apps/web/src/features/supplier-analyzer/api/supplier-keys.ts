import type { SupplierResultsQuery } from '@dealradar/shared/contracts/scans';

/** The one place the Supplier Level Analyzer's query keys are built. */
export const supplierKeys = {
  all: ['supplier-analyzer'] as const,
  activeScan: () => [...supplierKeys.all, 'active-scan'] as const,
  status: (scanId: string) => [...supplierKeys.all, 'status', scanId] as const,
  deals: () => [...supplierKeys.all, 'deals'] as const,
  dealsPage: (query: DealsQuery) => [...supplierKeys.deals(), query] as const,
};

export type DealsQuery = Pick<SupplierResultsQuery, 'page' | 'sortBy' | 'sortOrder' | 'brands' | 'markets' | 'hideAmazonBuyBox' | 'hideWarnings'> & {
  minProfitableShare?: number | null;
};

/** SPEC §9: status every 2 s (4 s after a failed poll), results every 4 s. */
export const STATUS_POLL_MS = 2_000;
export const STATUS_RETRY_MS = 4_000;
export const DEALS_REFRESH_MS = 4_000;
