import { useQuery } from '@tanstack/react-query';
import { systemApi } from '@dealradar/shared/contracts/endpoints/system';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/** How often the open System screen reads the figures again. */
export const SYSTEM_REFETCH_MS = 15_000;

/** GET /admin/system (admin): the figures the metrics publish. */
export function useSystemFigures() {
  return useQuery({ ...endpointQuery(systemApi.figures, {}), refetchInterval: SYSTEM_REFETCH_MS });
}
