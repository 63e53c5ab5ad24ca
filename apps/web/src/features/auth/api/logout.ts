import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { callEndpoint } from '../../../lib/api-client.ts';
import { clearToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';

/**
 * SPEC §4: logout sends POST /auth/logout, then always removes the token (even if the call failed;
 * the failure is silently ignored) and forgets every cached answer of this user.
 */
export async function logout(): Promise<void> {
  try {
    await callEndpoint(authApi.logout, { silent403: true });
  } catch {
    /* SPEC §8: logout failure is silently ignored */
  } finally {
    clearToken();
    queryClient.clear();
  }
}
