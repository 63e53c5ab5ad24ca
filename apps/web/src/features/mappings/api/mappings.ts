import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import type { MappingBody } from '@dealradar/shared/contracts/market-data';
import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** GET /ean-asin-mapping?page&size=100 (admin; page zero-based on the wire). */
export function mappingsQueryOptions(page: number) {
  return queryOptions({
    ...endpointQuery(marketDataApi.listMappings, { query: { page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useMappings(page: number) {
  return useQuery(mappingsQueryOptions(page));
}

/** POST /ean-asin-mapping (no id) or PUT /ean-asin-mapping/{id}. */
export function useSaveMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MappingBody }) =>
      id ? callEndpoint(marketDataApi.updateMapping, { params: { id }, body }) : callEndpoint(marketDataApi.createMapping, { body }),
    onSuccess: () => invalidateCalls(client, marketDataApi.listMappings),
  });
}

export function useDeleteMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(marketDataApi.deleteMapping, { params: { id } }),
    onSuccess: () => invalidateCalls(client, marketDataApi.listMappings),
  });
}
