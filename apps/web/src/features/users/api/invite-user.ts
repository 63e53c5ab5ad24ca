import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@dealradar/shared/contracts/endpoints/users';
import { callEndpoint } from '../../../lib/api-client.ts';
import { invalidateCalls } from '../../../lib/endpoint-query.ts';

export interface InviteUserInput {
  username: string;
  email: string;
  organization?: string;
  role: 'USER' | 'ADMIN';
}

/** POST /users/invite (admin): the invitee gets an e-mail with a /confirm-password/{token} link. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteUserInput) => callEndpoint(usersApi.invite, { body: input }),
    onSuccess: () => invalidateCalls(queryClient, usersApi.list, usersApi.deletionSummary),
  });
}
