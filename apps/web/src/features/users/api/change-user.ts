import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@dealradar/shared/contracts/endpoints/users';
import type { UpdateUserBody } from '@dealradar/shared/contracts/users';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery, invalidateCalls } from '../../../lib/endpoint-query.ts';

/** PUT /users/:id (admin): role, active, organization name, plan. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => callEndpoint(usersApi.update, { params: { id }, body }),
    onSuccess: () => invalidateCalls(queryClient, usersApi.list, usersApi.deletionSummary),
  });
}

/** GET /users/:id/deletion (admin): what deleting the user removes, for the confirmation dialog. */
export function deletionSummaryQueryOptions(id: string) {
  return queryOptions({
    ...endpointQuery(usersApi.deletionSummary, { params: { id } }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** DELETE /users/:id (admin). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(usersApi.remove, { params: { id } }),
    onSuccess: () => invalidateCalls(queryClient, usersApi.list, usersApi.deletionSummary),
  });
}
