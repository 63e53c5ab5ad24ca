import crypto from 'node:crypto';

/**
 * Webhook signatures (docs/alerts.md "Verifying a webhook"), the scheme Stripe and Paddle use:
 *   DealRadar-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * The receiver recomputes the HMAC over the timestamp and the exact bytes of the body, compares in constant time
 * and refuses old timestamps (replays).
 */
export const SIGNATURE_HEADER = 'DealRadar-Signature';

export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64url')}`;
}

export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** Checks a header against the body; `toleranceSeconds` bounds the age of the timestamp. */
export function verifyWebhook(secret: string, body: string, header: string | undefined, nowSeconds: number, toleranceSeconds = 300): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
