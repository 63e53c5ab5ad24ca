import { useQuery } from '@tanstack/react-query';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { isActiveStatus } from '../scan-progress.ts';
import { STATUS_POLL_MS } from './poll-intervals.ts';

/**
 * GET /catalog/scan/{id}/status, polled every 2 s while the scan is PENDING or PROCESSING (SPEC §9); stops at COMPLETED
 * or ERROR, and after a failed poll (the card then shows the scan as ERROR with that message, SPEC §4).
 */
export function useScanStatus(scanId: string, enabled: boolean) {
  return useQuery({
    ...endpointQuery(csvTemplateAnalyzerApi.status, { params: { id: scanId } }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const status = query.state.data?.status;
      return status && !isActiveStatus(status) ? false : STATUS_POLL_MS;
    },
  });
}
