import { useMutation } from '@tanstack/react-query';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { callEndpoint } from '../../../lib/api-client.ts';

export interface LoginInput {
  username: string;
  password: string;
}

export function login(input: LoginInput) {
  return callEndpoint(authApi.login, { body: input });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
