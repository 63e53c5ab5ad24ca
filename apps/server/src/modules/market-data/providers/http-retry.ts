/** Small helpers shared by the HTTP adapters (Keepa, Qogita). */

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (a cancelled scan does not sit out a token wait). */
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Exponential backoff with ±50 % jitter: base · 2^attempt, capped. */
export function backoffMs(attempt: number, baseMs: number, capMs = 30_000, random: () => number = Math.random): number {
  const exp = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(exp * (0.5 + random()));
}

/** A failure that retrying will not fix (bad key, bad request): the batch fails at once. */
export class PermanentUpstreamError extends Error {}

/** fetch with a timeout of its own (AbortSignal.timeout), joined with an optional caller signal. */
export async function fetchWithTimeout(fetchImpl: typeof fetch, url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  return fetchImpl(url, { ...init, signal: combined });
}
