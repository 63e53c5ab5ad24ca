import { useMutation } from '@tanstack/react-query';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { callEndpoint } from '../../../lib/api-client.ts';

/** POST /auth/forgot-password: answers the same whether or not the address exists. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => callEndpoint(authApi.forgotPassword, { body: { email } }) });
}

/** POST /auth/reset-password with the token of the e-mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => callEndpoint(authApi.resetPassword, { body: input }),
  });
}
