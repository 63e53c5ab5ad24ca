import { cronOf, REFRESH_SCHEDULE } from '@dealradar/shared/drops-schedule';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { priceRefreshJob } from '../modules/price-drops/price-drops.jobs.ts';
import { defineJob, enqueue, enqueueMany, queueOptionsOf, registerJobDefinitions } from './define-job.ts';
import type { Queue } from './queue.ts';
import { JOBS } from './registry.ts';

/** Records what the definitions ask of pg-boss. */
function fakeQueue(existing: Record<string, object> = {}) {
  const calls: Array<[string, ...unknown[]]> = [];
  const handlers = new Map<string, (jobs: unknown[]) => Promise<unknown>>();
  const queue = {
    getQueue: async (name: string) => existing[name] ?? null,
    createQueue: async (...args: unknown[]) => void calls.push(['createQueue', ...args]),
    updateQueue: async (...args: unknown[]) => void calls.push(['updateQueue', ...args]),
    work: async (name: string, options: unknown, handler: (jobs: unknown[]) => Promise<unknown>) => {
      calls.push(['work', name, options]);
      handlers.set(name, handler);
      return `worker-${name}`;
    },
    schedule: async (...args: unknown[]) => void calls.push(['schedule', ...args]),
    send: async (...args: unknown[]) => {
      calls.push(['send', ...args]);
      return 'job-1';
    },
    insert: async (...args: unknown[]) => void calls.push(['insert', ...args]),
  };
  return { queue: queue as unknown as Queue, calls, handlers };
}

const config = { PRICE_SCHEDULE_TIMEZONE: 'Europe/Berlin', ALERT_RETRY_LIMIT: 4, ALERT_RETRY_DELAY_SECONDS: 30 };
const depsWith = (queue: Queue) => ({ queue, config, db: { kind: 'pglite' } }) as unknown as AppDeps;

const probeJob = defineJob({
  name: 'probe',
  payload: z.object({ scanId: z.string().uuid() }),
  options: { retryLimit: 0, expireInSeconds: 60 },
  work: { pollingIntervalSeconds: 0.5 },
  schedule: [{ cron: '0 * * * *', data: { scanId: '00000000-0000-4000-8000-000000000001' }, key: 'hourly', timeZone: 'price-schedule' }],
  handler: async (_deps, job) => ({ got: job.data.scanId, retry: job.retryCount }),
});

describe('enqueue', () => {
  it('sends a payload that matches the job’s schema', async () => {
    const { queue, calls } = fakeQueue();
    expect(await enqueue(queue, probeJob, { scanId: '00000000-0000-4000-8000-000000000002' })).toBe('job-1');
    expect(calls).toEqual([['send', 'probe', { scanId: '00000000-0000-4000-8000-000000000002' }, {}]]);
  });

  it('refuses a payload that does not match, and sends nothing', async () => {
    const { queue, calls } = fakeQueue();
    await expect(enqueue(queue, probeJob, { scanId: 'not-a-uuid' })).rejects.toThrow();
    // @ts-expect-error the payload's type comes from the schema: a missing field does not compile
    await expect(enqueue(queue, probeJob, {})).rejects.toThrow();
    await expect(enqueueMany(queue, probeJob, [{ scanId: 'x' }])).rejects.toThrow();
    expect(calls).toEqual([]);
  });
});

