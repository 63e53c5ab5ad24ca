import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { callEndpoint } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';

/**
 * GET /auth/confirm?token: confirms the e-mail address of the token and answers it (SPEC §7).
 * A query (not an effect) so the call is made once per token even under StrictMode.
 */
export function useConfirmToken(token: string | undefined) {
  return useQuery({
    ...endpointQuery(authApi.confirm, { query: { token: token ?? '' } }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** POST /auth/confirm-password: sets the password of an invited (or confirming) user. */
export function useConfirmPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) => callEndpoint(authApi.confirmPassword, { body: input }),
  });
}
