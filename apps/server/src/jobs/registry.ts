import type { AppDeps } from '../deps.ts';

/**
 * Every background job of the product. Each module exports a register function that creates its
 * queues, starts its workers (when `worker`) and its cron schedules (when `scheduler`).
 */
export async function registerJobs(deps: AppDeps, options: { worker: boolean; scheduler: boolean }): Promise<void> {
  void deps;
  void options;
}
