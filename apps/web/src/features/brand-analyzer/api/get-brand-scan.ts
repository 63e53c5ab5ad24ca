import { useQuery } from '@tanstack/react-query';
import { BRAND_SCAN_POLL_INTERVAL_MS } from '@dealradar/shared/contracts/brand-analyzer';
import { brandAnalyzerApi } from '@dealradar/shared/contracts/endpoints/brand-analyzer';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** Every 2 s while the scan runs; never again after COMPLETED, ERROR or a failed poll (SPEC §8, §9). */
export function scanPollInterval(queryStatus: 'pending' | 'error' | 'success', scanStatus: string | undefined): number | false {
  if (queryStatus === 'error') return false;
  return scanStatus === 'COMPLETED' || scanStatus === 'ERROR' ? false : BRAND_SCAN_POLL_INTERVAL_MS;
}

/** GET /brand-analyzer/scan/{id}: polled every 2 s until COMPLETED or ERROR; a failed poll stops polling (SPEC §8). */
export function useBrandScan(scanId: string | null) {
  return useQuery({
    ...endpointQuery(brandAnalyzerApi.scan, { params: { id: scanId ?? '' } }),
    enabled: !!scanId,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => scanPollInterval(query.state.status, query.state.data?.status),
  });
}
