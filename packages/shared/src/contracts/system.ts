import { z } from 'zod';

/**
 * Admin → System (GET /admin/system): the figures `/metrics` publishes at scrape time, read by the same function
 * (readSystemFigures on the server), plus the next scheduled price refresh. Times are ISO strings.
 */
export const systemFiguresSchema = z.object({
  readAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number(),
    largestTables: z.array(z.object({ name: z.string(), bytes: z.number() })),
  }),
  processes: z.array(
    z.object({
      id: z.string(),
      role: z.string(),
      version: z.string(),
      host: z.string(),
      pid: z.number(),
      lease: z.number().nullable(),
      startedAt: z.string(),
      heartbeatAt: z.string(),
      stoppedAt: z.string().nullable(),
      alive: z.boolean(),
    }),
  ),
  queues: z.array(z.object({ name: z.string(), waiting: z.number(), active: z.number(), oldestWaitingSeconds: z.number(), failedLast24h: z.number() })),
  durableRuns: z.array(
    z.object({
      kind: z.enum(['scan', 'brand scan', 'price refresh']),
      id: z.string(),
      label: z.string(),
      attempts: z.number(),
      heartbeatAt: z.string().nullable(),
      ownerLease: z.number().nullable(),
      owner: z.object({ id: z.string(), role: z.string(), host: z.string(), pid: z.number() }).nullable(),
      stuck: z.boolean(),
    }),
  ),
  keepa: z.object({
    last: z.object({ tokensLeft: z.number(), refillPerMinute: z.number().nullable(), at: z.string() }).nullable(),
    waitingScans: z.number(),
    nextContinueAt: z.string().nullable(),
    /** Seconds from readAt until the first waiting scan continues; null when none waits. */
    secondsUntilContinue: z.number().nullable(),
  }),
  priceRefresh: z.object({
    last: z
      .object({
        status: z.enum(['succeeded', 'failed']),
        trigger: z.string(),
        error: z.string().nullable(),
        durationSeconds: z.number().nullable(),
        variantsChanged: z.number().nullable(),
        finishedAt: z.string(),
      })
      .nullable(),
    running: z.boolean(),
    nextAt: z.string(),
    timeZone: z.string(),
  }),
  failedDeliveries: z.object({
    countLast24h: z.number(),
    latest: z.array(
      z.object({
        id: z.string(),
        channel: z.enum(['email', 'webhook']),
        kind: z.string(),
        target: z.string().nullable(),
        error: z.string().nullable(),
        attempts: z.number(),
        createdAt: z.string(),
        userEmail: z.string().nullable(),
      }),
    ),
  }),
});
export type SystemFiguresDto = z.infer<typeof systemFiguresSchema>;
