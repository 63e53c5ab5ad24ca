import { useMutation } from '@tanstack/react-query';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { callEndpoint } from '../../../lib/api-client.ts';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  organization: string;
  affiliateId?: string;
}

export function register(input: RegisterInput) {
  return callEndpoint(authApi.register, { body: input });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
