import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { RerunResponse } from '@dealradar/shared/contracts/supplier-lists';
import { plansApi } from '@dealradar/shared/contracts/endpoints/plans';
import { supplierListsApi } from '@dealradar/shared/contracts/endpoints/supplier-lists';
import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** GET /supplier-analyzer/lists: the supplier lists, newest first, 100 per page (`page` zero-based). */
export function useSupplierLists(page: number) {
  return useQuery({ ...endpointQuery(supplierListsApi.list, { query: { page, size: PAGE_SIZE } }), placeholderData: keepPreviousData });
}

/** GET /supplier-analyzer/lists/{id}/rerun-estimate: the list's EANs and expected Keepa tokens, for the re-run's confirmation. */
export function useRerunEstimate(scanId: string | null) {
  return useQuery({
    ...endpointQuery(supplierListsApi.rerunEstimate, { params: { id: scanId ?? '' }, timeoutMs: FILE_TRANSFER_TIMEOUT_MS }),
    enabled: !!scanId,
    staleTime: 60_000,
    retry: false,
  });
}

/** POST /supplier-analyzer/lists/{id}/rerun: a new scan of the supplier list against today's Amazon data (parsed in the request, like an upload). */
export function rerunList(scanId: string): Promise<RerunResponse> {
  return callEndpoint(supplierListsApi.rerun, { params: { id: scanId }, timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
}

export function useRerunList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rerunList,
    // EANs used this month changed.
    onSuccess: () => void invalidateCalls(queryClient, plansApi.subscriptionStatus),
  });
}

/** DELETE /supplier-analyzer/lists/{id}: the list is no longer kept. */
export function useDeleteSupplierList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scanId: string) => callEndpoint(supplierListsApi.remove, { params: { id: scanId } }),
    onSuccess: () => void invalidateCalls(queryClient, supplierListsApi.list),
  });
}
