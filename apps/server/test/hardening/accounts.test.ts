import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/lib/clock.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { post, registerConfirmAndLogin, RESET_PREFIX, tokenFromLink, uniqueAccount } from '../account-helpers.ts';
import { createUser } from '../factories/users.ts';

/** Sessions end however close in time, lock-out per account and network, no enumeration. */
describe('sessions issued before a password reset or "log out everywhere" end (item 5)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ clock: new TestClock('2026-03-02T10:00:00.000Z') });
  });
  afterAll(async () => ctx.close());

  const info = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/user/settings/info', headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a session issued 300 ms (and 0 ms) before a reset is refused; one issued after works', async () => {
    const { account, headers } = await registerConfirmAndLogin(ctx);
    expect((await info(headers)).statusCode).toBe(200);
    await post(ctx, '/api/auth/forgot-password', { email: account.email });
    const resetToken = tokenFromLink(ctx.mailer.lastTo(account.email), RESET_PREFIX);
    ctx.clock.advance(300);
    const sameMoment = (await post(ctx, '/api/auth/login', { username: account.username, password: account.password })).json().token as string;
    expect((await post(ctx, '/api/auth/reset-password', { token: resetToken, password: 'a-brand-new-password' })).statusCode).toBe(200);
    expect((await info(headers)).statusCode).toBe(401);
    expect((await info(bearer(sameMoment))).statusCode).toBe(401);
    const after = (await post(ctx, '/api/auth/login', { username: account.username, password: 'a-brand-new-password' })).json().token as string;
    expect((await info(bearer(after))).statusCode).toBe(200);
  });

  it('"log out everywhere" ends every session of the user at once, including the calling one, and no other user\'s', async () => {
    const user = await createUser(ctx.deps);
    const other = await createUser(ctx.deps);
    const login = async () => (await post(ctx, '/api/auth/login', { username: user.username, password: user.password })).json().token as string;
    const phone = await login();
    const laptop = await login();
    const res = await post(ctx, '/api/auth/logout-everywhere', undefined, bearer(laptop));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been logged out on every device.' });
    for (const token of [phone, laptop, user.token]) expect((await info(bearer(token))).statusCode).toBe(401);
    expect((await info(other.headers)).statusCode).toBe(200);
    // a session started right afterwards, in the same millisecond, works
    expect((await info(bearer(await login()))).statusCode).toBe(200);
  });

  it('"log out everywhere" needs a session', async () => {
    expect((await post(ctx, '/api/auth/logout-everywhere')).statusCode).toBe(401);
  });
});

describe('lock-out per account and client address, with a higher per-account limit (item 6)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Pinned at the start of an hour: the 15-minute and hourly windows cannot roll over during the test.
    ctx = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'true' }, clock: new TestClock('2026-03-02T10:00:00.000Z') });
  });
  afterAll(async () => ctx.close());

  const from = (ip: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

  it('ten wrong passwords from one address lock that address out of the account; the owner elsewhere still logs in', async () => {
    const user = await createUser(ctx.deps);
    for (let i = 0; i < 10; i += 1) expect((await from('10.1.0.1', { username: user.username, password: 'wrong-password' })).statusCode).toBe(401);
    const locked = await from('10.1.0.1', { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many failed login attempts for this account from your network\. Please try again in \d+ minutes?\.$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.1.0.1', { username: user.email, password: user.password })).statusCode).toBe(429);
    expect((await from('10.1.0.2', { username: user.username, password: user.password })).statusCode).toBe(200);
  });

  it("fifty failures from many addresses lock the account for an hour; the owner's password reset lifts it", async () => {
    const user = await createUser(ctx.deps);
    for (let i = 0; i < 50; i += 1) {
      // ten from one address (which locks that address), forty from forty others
      const ip = i < 10 ? '10.2.99.1' : `10.2.${Math.floor(i / 5)}.${i % 5}`;
      expect((await from(ip, { username: user.username, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await from('10.2.200.1', { username: user.username, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatch(/^Too many failed login attempts for this account\. Please try again in \d+ minutes?\.$/);

    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email }, remoteAddress: '10.2.200.1' });
    const resetToken = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: 'a-brand-new-password' } })).statusCode,
    ).toBe(200);
    expect((await from('10.2.200.1', { username: user.username, password: 'a-brand-new-password' })).statusCode).toBe(200);
    // the per-address lock is lifted too
    expect((await from('10.2.99.1', { username: user.username, password: 'a-brand-new-password' })).statusCode).toBe(200);
  });

  it('the 3,000-character name of the probe is a 400; rate-limit keys in the database are hashes, not raw input', async () => {
    const res = await from('10.3.0.1', { username: 'x'.repeat(3000), password: 'whatever-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Username is too long.');
    await from('10.3.0.1', { username: 'Someone.Typed@Example.test', password: 'whatever-password' });
    const keys = (await ctx.deps.db.query<{ key: string }>('select key from rate_limit_hits')).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z:-]+(:[0-9a-f]{64})+$/);
      expect(key).not.toContain('someone');
      expect(key).not.toContain('10.3.0.1');
    }
  });
});

describe('registration does not tell whether an address has an account (item 7)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ clock: new TestClock('2026-03-02T10:00:00.000Z') });
  });
  afterAll(async () => ctx.close());

  it('an address that has an account gets the success answer, and its owner an e-mail about it; no account is created', async () => {
    const owner = await createUser(ctx.deps);
    const fresh = uniqueAccount();
    const newcomer = await post(ctx, '/api/auth/register', fresh);
    const again = await post(ctx, '/api/auth/register', { ...uniqueAccount(), email: owner.email.toUpperCase() });
    expect(again.statusCode).toBe(newcomer.statusCode);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(newcomer.json());
    expect(again.json()).toEqual({ message: 'Registration successful! Please check your email to confirm.' });

    const mail = ctx.mailer.lastTo(owner.email)!;
    expect(mail.subject).toBe('Someone tried to register with your e-mail address');
    expect(mail.text).toContain('If it was you, you already have an account');
    expect(mail.links).toContain('http://app.test/forgot-password');
    const count = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from users where lower(email) = lower($1)', [owner.email]);
    expect(count.n).toBe(1);
  });

  it('a taken username still says so', async () => {
    const owner = await createUser(ctx.deps);
    const res = await post(ctx, '/api/auth/register', { ...uniqueAccount(), username: owner.username });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This username is already taken.');
  });

  it('two simultaneous registrations of one address both get the success answer; one account exists', async () => {
    const a = uniqueAccount();
    const b = { ...uniqueAccount(), email: a.email };
    const answers = await Promise.all([post(ctx, '/api/auth/register', a), post(ctx, '/api/auth/register', b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    const count = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from users where email = $1', [a.email]);
    expect(count.n).toBe(1);
  });
});
