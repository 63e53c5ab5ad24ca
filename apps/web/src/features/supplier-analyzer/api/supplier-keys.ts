import type { SupplierResultsQuery } from '@dealradar/shared/contracts/scans';
import type { RunChangeKind } from '@dealradar/shared/rerun-diff';

/** The one place the Supplier Level Analyzer's query keys are built. */
export const supplierKeys = {
  all: ['supplier-analyzer'] as const,
  activeScan: () => [...supplierKeys.all, 'active-scan'] as const,
  status: (scanId: string) => [...supplierKeys.all, 'status', scanId] as const,
  deals: () => [...supplierKeys.all, 'deals'] as const,
  dealsPage: (query: DealsQuery) => [...supplierKeys.deals(), query] as const,
  /** Kept supplier lists and a re-run's changes (issue 17). */
  lists: () => [...supplierKeys.all, 'lists'] as const,
  listsPage: (page: number) => [...supplierKeys.lists(), page] as const,
  changes: (scanId: string, query: RunChangesParams) => [...supplierKeys.all, 'changes', scanId, query] as const,
};

export interface RunChangesParams {
  /** EUR: "profit moved by more than". */
  threshold: number;
  change: RunChangeKind | null;
  /** Zero-based, as on the wire. */
  page: number;
}

export type DealsQuery = Pick<SupplierResultsQuery, 'page' | 'sortBy' | 'sortOrder' | 'brands' | 'markets' | 'hideAmazonBuyBox' | 'hideWarnings'> & {
  minProfitableShare?: number | null;
};

/** SPEC §9: status every 2 s (4 s after a failed poll), results every 4 s. */
export const STATUS_POLL_MS = 2_000;
export const STATUS_RETRY_MS = 4_000;
export const DEALS_REFRESH_MS = 4_000;
