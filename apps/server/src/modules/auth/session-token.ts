import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { TokenClaims } from '@dealradar/shared/contracts/account';

export interface SessionSubject {
  id: string;
  username: string;
  email: string;
  role: 'USER' | 'ADMIN';
  subscriptionTier: string;
  /** users.session_version when the session began; a reset or "log out everywhere" raises it (0 when omitted). */
  sessionVersion?: number;
}

export interface VerifiedSession extends TokenClaims {
  jti: string;
  iat: number;
  /** The `sv` claim (0 for tokens signed before it existed). */
  sessionVersion: number;
}

/** The HMAC key imported once per secret: importing it on every request cost more than the verification itself. */
const hmacKeys = new WeakMap<Uint8Array, Promise<crypto.webcrypto.CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<crypto.webcrypto.CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}

/**
 * Signs the session token with the claims of SPEC §3 plus jti (for logout), iat and sv (session version). HS256 only.
 * Pass `jti` to re-sign the same session (e.g. with a changed tier): logging out then revokes both tokens.
 */
export async function signSessionToken(
  secret: Uint8Array,
  subject: SessionSubject,
  ttlSeconds: number,
  now: Date,
  jti: string = crypto.randomUUID(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: subject.role, id: subject.id, email: subject.email, subscriptionTier: subject.subscriptionTier, sv: subject.sessionVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.username)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await hmacKey(secret));
}

/** Returns the claims, or null for a missing, forged, alg-none, malformed or expired token. */
export async function verifySessionToken(secret: Uint8Array, token: string, now: Date): Promise<VerifiedSession | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.id !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    if (payload.role !== 'USER' && payload.role !== 'ADMIN') return null;
    return {
      sub: payload.sub,
      id: payload.id,
      role: payload.role,
      email: String(payload.email ?? ''),
      subscriptionTier: String(payload.subscriptionTier ?? 'FREE'),
      exp: payload.exp,
      iat: typeof payload.iat === 'number' ? payload.iat : 0,
      jti: payload.jti,
      sessionVersion: typeof payload.sv === 'number' ? payload.sv : 0,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) return null;
    throw error;
  }
}
