import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema } from '@dealradar/shared/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

export interface LoginInput {
  username: string;
  password: string;
}

export function login(input: LoginInput) {
  return apiRequest('/auth/login', { method: 'POST', body: input, schema: loginResponseSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
