import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

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
    mutationFn: (input: InviteUserInput) => apiRequest('/users/invite', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
