import type { AppDeps } from '../../deps.ts';
import { purgeExpiredCache } from './market-data.repository.ts';

/** Daily: drop look-up cache rows that expired more than a week ago (they would be refetched anyway). */
export const MARKET_CACHE_PURGE_QUEUE = 'market-data-cache-purge';
export const PURGE_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

export async function purgeMarketCache(deps: Pick<AppDeps, 'db' | 'clock' | 'log'>): Promise<number> {
  const removed = await purgeExpiredCache(deps.db, new Date(deps.clock.now().getTime() - PURGE_AFTER_EXPIRY_MS));
  if (removed > 0) deps.log.info({ removed }, 'market-data cache purged');
  return removed;
}

export async function registerMarketDataJobs(deps: AppDeps, options: { worker: boolean; scheduler: boolean }): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  await queue.createQueue(MARKET_CACHE_PURGE_QUEUE, { policy: 'exclusive', retryLimit: 0 });
  if (options.worker) await queue.work(MARKET_CACHE_PURGE_QUEUE, async () => purgeMarketCache(deps));
  if (options.scheduler) await queue.schedule(MARKET_CACHE_PURGE_QUEUE, '43 3 * * *');
}
