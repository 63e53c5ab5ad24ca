import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUserResponseSchema, updateUserResponseSchema, userDeletionSummarySchema, type UpdateUserBody } from '@dealradar/shared/contracts/users';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /users/:id (admin): role, active, organization name, plan. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => apiRequest(`/users/${id}`, { method: 'PUT', body, schema: updateUserResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

/** GET /users/:id/deletion (admin): what deleting the user removes, for the confirmation dialog. */
export function deletionSummaryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['users', 'deletion', id],
    queryFn: () => apiRequest(`/users/${id}/deletion`, { schema: userDeletionSummarySchema }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** DELETE /users/:id (admin). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/users/${id}`, { method: 'DELETE', schema: deleteUserResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
