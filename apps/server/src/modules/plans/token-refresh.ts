import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { REFRESHED_TOKEN_HEADER } from '@dealradar/shared/contracts/plans';
import type { AppDeps } from '../../deps.ts';
import { signSessionToken } from '../auth/session-token.ts';

/**
 * "See the new plan without logging out" (docs/plans.md): when an authenticated request's token carries a
 * subscriptionTier (or role) that differs from the database, the answer carries a re-signed token with the current
 * claims and the same expiry in the `X-Refreshed-Token` header; the web client stores it. The server never trusts the
 * token's tier anyway (guards read it fresh), so this only keeps the sidebar and the example-data switch up to date.
 */
export function registerTokenRefresh(api: FastifyInstance, deps: AppDeps): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const user = request.currentUser;
    if (!user) return payload;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return payload;
    let claims: ReturnType<typeof decodeJwt>;
    try {
      claims = decodeJwt(token);
    } catch {
      return payload;
    }
    const tokenTier = typeof claims.subscriptionTier === 'string' ? claims.subscriptionTier : 'FREE';
    if (tokenTier === user.subscriptionTier && claims.role === user.role) return payload;
    const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
    const ttl = user.tokenExp - nowSeconds;
    if (ttl <= 0) return payload;
    const fresh = await signSessionToken(
      deps.jwtSecret,
      {
        id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        subscriptionTier: user.subscriptionTier,
        sessionVersion: user.sessionVersion,
      },
      ttl,
      deps.clock.now(),
      // Same session id: logging out with either token revokes both.
      user.jti,
    );
    reply.header(REFRESHED_TOKEN_HEADER, fresh);
    return payload;
  });
}
