import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../lib/clock.ts';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { uniqueAccount } from '../../../test/account-helpers.ts';
import { createUser } from '../../../test/factories/users.ts';

describe('rate limits on login, registration and forgot-password (RATE_LIMIT_ENABLED=true)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The windows are aligned to the quarter hour and the hour: a clock at wall time made these tests fail in the last
    // minutes of every quarter hour (a window rolled over mid-test). Pinned at the start of an hour.
    ctx = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'true' }, clock: new TestClock('2026-03-02T10:00:00.000Z') });
  });
  afterAll(async () => ctx.close());

  const from = (ip: string, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('locks an account for a client address after 10 failed logins from it in 15 minutes, even for the right password', async () => {
    const user = await createUser(ctx.deps);
    for (let i = 0; i < 10; i += 1) {
      const res = await from('10.0.1.1', '/api/auth/login', { username: user.username, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await from('10.0.1.1', '/api/auth/login', { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited' });
    expect(locked.json().error).toMatch(/^Too many failed login attempts for this account from your network\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.json().details).toEqual({ retryAfterSeconds: retryAfter });
    // by e-mail address it is the same account
    expect((await from('10.0.1.1', '/api/auth/login', { username: user.email, password: user.password })).statusCode).toBe(429);
    // A stranger's guesses do not lock the owner out elsewhere
    expect((await from('10.0.1.200', '/api/auth/login', { username: user.username, password: user.password })).statusCode).toBe(200);

    ctx.clock.advance(15 * 60 * 1000);
    expect((await from('10.0.1.1', '/api/auth/login', { username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('successful logins do not count against the account', async () => {
    const user = await createUser(ctx.deps);
    for (let i = 0; i < 12; i += 1) {
      expect((await from(`10.0.2.${i}`, '/api/auth/login', { username: user.username, password: user.password })).statusCode).toBe(200);
    }
  });

  it('limits login attempts per client address to 30 per 15 minutes', async () => {
    const user = await createUser(ctx.deps);
    for (let i = 0; i < 30; i += 1) {
      const res = await from('10.0.3.1', '/api/auth/login', { username: `someone${i}`, password: 'whatever-password' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await from('10.0.3.1', '/api/auth/login', { username: user.username, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Too many login attempts from your network\./);
    expect((await from('10.0.3.2', '/api/auth/login', { username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it('limits registrations per client address (10 an hour) and per e-mail address (5 an hour)', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await from('10.0.4.1', '/api/auth/register', uniqueAccount())).statusCode).toBe(201);
    }
    const blocked = await from('10.0.4.1', '/api/auth/register', uniqueAccount());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^Too many registrations from your network\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const account = uniqueAccount();
    for (let i = 0; i < 5; i += 1) {
      // the same address again and again (a conflict after the first) from changing networks
      await from(`10.0.5.${i}`, '/api/auth/register', { ...account, username: `${account.username}${i}` });
    }
    const perAccount = await from('10.0.5.100', '/api/auth/register', { ...account, username: `${account.username}x` });
    expect(perAccount.statusCode).toBe(429);
    expect(perAccount.json().error).toMatch(/^Too many registration attempts for this e-mail address\./);
  });

  it('limits forgot-password per e-mail address (3 per 15 minutes), the same for unknown addresses', async () => {
    const user = await createUser(ctx.deps);
    for (const email of [user.email, 'unknown-person@example.test']) {
      for (let i = 0; i < 3; i += 1) {
        expect((await from(`10.0.6.${i}`, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
      }
      const blocked = await from('10.0.6.50', '/api/auth/forgot-password', { email });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/^Too many password reset requests for this e-mail address\./);
    }
  });

  it('limits forgot-password per client address (10 per 15 minutes)', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await from('10.0.7.1', '/api/auth/forgot-password', { email: `p${i}@example.test` })).statusCode).toBe(200);
    }
    expect((await from('10.0.7.1', '/api/auth/forgot-password', { email: 'p99@example.test' })).statusCode).toBe(429);
  });
});

describe('rate limits switched off (RATE_LIMIT_ENABLED=false, the test default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('never answers 429 and writes no counters', async () => {
    for (let i = 0; i < 12; i += 1) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'same@example.test' } })).statusCode).toBe(200);
    }
    expect(await ctx.deps.db.query('select * from rate_limit_hits')).toEqual([]);
  });
});
