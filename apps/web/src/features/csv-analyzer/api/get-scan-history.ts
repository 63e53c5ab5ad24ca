import { queryOptions, useQuery } from '@tanstack/react-query';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { queryKeyOf } from '../../../lib/endpoint-query.ts';
import { sortByLastUpdateDesc } from '../scan-progress.ts';
import { LIST_POLL_MS } from './poll-intervals.ts';

/** GET /catalog/scan/history: completed and failed scans of the last 24 hours, newest update first. */
export const scanHistoryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(csvTemplateAnalyzerApi.history),
    queryFn: async () => sortByLastUpdateDesc(await callEndpoint(csvTemplateAnalyzerApi.history)),
    refetchInterval: LIST_POLL_MS,
  });

export function useScanHistory() {
  return useQuery(scanHistoryQueryOptions());
}
