import { useQuery } from '@tanstack/react-query';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { LIST_POLL_MS } from './poll-intervals.ts';

/** GET /catalog/scan/{id}/queue-position of an active scan, refreshed every 10 s (SPEC §9). */
export function useQueuePosition(scanId: string, enabled: boolean) {
  return useQuery({ ...endpointQuery(csvTemplateAnalyzerApi.queuePosition, { params: { id: scanId } }), enabled, refetchInterval: LIST_POLL_MS });
}
