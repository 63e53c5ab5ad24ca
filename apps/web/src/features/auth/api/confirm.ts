import { useMutation, useQuery } from '@tanstack/react-query';
import { confirmTokenResponseSchema, messageResponseSchema } from '@dealradar/shared/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /auth/confirm?token: confirms the e-mail address of the token and answers it (SPEC §7).
 * A query (not an effect) so the call is made once per token even under StrictMode.
 */
export function useConfirmToken(token: string | undefined) {
  return useQuery({
    queryKey: ['auth', 'confirm', token],
    queryFn: () => apiRequest('/auth/confirm', { query: { token }, schema: confirmTokenResponseSchema }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** POST /auth/confirm-password: sets the password of an invited (or confirming) user. */
export function useConfirmPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiRequest('/auth/confirm-password', { method: 'POST', body: input, schema: messageResponseSchema }),
  });
}
