import { useQuery } from '@tanstack/react-query';
import { queueInfoSchema, type QueueInfo } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { csvScanKeys, LIST_POLL_MS } from './csv-scan-keys.ts';

export function getQueuePosition(scanId: string): Promise<QueueInfo> {
  return apiRequest(`/catalog/scan/${encodeURIComponent(scanId)}/queue-position`, { schema: queueInfoSchema });
}

/** Queue position of an active scan, refreshed every 10 s (SPEC §9). */
export function useQueuePosition(scanId: string, enabled: boolean) {
  return useQuery({
    queryKey: csvScanKeys.queuePosition(scanId),
    queryFn: () => getQueuePosition(scanId),
    enabled,
    refetchInterval: LIST_POLL_MS,
  });
}
