import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './build-test-app.ts';
import { createUser } from './factories/users.ts';
import { CONFIRM_PREFIX, post, tokenFromLink, uniqueAccount } from './account-helpers.ts';

describe('JSON error shape for bad requests to the account API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('malformed JSON answers 400 with a sentence', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "a",' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'The request body is not valid JSON.', code: 'validation' });
    expect(res.json().requestId).toBeTruthy();
  });

  it('a wrong content type answers 415', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'text/xml' }, payload: '<register/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'This content type is not supported.', code: 'unsupported_media_type' });
  });

  it('a form-encoded body is refused, not half-read', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
  });

  it('a missing body answers the validation sentence', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Username is required');
  });

  it('a JSON body that is not an object answers 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { 'content-type': 'application/json' }, payload: '"x"' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/help',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The upload is too large.');
  });

  it('unknown API paths and wrong methods answer a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/nothing'],
      ['DELETE', '/api/auth/login'],
      ['GET', '/api/users/123/secret'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
  });

  it('sends the security headers', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'x@example.test' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeTruthy();
  });

  it('a text/plain body is a wrong content type (415), not a string to validate', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'username=a' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'This content type is not supported.', code: 'unsupported_media_type' });
  });

  it('a JSON array, string or number body answers one sentence', async () => {
    for (const payload of ['[]', '"x"', '5', '[{"username":"a"}]']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error, payload).toBe('The request body must be a JSON object.');
    }
  });

  it('an undecodable path or an over-long id answers the JSON error shape, not the framework default', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/user/settings/country/%E0%A4%A', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'The address is not valid.', code: 'validation' });
    expect(bad.json().requestId).toBeTruthy();
    const long = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${'x'.repeat(500)}/subscription-tier`,
      headers: admin.headers,
      payload: { tier: 'PRO' },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ error: 'The address is too long.', code: 'validation' });
  });

  it('unknown user filters answer their own sentence', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const role = await ctx.app.inject({ method: 'GET', url: '/api/users?role=GOD', headers: admin.headers });
    expect(role.statusCode).toBe(400);
    expect(role.json().error).toBe('Role must be USER or ADMIN.');
    const active = await ctx.app.inject({ method: 'GET', url: '/api/users?active=maybe', headers: admin.headers });
    expect(active.statusCode).toBe(400);
    expect(active.json().error).toBe('Status must be true or false.');
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/users?role=&active=', headers: admin.headers });
    expect(empty.statusCode).toBe(200);
  });

  it('simultaneous repeats of one request never answer 500: logouts, confirmations, invitations', async () => {
    const user = await createUser(ctx.deps);
    const logouts = await Promise.all(Array.from({ length: 5 }, () => ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })));
    expect(
      logouts.map((r) => r.statusCode).every((s) => s === 200 || s === 401),
      logouts.map((r) => r.body).join(),
    ).toBe(true);
    expect(logouts.some((r) => r.statusCode === 200)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/settings', headers: user.headers })).statusCode).toBe(401);

    const account = uniqueAccount();
    expect((await post(ctx, '/api/auth/register', account)).statusCode).toBe(201);
    const token = tokenFromLink(ctx.mailer.lastTo(account.email), CONFIRM_PREFIX);
    const confirms = await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.inject({ method: 'GET', url: `/api/auth/confirm?token=${encodeURIComponent(token)}` })),
    );
    expect(confirms.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(confirms.map((r) => r.json().email)).toEqual(Array(5).fill(account.email));

    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const invitee = uniqueAccount();
    const invites = await Promise.all(
      Array.from({ length: 3 }, () => post(ctx, '/api/users/invite', { username: invitee.username, email: invitee.email }, admin.headers)),
    );
    for (const res of invites) {
      expect([201, 409], res.body).toContain(res.statusCode);
      expect(typeof res.json().error === 'string' || typeof res.json().message === 'string').toBe(true);
    }
    expect(invites.some((r) => r.statusCode === 201)).toBe(true);
  });
});
