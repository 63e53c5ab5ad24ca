import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { signSessionToken, verifySessionToken } from './session-token.ts';

const secret = new TextEncoder().encode('unit-test-secret-unit-test-secret-0123');
const subject = {
  id: '7f0c7a52-8d59-4a57-9a38-0d9c3b1f0a11',
  username: 'alice',
  email: 'alice@example.test',
  role: 'USER' as const,
  subscriptionTier: 'GROWTH',
};
const now = new Date('2026-03-01T12:00:00Z');
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session token', () => {
  it('carries sub, role, id, email, subscriptionTier, exp, iat and a jti', async () => {
    const token = await signSessionToken(secret, subject, 3600, now);
    const claims = await verifySessionToken(secret, token, now);
    expect(claims).toMatchObject({
      sub: 'alice',
      role: 'USER',
      id: subject.id,
      email: subject.email,
      subscriptionTier: 'GROWTH',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 3600,
    });
    expect(claims?.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is invalid at and after exp', async () => {
    const token = await signSessionToken(secret, subject, 60, now);
    expect(await verifySessionToken(secret, token, new Date(now.getTime() + 59_000))).not.toBeNull();
    expect(await verifySessionToken(secret, token, new Date(now.getTime() + 61_000))).toBeNull();
  });

  it('rejects another key, alg none, a changed payload and garbage', async () => {
    const token = await signSessionToken(secret, subject, 3600, now);
    const [header, payload, signature] = token.split('.');
    expect(await verifySessionToken(new TextEncoder().encode('other-secret-other-secret-other-0123'), token, now)).toBeNull();
    expect(await verifySessionToken(secret, `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, now)).toBeNull();
    expect(
      await verifySessionToken(secret, `${header}.${b64({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'ADMIN' })}.${signature}`, now),
    ).toBeNull();
    expect(await verifySessionToken(secret, 'garbage', now)).toBeNull();
    expect(await verifySessionToken(secret, '', now)).toBeNull();
  });

  it('rejects a correctly signed token without the required claims or with an unknown role', async () => {
    const iat = now.getTime() / 1000;
    const noJti = await new SignJWT({ role: 'USER', id: subject.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(secret);
    const badRole = await new SignJWT({ role: 'ROOT', id: subject.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setJti('x')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(secret);
    const noExp = await new SignJWT({ role: 'USER', id: subject.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setJti('x')
      .setIssuedAt(iat)
      .sign(secret);
    for (const token of [noJti, badRole, noExp]) expect(await verifySessionToken(secret, token, now)).toBeNull();
  });

  it('rejects HS384 even with the right key (HS256 only)', async () => {
    const iat = now.getTime() / 1000;
    const hs384 = await new SignJWT({ role: 'USER', id: subject.id })
      .setProtectedHeader({ alg: 'HS384' })
      .setSubject('alice')
      .setJti('x')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(secret);
    expect(await verifySessionToken(secret, hs384, now)).toBeNull();
  });
});
