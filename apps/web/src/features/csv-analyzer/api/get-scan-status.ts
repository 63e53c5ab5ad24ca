import { useQuery } from '@tanstack/react-query';
import { csvScanSchema, type CsvScan } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { isActiveStatus } from '../scan-progress.ts';
import { csvScanKeys, STATUS_POLL_MS } from './csv-scan-keys.ts';

export function getScanStatus(scanId: string): Promise<CsvScan> {
  return apiRequest(`/catalog/scan/${encodeURIComponent(scanId)}/status`, { schema: csvScanSchema });
}

/**
 * Polls one scan every 2 s while it is PENDING or PROCESSING (SPEC §9); stops at COMPLETED or ERROR,
 * and after a failed poll (the card then shows the scan as ERROR with that message, SPEC §4).
 */
export function useScanStatus(scanId: string, enabled: boolean) {
  return useQuery({
    queryKey: csvScanKeys.status(scanId),
    queryFn: () => getScanStatus(scanId),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const status = query.state.data?.status;
      return status && !isActiveStatus(status) ? false : STATUS_POLL_MS;
    },
  });
}
