import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { runChangesSchema, type RunChanges } from '@dealradar/shared/contracts/supplier-lists';
import { apiRequest } from '../../../lib/api-client.ts';
import { supplierKeys, type RunChangesParams } from './supplier-keys.ts';

/** GET /supplier-analyzer/lists/{id}/changes?threshold&change&page: a re-run's changes since the run it re-ran. */
export function getRunChanges(scanId: string, params: RunChangesParams): Promise<RunChanges> {
  return apiRequest(`/supplier-analyzer/lists/${encodeURIComponent(scanId)}/changes`, {
    query: { threshold: params.threshold, change: params.change ?? undefined, page: params.page, size: PAGE_SIZE },
    schema: runChangesSchema,
  });
}

export function useRunChanges(scanId: string, params: RunChangesParams) {
  return useQuery({ queryKey: supplierKeys.changes(scanId, params), queryFn: () => getRunChanges(scanId, params), placeholderData: keepPreviousData });
}

/** GET /supplier-analyzer/lists/{id}/changes/download: the changes shown (threshold and filter) as CSV. */
export function downloadRunChanges(scanId: string, params: Omit<RunChangesParams, 'page'>): Promise<Blob> {
  return apiRequest<Blob>(`/supplier-analyzer/lists/${encodeURIComponent(scanId)}/changes/download`, {
    query: { threshold: params.threshold, change: params.change ?? undefined },
    responseType: 'blob',
  });
}
