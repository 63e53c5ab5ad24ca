import crypto from 'node:crypto';

/**
 * The one-click unsubscribe link of alert and scan e-mails works without logging in: it carries the user id, the
 * scope and an HMAC of both under the server's secret, so nobody can unsubscribe somebody else.
 */
export type UnsubscribeScope = 'alerts' | 'scans';

function mac(secret: Uint8Array, userId: string, scope: UnsubscribeScope): string {
  return crypto.createHmac('sha256', secret).update(`unsubscribe:${scope}:${userId}`).digest('base64url');
}

export function unsubscribeUrl(appUrl: string, secret: Uint8Array, userId: string, scope: UnsubscribeScope): string {
  const q = new URLSearchParams({ u: userId, s: scope, t: mac(secret, userId, scope) });
  return `${appUrl}/api/alerts/unsubscribe?${q.toString()}`;
}

export function verifyUnsubscribe(secret: Uint8Array, userId: unknown, scope: unknown, token: unknown): scope is UnsubscribeScope {
  if (typeof userId !== 'string' || typeof token !== 'string' || (scope !== 'alerts' && scope !== 'scans')) return false;
  const expected = Buffer.from(mac(secret, userId, scope));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
