import type { AppDeps } from '../../deps.ts';
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

export async function registerAccountJobs(deps: AppDeps, options: { worker: boolean; scheduler: boolean }): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  await queue.createQueue(ACCOUNT_HOUSEKEEPING_QUEUE, { policy: 'exclusive', retryLimit: 0 });
  if (options.worker) await queue.work(ACCOUNT_HOUSEKEEPING_QUEUE, async () => runAccountHousekeeping(deps));
  if (options.scheduler) await queue.schedule(ACCOUNT_HOUSEKEEPING_QUEUE, '17 * * * *');
}
