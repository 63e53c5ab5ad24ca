import { useQuery } from '@tanstack/react-query';
import { BRAND_SCAN_POLL_INTERVAL_MS, brandScanStateSchema } from '@dealradar/shared/contracts/brand-analyzer';
import { apiRequest } from '../../../lib/api-client.ts';
import { brandAnalyzerKeys } from './brand-analyzer-keys.ts';

/** GET /brand-analyzer/scan/{id}: polled every 2 s until COMPLETED or ERROR; a failed poll stops polling (SPEC §8). */
export function useBrandScan(scanId: string | null) {
  return useQuery({
    queryKey: brandAnalyzerKeys.scan(scanId ?? ''),
    queryFn: () => apiRequest(`/brand-analyzer/scan/${encodeURIComponent(scanId!)}`, { schema: brandScanStateSchema }),
    enabled: !!scanId,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const status = query.state.data?.status;
      return status === 'COMPLETED' || status === 'ERROR' ? false : BRAND_SCAN_POLL_INTERVAL_MS;
    },
  });
}
