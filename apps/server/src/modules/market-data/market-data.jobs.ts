import type { AppDeps } from '../../deps.ts';
import { defineJob, NO_PAYLOAD } from '../../jobs/define-job.ts';
import { purgeExpiredCache } from './market-data.repository.ts';

/** Daily: drop look-up cache rows that expired more than a week ago (they would be refetched anyway). */
export const MARKET_CACHE_PURGE_QUEUE = 'market-data-cache-purge';
export const PURGE_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

export async function purgeMarketCache(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>): Promise<number> {
  const removed = await purgeExpiredCache(deps.db, new Date(deps.clock.now().getTime() - PURGE_AFTER_EXPIRY_MS));
  if (removed > 0) deps.log.info({ removed }, 'market-data cache purged');
  return removed;
}

export const marketCachePurgeJob = defineJob({
  name: MARKET_CACHE_PURGE_QUEUE,
  payload: NO_PAYLOAD,
  options: { policy: 'exclusive', retryLimit: 0 },
  schedule: [{ cron: '43 3 * * *' }],
  handler: (deps) => purgeMarketCache(deps),
});

export const MARKET_DATA_JOBS = [marketCachePurgeJob];
