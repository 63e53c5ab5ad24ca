import { useEffect } from 'react';
import { authApi } from '@dealradar/shared/contracts/endpoints/auth';
import { ApiError, callEndpoint } from '../../lib/api-client.ts';
import { clearToken, getToken } from '../../lib/auth-token.ts';
import { queryClient } from '../../lib/query-client.ts';
import { setSessionNotice } from '../../lib/session-notice.ts';

/** Every minute while the window is visible, so a plan change shows on any screen within a minute. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
/** Focus and visibility often fire together: one check for both. */
const MIN_GAP_MS = 5_000;
export const SESSION_ENDED_NOTICE = 'Your session has ended. Please sign in again.';

/**
 * Checks the session (GET /auth/session) when the window regains focus or becomes visible, and every minute while it
 * is visible. A changed plan or role comes back as a refreshed token, which the API client stores (sidebar, dashboard
 * and limits follow). A 401 here means the server ended the session (deactivated, deleted, signed out elsewhere by a
 * password change): the token is dropped, the guards go to /login, and the login screen says why.
 */
export function useSessionCheck(): void {
  useEffect(() => {
    let last = 0;
    let active = true;
    const check = async () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < MIN_GAP_MS) return;
      last = Date.now();
      const sent = getToken();
      try {
        await callEndpoint(authApi.session, { silent403: true });
      } catch (error) {
        if (!active || !(error instanceof ApiError) || error.status !== 401 || getToken() !== sent) return;
        setSessionNotice(error.serverError ?? SESSION_ENDED_NOTICE);
        queryClient.clear();
        clearToken();
      }
    };
    const timer = setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      active = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, []);
}