describe('registerJobDefinitions', () => {
  it('creates the queue, works it with metadata, schedules its entries and hands the handler the parsed payload', async () => {
    const { queue, calls, handlers } = fakeQueue();
    const started: unknown[] = [];
    const job = { ...probeJob, onStart: async (_deps: AppDeps, flags: unknown) => void started.push(flags) };
    await registerJobDefinitions(depsWith(queue), [job], { worker: true, scheduler: true });
    expect(calls).toEqual([
      ['createQueue', 'probe', { retryLimit: 0, expireInSeconds: 60 }],
      ['work', 'probe', { pollingIntervalSeconds: 0.5, includeMetadata: true }],
      ['schedule', 'probe', '0 * * * *', { scanId: '00000000-0000-4000-8000-000000000001' }, { tz: 'Europe/Berlin', key: 'hourly' }],
    ]);
    expect(started).toEqual([{ worker: true, scheduler: true, workerId: 'worker-probe' }]);
    const result = await handlers.get('probe')!([{ id: 'j', data: { scanId: '00000000-0000-4000-8000-000000000003' }, retryCount: 1, retryLimit: 0 }]);
    expect(result).toEqual({ got: '00000000-0000-4000-8000-000000000003', retry: 1 });
    await expect(handlers.get('probe')!([{ id: 'j', data: { scanId: 'bad' }, retryCount: 0, retryLimit: 0 }])).rejects.toThrow();
  });

  it('brings an existing queue to the declared options (a dropped pg-boss heartbeat included); an unchanged one is left alone', async () => {
    const { queue, calls } = fakeQueue({
      probe: { name: 'probe', policy: 'standard', retryLimit: 2, retryDelay: 5, heartbeatSeconds: 30, expireInSeconds: 60 },
      same: { name: 'same', policy: 'standard', retryLimit: 0, retryDelay: 0, heartbeatSeconds: null, expireInSeconds: 60 },
    });
    await registerJobDefinitions(depsWith(queue), [probeJob, { ...probeJob, name: 'same' }], { worker: false, scheduler: false });
    expect(calls).toEqual([['updateQueue', 'probe', { retryLimit: 0, heartbeatSeconds: null }]]);
  });

  it('without worker or scheduler only creates the queue; a disabled job is skipped', async () => {
    const { queue, calls } = fakeQueue();
    await registerJobDefinitions(depsWith(queue), [probeJob, { ...probeJob, name: 'off', enabled: () => false }], { worker: false, scheduler: false });
    expect(calls).toEqual([['createQueue', 'probe', { retryLimit: 0, expireInSeconds: 60 }]]);
  });
});

describe('the registry (every job of the product as data)', () => {
  it('keeps every job’s name and queue options', () => {
    const deps = depsWith(fakeQueue().queue);
    const table = Object.fromEntries(JOBS.map((job) => [job.name, queueOptionsOf(job, deps)]));
    expect(JOBS.map((job) => job.name)).toHaveLength(new Set(JOBS.map((job) => job.name)).size);
    expect(table).toEqual({
      'brand-scan': { retryLimit: 0, expireInSeconds: 6 * 3600, deleteAfterSeconds: 24 * 3600 },
      'scans-run': { retryLimit: 0, expireInSeconds: 6 * 3600 },
      'scans-cleanup': { retryLimit: 0 },
      'uploads-cleanup': { policy: 'exclusive', retryLimit: 0 },
      'price-drops-refresh': { policy: 'exclusive', expireInSeconds: 3 * 3600, retryLimit: 0 },
      'plans-expire-subscriptions': { policy: 'exclusive', retryLimit: 0 },
      'accounts-housekeeping': { policy: 'exclusive', retryLimit: 0 },
      'market-data-cache-purge': { policy: 'exclusive', retryLimit: 0 },
      'db-maintenance': { policy: 'exclusive', retryLimit: 0 },
      'alert-delivery': { retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
      'alerts-after-refresh': { policy: 'singleton', retryLimit: 3, retryDelay: 30, expireInSeconds: 600 },
      'alert-digest': { retryLimit: 2, expireInSeconds: 600 },
      'alert-scan-finished': { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 },
      'listing-restriction-checks': { retryLimit: 3, retryDelay: 30, expireInSeconds: 2 * 60 * 60 },
      'amazon-fee-estimates': { retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60 },
      backup: { policy: 'exclusive', retryLimit: 1, retryDelay: 300, expireInSeconds: 3 * 3600 },
    });
  });

  it('keeps every cron schedule', () => {
    const schedules = JOBS.flatMap((job) =>
      (job.schedule ?? []).map((entry) => `${job.name} ${entry.key ?? '-'} ${entry.cron}${entry.timeZone ? ' (tz)' : ''}`),
    );
    expect(schedules).toEqual([
      'scans-cleanup - 17 * * * *',
      'uploads-cleanup - */10 * * * *',
      'price-drops-refresh weekdays 0 0,3,6-22 * * 1-5 (tz)',
      'price-drops-refresh weekends 0 0,6,12,18 * * 0,6 (tz)',
      'plans-expire-subscriptions - */10 * * * *',
      'accounts-housekeeping - 17 * * * *',
      'market-data-cache-purge - 43 3 * * *',
      'db-maintenance - 50 * * * *',
      'alert-digest hourly 0 * * * * (tz)',
      'alert-digest daily 0 7 * * * (tz)',
      'alert-scan-finished - * * * * *',
    ]);
  });

  it('the price refresh is scheduled from the one declaration (REFRESH_SCHEDULE)', () => {
    expect(priceRefreshJob.schedule?.map((entry) => [entry.key, entry.cron])).toEqual(REFRESH_SCHEDULE.map((entry) => [entry.key, cronOf(entry)]));
  });
});
