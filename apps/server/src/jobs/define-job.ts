import type { Queue as QueueOptions, SendOptions, WorkOptions } from 'pg-boss';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { Queue } from './queue.ts';

/** The payload of a job that carries none (scheduled housekeeping): pg-boss stores null. */
export const NO_PAYLOAD = z.object({}).nullish();

/** What a handler learns about the job it runs (pg-boss's metadata, trimmed to what handlers use). */
export interface JobRun<P> {
  id: string;
  data: P;
  retryCount: number;
  retryLimit: number;
}

/** One cron entry of a job: pg-boss keeps one schedule per (name, key), so several processes never duplicate it. */
export interface JobScheduleEntry<P> {
  cron: string;
  data?: P;
  /** Schedules with several entries name each (`weekdays`, `weekends`). */
  key?: string;
  /** Read the time zone from the configuration (PRICE_SCHEDULE_TIMEZONE); otherwise UTC. */
  timeZone?: 'price-schedule';
}

export interface RunFlags {
  worker: boolean;
  scheduler: boolean;
}

/**
 * A background job as data: its queue name, the zod schema of its payload, the queue's options (pg-boss retries,
 * expiry, policy), the worker's options, its schedule and its handler. `jobs/registry.ts` lists every definition;
 * `enqueue(queue, job, payload)` is the only way to send one, and it validates the payload with the job's schema.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** pg-boss queue options (retryLimit 0 when the job's own durable run handles interruptions). */
  options: Omit<QueueOptions, 'name'> | ((deps: AppDeps) => Omit<QueueOptions, 'name'>);
  /** pg-boss worker options (concurrency, polling). */
  work?: WorkOptions | ((deps: AppDeps) => WorkOptions);
  schedule?: ReadonlyArray<JobScheduleEntry<z.input<S>>>;
  /** An event of another module this job runs on (its payload is the event's). */
  subscribes?: JobEvent;
  /** False: this job does not exist in this process (e.g. the embedded database's vacuum on PostgreSQL). */
  enabled?: (deps: AppDeps) => boolean;
  // Method syntax on purpose: a list of definitions of different payloads is a JobDefinition[] (bivariant parameters).
  handler(deps: AppDeps, job: JobRun<z.output<S>>): Promise<unknown>;
  /**
   * Runs once the queue, worker and schedule of this job are set up in this process (`workerId` when it works):
   * sweeps of interrupted runs, a first run on a fresh install.
   */
  onStart?(deps: AppDeps, flags: RunFlags & { workerId?: string }): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * Something a module announces when it has done its part (a finished price refresh), with the zod schema of what it
 * tells. The announcing module knows nobody who listens: a job of another module subscribes to the event (its
 * `subscribes`), and pg-boss sends each subscribed queue its own job, durably, in any process.
 */
export interface JobEvent<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
}

export function defineEvent<S extends z.ZodType>(event: JobEvent<S>): JobEvent<S> {
  return event;
}

/** Announces an event to every job that subscribes to it (none: nothing happens), after checking its payload. */
export async function announce<S extends z.ZodType>(queue: Queue, event: JobEvent<S>, payload: z.input<S>): Promise<void> {
  await queue.publish(event.name, event.payload.parse(payload) as object);
}

/** Sends one job after checking its payload against the job's schema (a wrong payload throws, nothing is sent). */
export async function enqueue<S extends z.ZodType>(queue: Queue, job: JobDefinition<S>, payload: z.input<S>, options?: SendOptions): Promise<string | null> {
  const data = job.payload.parse(payload) as object;
  return queue.send(job.name, data, options ?? {});
}

/** Many jobs of one kind in one statement (alert deliveries); each payload is checked like `enqueue`'s. */
export async function enqueueMany<S extends z.ZodType>(
  queue: Queue,
  job: Pick<JobDefinition<S>, 'name' | 'payload'>,
  payloads: ReadonlyArray<z.input<S>>,
  options?: Omit<SendOptions, 'id'>,
): Promise<void> {
  if (payloads.length === 0) return;
  await queue.insert(
    job.name,
    payloads.map((payload) => ({ data: job.payload.parse(payload) as object, ...options })),
  );
}

export function queueOptionsOf(job: JobDefinition, deps: AppDeps): Omit<QueueOptions, 'name'> {
  return typeof job.options === 'function' ? job.options(deps) : job.options;
}

/**
 * Creates the queue with the declared options, or brings an existing one to them: pg-boss keeps a queue's options
 * from its creation, so a changed declaration (brand scans losing pg-boss's retries and heartbeat, an alert retry
 * setting) would otherwise never reach an installed database. The policy cannot change on an existing queue.
 */
async function ensureQueue(queue: Queue, name: string, options: Omit<QueueOptions, 'name'>): Promise<void> {
  const existing = await queue.getQueue(name);
  if (!existing) {
    try {
      await queue.createQueue(name, options);
      return;
    } catch (error) {
      // Another process may have created it in the meantime.
      if (!(await queue.getQueue(name))) throw error;
      return;
    }
  }
  const { policy: _policy, partition: _partition, ...changeable } = options;
  const stored = existing as unknown as Record<string, unknown>;
  const changed: Record<string, unknown> = Object.fromEntries(Object.entries(changeable).filter(([key, value]) => stored[key] !== value));
  // A pg-boss heartbeat the declaration no longer has (brand scans: their own heartbeat is on the scan row).
  if (existing.heartbeatSeconds != null && options.heartbeatSeconds === undefined) changed.heartbeatSeconds = null;
  if (Object.keys(changed).length > 0) await queue.updateQueue(name, changed);
}

/** Creates the queue of every definition; with `worker` runs its handler, with `scheduler` registers its cron entries. */
export async function registerJobDefinitions(deps: AppDeps, jobs: readonly JobDefinition[], flags: RunFlags): Promise<void> {
  const queue = deps.queue;
  if (!queue) return;
  for (const job of jobs) {
    if (job.enabled && !job.enabled(deps)) continue;
    await ensureQueue(queue, job.name, queueOptionsOf(job, deps));
    if (job.subscribes) await queue.subscribe(job.subscribes.name, job.name);
    let workerId: string | undefined;
    if (flags.worker) {
      const workOptions = typeof job.work === 'function' ? job.work(deps) : (job.work ?? {});
      workerId = await queue.work(job.name, { ...workOptions, includeMetadata: true }, async (jobs) => {
        let result: unknown;
        for (const one of jobs) {
          result = await job.handler(deps, { id: one.id, data: job.payload.parse(one.data), retryCount: one.retryCount, retryLimit: one.retryLimit });
        }
        return result;
      });
    }
    if (flags.scheduler) {
      for (const entry of job.schedule ?? []) {
        const tz = entry.timeZone === 'price-schedule' ? deps.config.PRICE_SCHEDULE_TIMEZONE : undefined;
        const data = entry.data === undefined ? undefined : (job.payload.parse(entry.data) as object);
        await queue.schedule(job.name, entry.cron, data, { ...(tz ? { tz } : {}), ...(entry.key ? { key: entry.key } : {}) });
      }
    }
    await job.onStart?.(deps, { ...flags, workerId });
  }
}
