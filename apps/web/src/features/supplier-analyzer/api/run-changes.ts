import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { supplierListsApi } from '@dealradar/shared/contracts/endpoints/supplier-lists';
import type { RunChangeKind } from '@dealradar/shared/rerun-diff';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

export interface RunChangesParams {
  /** EUR: "profit moved by more than". */
  threshold: number;
  /** null: every kind. */
  change: RunChangeKind | null;
  /** Zero-based, as on the wire. */
  page: number;
}

/** GET /supplier-analyzer/lists/{id}/changes?threshold&change&page: a re-run's changes since the run it re-ran. */
export function useRunChanges(scanId: string, params: RunChangesParams) {
  return useQuery({
    ...endpointQuery(supplierListsApi.changes, {
      params: { id: scanId },
      query: { threshold: params.threshold, change: params.change ?? undefined, page: params.page, size: PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
  });
}

/** GET /supplier-analyzer/lists/{id}/changes/download: the changes shown (threshold and filter) as CSV. */
export function downloadRunChanges(scanId: string, params: Omit<RunChangesParams, 'page'>): Promise<Blob> {
  return callEndpoint(supplierListsApi.downloadChanges, {
    params: { id: scanId },
    query: { threshold: params.threshold, change: params.change ?? undefined },
  });
}
