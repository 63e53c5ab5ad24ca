import { queryOptions, useQuery } from '@tanstack/react-query';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { LIST_POLL_MS } from './poll-intervals.ts';

/** GET /catalog/scan/active: the unfinished scans. */
export const activeScansQueryOptions = () => queryOptions({ ...endpointQuery(csvTemplateAnalyzerApi.active), refetchInterval: LIST_POLL_MS });

export function useActiveScans() {
  return useQuery(activeScansQueryOptions());
}
