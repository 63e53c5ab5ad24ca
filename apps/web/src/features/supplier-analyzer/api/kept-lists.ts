import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { keptListsSchema, rerunResponseSchema, type KeptLists, type RerunResponse } from '@dealradar/shared/contracts/supplier-lists';
import { apiRequest } from '../../../lib/api-client.ts';
import { supplierKeys } from './supplier-keys.ts';

/** GET /supplier-analyzer/lists: the kept supplier lists (issue 17), newest first, 100 per page. */
export function getKeptLists(page: number): Promise<KeptLists> {
  return apiRequest('/supplier-analyzer/lists', { query: { page, size: PAGE_SIZE }, schema: keptListsSchema });
}

export function useKeptLists(page: number) {
  return useQuery({ queryKey: supplierKeys.listsPage(page), queryFn: () => getKeptLists(page), placeholderData: keepPreviousData });
}

/** POST /supplier-analyzer/lists/{id}/rerun: a new scan of the kept list against today's Amazon data. */
export function rerunList(scanId: string): Promise<RerunResponse> {
  return apiRequest(`/supplier-analyzer/lists/${encodeURIComponent(scanId)}/rerun`, { method: 'POST', schema: rerunResponseSchema, timeoutMs: 180_000 });
}

export function useRerunList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rerunList,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['organization', 'subscription-status'] }),
  });
}

/** DELETE /supplier-analyzer/lists/{id}: the list is deleted now. */
export function deleteKeptList(scanId: string): Promise<unknown> {
  return apiRequest(`/supplier-analyzer/lists/${encodeURIComponent(scanId)}`, { method: 'DELETE' });
}

export function useDeleteKeptList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKeptList,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supplierKeys.lists() }),
  });
}
