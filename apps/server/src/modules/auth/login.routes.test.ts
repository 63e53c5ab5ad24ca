import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { post, registerConfirmAndLogin, uniqueAccount } from '../../../test/account-helpers.ts';
import { createUser } from '../../../test/factories/users.ts';
import { signSessionToken } from './session-token.ts';
import { ACCOUNT_DEACTIVATED } from './login.service.ts';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('login, session tokens and logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  const info = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/user/settings/info', headers });

  it('logs in with username or e-mail and returns a token with the claims of SPEC §3', async () => {
    const { account, sessionToken } = await registerConfirmAndLogin(ctx);
    const claims = decodeJwt(sessionToken);
    expect(claims).toMatchObject({ sub: account.username, role: 'USER', email: account.email, subscriptionTier: 'FREE' });
    expect(typeof claims.id).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(ctx.deps.config.JWT_TTL_SECONDS);

    const byEmail = await post(ctx, '/api/auth/login', { username: account.email.toUpperCase(), password: account.password });
    expect(byEmail.statusCode).toBe(200);
    expect((await info({ authorization: `Bearer ${byEmail.json().token}` })).statusCode).toBe(200);
  });

  it('answers 401 "Invalid username or password." for a wrong password or an unknown user', async () => {
    const user = await createUser(ctx.deps);
    for (const body of [
      { username: user.username, password: 'wrong-password' },
      { username: 'nobody-here', password: 'whatever-password' },
    ]) {
      const res = await post(ctx, '/api/auth/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Invalid username or password.', code: 'unauthenticated' });
    }
  });

  it('requires username and password', async () => {
    const res = await post(ctx, '/api/auth/login', { username: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Username is required');
    const res2 = await post(ctx, '/api/auth/login', { username: 'someone' });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error).toBe('Password is required');
  });

  it('refuses a deactivated account at login and its existing sessions', async () => {
    const user = await createUser(ctx.deps);
    await ctx.deps.db.execute('update users set active = false where id = $1', [user.id]);
    const res = await post(ctx, '/api/auth/login', { username: user.username, password: user.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ACCOUNT_DEACTIVATED);
    expect(ACCOUNT_DEACTIVATED).toMatch(/^This account has been deactivated by an administrator/);
    const session = await info(user.headers);
    expect(session.statusCode).toBe(401);
    expect(session.json().error).toBe(ACCOUNT_DEACTIVATED);
  });

  it('answers 401 without a token, with a malformed one, alg none, a bad signature, or past exp', async () => {
    const user = await createUser(ctx.deps);
    const [, payload] = user.token.split('.');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const forged = await signSessionToken(
      new TextEncoder().encode('another-secret-another-secret-0123456789'),
      { ...user, subscriptionTier: 'PRO' },
      3600,
      ctx.clock.now(),
    );
    const tampered = `${user.token.split('.')[0]}.${b64({ ...decodeJwt(user.token), role: 'ADMIN' })}.${user.token.split('.')[2]}`;
    const expired = await signSessionToken(ctx.deps.jwtSecret, { ...user, subscriptionTier: 'FREE' }, 60, new Date(ctx.clock.now().getTime() - 3600_000));
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${algNone}` },
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${tampered}` },
      { authorization: `Bearer ${expired}` },
      { authorization: user.token },
    ];
    for (const headers of attempts) {
      const res = await info(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await info(user.headers)).statusCode).toBe(200);
  });

  it('expires a session token after JWT_TTL_SECONDS', async () => {
    const { headers } = await registerConfirmAndLogin(ctx);
    expect((await info(headers)).statusCode).toBe(200);
    ctx.clock.advance(ctx.deps.config.JWT_TTL_SECONDS * 1000 + 1000);
    expect((await info(headers)).statusCode).toBe(401);
  });

  it('logout revokes the token: later use answers 401, other sessions keep working', async () => {
    const { account, headers } = await registerConfirmAndLogin(ctx);
    const other = await post(ctx, '/api/auth/login', { username: account.username, password: account.password });
    const otherHeaders = { authorization: `Bearer ${other.json().token}` };

    const res = await post(ctx, '/api/auth/logout', undefined, headers);
    expect(res.statusCode).toBe(200);
    expect((await info(headers)).statusCode).toBe(401);
    expect((await post(ctx, '/api/auth/logout', undefined, headers)).statusCode).toBe(401);
    expect((await info(otherHeaders)).statusCode).toBe(200);
  });

  it('logout needs a token', async () => {
    const res = await post(ctx, '/api/auth/logout');
    expect(res.statusCode).toBe(401);
  });

  it('select-country stores UK or a continental country and refuses anything else', async () => {
    const user = await createUser(ctx.deps, { country: null });
    const uk = await post(ctx, '/api/auth/select-country', { countryCode: 'UK' }, user.headers);
    expect(uk.statusCode).toBe(200);
    expect(uk.json()).toMatchObject({ country: 'UK', currency: 'GBP', currencySymbol: '£' });
    const de = await post(ctx, '/api/auth/select-country', { countryCode: 'DE' }, user.headers);
    expect(de.json()).toMatchObject({ country: 'DE', currency: 'EUR', currencySymbol: '€' });
    for (const countryCode of ['US', 'EU', 'uk', 42]) {
      const bad = await post(ctx, '/api/auth/select-country', { countryCode }, user.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Invalid selection');
    }
    const missing = await post(ctx, '/api/auth/select-country', {}, user.headers);
    expect(missing.json().error).toBe('Please select a region');
    const row = await ctx.deps.db.one<{ primary_country: string }>('select primary_country from users where id = $1', [user.id]);
    expect(row.primary_country).toBe('DE');
    expect((await post(ctx, '/api/auth/select-country', { countryCode: 'UK' })).statusCode).toBe(401);
  });

  it('the tier claim comes from the organization at login time', async () => {
    const account = uniqueAccount();
    const { headers } = await registerConfirmAndLogin(ctx, account);
    void headers;
    await ctx.deps.db.execute(`update organizations set subscription_tier = 'PRO' where id = (select organization_id from users where username = $1)`, [
      account.username,
    ]);
    const res = await post(ctx, '/api/auth/login', { username: account.username, password: account.password });
    expect(decodeJwt(res.json().token).subscriptionTier).toBe('PRO');
  });
});
