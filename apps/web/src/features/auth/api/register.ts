import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  organization: string;
  affiliateId?: string;
}

export function register(input: RegisterInput) {
  return apiRequest('/auth/register', { method: 'POST', body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
