import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors/app-error.ts';
import { ACCOUNT_DEACTIVATED, findSessionUser, recordLastActive, REMOVED_FROM_ORGANIZATION } from '../modules/auth/login.service.ts';
import { verifySessionToken } from '../modules/auth/session-token.ts';

/** The authenticated user as the server knows them now (role and tier read from the database, not the token). */
export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  role: 'USER' | 'ADMIN';
  organizationId: string;
  subscriptionTier: string;
  /** UK, DE, FR, IT, ES, or null until the region dialog was answered. */
  primaryCountry: string | null;
  jti: string;
  tokenExp: number;
  /** users.session_version, which the token carries (a re-signed token keeps it). */
  sessionVersion?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser;
  }
}

const LAST_ACTIVE_WRITE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * preHandlers for protected routes: `requireUser` needs a valid, unrevoked token of an active user;
 * `requireAdmin` additionally needs the ADMIN role. Use `userOf(request)` in handlers.
 */
export function createAuthGuards(deps: AppDeps) {
  const lastActiveWrites = new Map<string, number>();

  async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized('Please log in to continue.');
    const now = deps.clock.now();
    const claims = await verifySessionToken(deps.jwtSecret, token, now);
    if (!claims) throw unauthorized();
    const row = await findSessionUser(deps.db, claims.id, claims.jti);
    if (!row || row.revoked) throw unauthorized();
    // Said to the deactivated user's open sessions too, so the web's session check can tell them why.
    if (!row.active) throw unauthorized(row.removed_from_organization ? REMOVED_FROM_ORGANIZATION : ACCOUNT_DEACTIVATED);
    // A password reset or "log out everywhere" raised the version: every session begun before it ends, however recent.
    if (claims.sessionVersion !== row.session_version) throw unauthorized();
    request.currentUser = {
      id: row.id,
      username: row.username,
      email: row.email,
      role: row.role,
      organizationId: row.organization_id,
      subscriptionTier: row.subscription_tier,
      primaryCountry: row.primary_country,
      jti: claims.jti,
      tokenExp: claims.exp,
      sessionVersion: row.session_version,
    };
    const last = lastActiveWrites.get(row.id) ?? 0;
    if (now.getTime() - last > LAST_ACTIVE_WRITE_INTERVAL_MS) {
      lastActiveWrites.set(row.id, now.getTime());
      await recordLastActive(deps.db, row.id, now);
    }
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    if (request.currentUser?.role !== 'ADMIN') throw forbidden('This page is for administrators only.');
  }

  return { requireUser, requireAdmin };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized('Please log in to continue.');
  return request.currentUser;
}
