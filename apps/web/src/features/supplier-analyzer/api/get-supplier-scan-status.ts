import { useQuery } from '@tanstack/react-query';
import { supplierScanStatusSchema, type SupplierScanStatus } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { STATUS_POLL_MS, STATUS_RETRY_MS, supplierKeys } from './supplier-keys.ts';

export function getSupplierScanStatus(scanId: string): Promise<SupplierScanStatus> {
  return apiRequest(`/supplier-analyzer/${encodeURIComponent(scanId)}/status`, { schema: supplierScanStatusSchema });
}

/** Polls every 2 s until COMPLETED or ERROR; after a failed poll the next try comes 4 s later (SPEC §9). */
export function useSupplierScanStatus(scanId: string | null) {
  return useQuery({
    queryKey: supplierKeys.status(scanId ?? ''),
    queryFn: () => getSupplierScanStatus(scanId!),
    enabled: !!scanId,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (query.state.status === 'error') return STATUS_RETRY_MS;
      return status === 'COMPLETED' || status === 'ERROR' ? false : STATUS_POLL_MS;
    },
  });
}
