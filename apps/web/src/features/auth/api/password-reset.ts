import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /auth/forgot-password: answers the same whether or not the address exists. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => apiRequest('/auth/forgot-password', { method: 'POST', body: { email } }) });
}

/** POST /auth/reset-password with the token of the e-mailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiRequest('/auth/reset-password', { method: 'POST', body: input }),
  });
}
