import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@dealradar/shared/constants';
import { mappingPageSchema, mappingSchema, type MappingBody } from '@dealradar/shared/contracts/market-data';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /ean-asin-mapping?page&size=100 (admin; page zero-based on the wire). */
export function mappingsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['ean-asin-mappings', page],
    queryFn: () => apiRequest('/ean-asin-mapping', { query: { page, size: PAGE_SIZE }, schema: mappingPageSchema }),
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
      apiRequest(id ? `/ean-asin-mapping/${encodeURIComponent(id)}` : '/ean-asin-mapping', { method: id ? 'PUT' : 'POST', body, schema: mappingSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ean-asin-mappings'] }),
  });
}

export function useDeleteMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/ean-asin-mapping/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ean-asin-mappings'] }),
  });
}
