import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors/app-error.ts';
import { addHit, countHits, deleteKeysStartingWith, deleteWindowsBefore } from './rate-limit.repository.ts';
import { rateLimitKey, rateLimitMessage, secondsUntilReset, windowStart, type RateLimitRule } from './rate-limit.rules.ts';

type RateLimitDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Counts this attempt; throws 429 when it goes over the limit. No-op when RATE_LIMIT_ENABLED=false. */
export async function consumeRateLimit(deps: RateLimitDeps, rule: RateLimitRule, ...subject: string[]): Promise<void> {
  if (!deps.config.RATE_LIMIT_ENABLED) return;
  const now = deps.clock.now();
  const hits = await addHit(deps.db, rateLimitKey(rule, ...subject), windowStart(rule, now));
  if (hits > rule.limit) throw rateLimited(rule, now);
}

/** Throws 429 when the limit is already reached, without counting (pair with recordRateLimitHit). */
export async function assertUnderRateLimit(deps: RateLimitDeps, rule: RateLimitRule, ...subject: string[]): Promise<void> {
  if (!deps.config.RATE_LIMIT_ENABLED) return;
  const now = deps.clock.now();
  const hits = await countHits(deps.db, rateLimitKey(rule, ...subject), windowStart(rule, now));
  if (hits >= rule.limit) throw rateLimited(rule, now);
}

export async function recordRateLimitHit(deps: RateLimitDeps, rule: RateLimitRule, ...subject: string[]): Promise<void> {
  if (!deps.config.RATE_LIMIT_ENABLED) return;
  const now = deps.clock.now();
  await addHit(deps.db, rateLimitKey(rule, ...subject), windowStart(rule, now));
}

/** Forgets the counts of this rule for the subject, and for every longer subject it begins (e.g. an account on any address). */
export async function clearRateLimit(deps: Pick<AppDeps, 'db'>, rule: RateLimitRule, ...subject: string[]): Promise<void> {
  await deleteKeysStartingWith(deps.db, rateLimitKey(rule, ...subject));
}

/** Windows older than a day can no longer matter (the longest window is an hour). */
export async function purgeOldRateLimitWindows(deps: RateLimitDeps): Promise<number> {
  return deleteWindowsBefore(deps.db, new Date(deps.clock.now().getTime() - 24 * 3600 * 1000));
}

function rateLimited(rule: RateLimitRule, now: Date): AppError {
  return new AppError('rate_limited', rateLimitMessage(rule, now), { details: { retryAfterSeconds: secondsUntilReset(rule, now) } });
}

/** Runs a rate-limited call; a 429 also carries the Retry-After header. */
export async function withRetryAfter<T>(reply: FastifyReply, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const details = error instanceof AppError && error.code === 'rate_limited' ? (error.details as { retryAfterSeconds?: number } | undefined) : undefined;
    if (details?.retryAfterSeconds) reply.header('retry-after', String(details.retryAfterSeconds));
    throw error;
  }
}
