import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies a `Paddle-Signature: ts=<unix seconds>;h1=<hex>[;h1=<hex>…]` header: HMAC-SHA256 of `${ts}:${rawBody}`
 * with the webhook secret, compared in constant time; any h1 may match (secret rotation). A timestamp more than
 * `toleranceSeconds` away from now is refused, in the past (a replay, as Paddle's SDKs check) and in the future (a
 * signature made ahead of time would otherwise stay usable until then); within the tolerance either way is clock skew.
 */
export function verifyPaddleSignature(rawBody: string, header: string | undefined, secret: string, now: Date, toleranceSeconds: number): boolean {
  if (!header || !secret) return false;
  const parts = header.split(';').map((part) => {
    const at = part.indexOf('=');
    return at < 0 ? [part.trim(), ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()];
  });
  const ts = parts.find(([key]) => key === 'ts')?.[1];
  const signatures = parts.filter(([key]) => key === 'h1').map(([, value]) => value ?? '');
  if (!ts || !/^\d{1,12}$/.test(ts) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() - Number(ts) * 1000) > toleranceSeconds * 1000) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${ts}:${rawBody}`).digest('hex'), 'utf8');
  return signatures.some((h1) => {
    const given = Buffer.from(h1.toLowerCase(), 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Builds a header for tests and local tools. */
export function signPaddlePayload(rawBody: string, secret: string, tsSeconds: number): string {
  return `ts=${tsSeconds};h1=${createHmac('sha256', secret).update(`${tsSeconds}:${rawBody}`).digest('hex')}`;
}
