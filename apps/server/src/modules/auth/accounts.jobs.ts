import type { AppDeps } from '../../deps.ts';
import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { purgeOldRateLimitWindows } from '../rate-limit/rate-limit.service.ts';
import { deleteStaleTokens } from './auth.repository.ts';

/** Hourly housekeeping of the account tables: revoked sessions, old link tokens, old rate-limit windows. */
export const ACCOUNT_HOUSEKEEPING_QUEUE = 'accounts-housekeeping';

export async function runAccountHousekeeping(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'log'>,
): Promise<{ revoked: number; oneTime: number; rateLimitWindows: number }> {
  const tokens = await deleteStaleTokens(deps.db, deps.clock.now());
  const rateLimitWindows = await purgeOldRateLimitWindows(deps);
  const result = { ...tokens, rateLimitWindows };
  if (tokens.revoked + tokens.oneTime + rateLimitWindows > 0) deps.log.info(result, 'account housekeeping');
  return result;
}

export const accountHousekeepingJob = defineJob({
  name: ACCOUNT_HOUSEKEEPING_QUEUE,
  payload: NO_PAYLOAD,
  options: { policy: 'exclusive', retryLimit: 0 },
  schedule: [{ cron: '17 * * * *' }],
  handler: (deps) => runAccountHousekeeping(deps),
});

export const ACCOUNT_JOBS = [accountHousekeepingJob];
