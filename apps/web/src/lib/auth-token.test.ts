import { describe, expect, it } from 'vitest';
import { decodeToken, isTokenValid, sessionIdentity } from './auth-token.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function base64Url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function tokenWith(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}
const claims = { sub: 'jane', role: 'USER', id: 'u-1', email: 'jane@example.com', subscriptionTier: 'GROWTH', exp: NOW / 1000 + 3600 };

describe('session token (SPEC §4, §5)', () => {
  it('decodes the claims of a well-formed token, including non-ASCII text', () => {
    const decoded = decodeToken(tokenWith({ ...claims, email: 'zoë@exämple.com' }));
    expect(decoded).toMatchObject({ sub: 'jane', role: 'USER', id: 'u-1', email: 'zoë@exämple.com', subscriptionTier: 'GROWTH' });
  });

  it('is valid only when present, decodable and before exp', () => {
    expect(isTokenValid(tokenWith(claims), NOW)).toBe(true);
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid('', NOW)).toBe(false);
    expect(isTokenValid('not-a-jwt', NOW)).toBe(false);
    expect(isTokenValid('a.%%%.c', NOW)).toBe(false);
    expect(isTokenValid(tokenWith({ ...claims, role: 'ROOT' }), NOW)).toBe(false);
    expect(isTokenValid(tokenWith({ ...claims, exp: NOW / 1000 - 1 }), NOW)).toBe(false);
    expect(isTokenValid(tokenWith({ ...claims, exp: NOW / 1000 }), NOW)).toBe(false);
  });

  it('defaults the tier to FREE when the claim is missing', () => {
    const { subscriptionTier: _tier, ...withoutTier } = claims;
    expect(decodeToken(tokenWith(withoutTier))?.subscriptionTier).toBe('FREE');
  });

  it("shows the e-mail and tier, or 'User' and 'FREE' when the token cannot be read", () => {
    expect(sessionIdentity(tokenWith(claims))).toEqual({ email: 'jane@example.com', tier: 'GROWTH' });
    expect(sessionIdentity('garbage')).toEqual({ email: 'User', tier: 'FREE' });
    expect(sessionIdentity(null)).toEqual({ email: 'User', tier: 'FREE' });
  });
});
