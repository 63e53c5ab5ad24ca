import type { AppDeps } from '../../deps.ts';
import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { expireEndedSubscriptions } from './plans.repository.ts';

/**
 * Moves organizations whose canceled subscription has reached the end of its paid period back to FREE.
 * getEntitlements and the status call also do it on read; this sweep keeps the guards' tier (and so the
 * live-data 403s and the token refresh) right within 10 minutes even for users who call nothing else.
 */
export const SUBSCRIPTION_EXPIRY_QUEUE = 'plans-expire-subscriptions';

export async function runSubscriptionExpiry(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>): Promise<{ expired: number }> {
  const ids = await expireEndedSubscriptions(deps.db, null, deps.clock.now());
  if (ids.length) deps.log.info({ organizations: ids }, 'canceled subscriptions ended: moved to FREE');
  return { expired: ids.length };
}

export const subscriptionExpiryJob = defineJob({
  name: SUBSCRIPTION_EXPIRY_QUEUE,
  payload: NO_PAYLOAD,
  options: { policy: 'exclusive', retryLimit: 0 },
  schedule: [{ cron: '*/10 * * * *' }],
  handler: (deps) => runSubscriptionExpiry(deps),
});

export const PLANS_JOBS = [subscriptionExpiryJob];
