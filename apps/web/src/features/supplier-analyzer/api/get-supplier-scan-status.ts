import { useQuery } from '@tanstack/react-query';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { STATUS_POLL_MS, STATUS_RETRY_MS } from './deals-query.ts';

/** GET /supplier-analyzer/{id}/status: polled every 2 s until COMPLETED or ERROR; after a failed poll the next try comes 4 s later (SPEC §9). */
export function useSupplierScanStatus(scanId: string | null) {
  return useQuery({
    ...endpointQuery(supplierAnalyzerApi.status, { params: { id: scanId ?? '' } }),
    enabled: !!scanId,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (query.state.status === 'error') return STATUS_RETRY_MS;
      return status === 'COMPLETED' || status === 'ERROR' ? false : STATUS_POLL_MS;
    },
  });
}
