import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { CONFIRM_PREFIX, post, tokenFromLink, uniqueAccount } from '../../../test/account-helpers.ts';

describe('registration and e-mail confirmation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  const confirm = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/auth/confirm?token=${encodeURIComponent(token)}` });

  it('creates the organization and an unconfirmed FREE user, stores the referral code, and mails a confirmation link', async () => {
    const account = uniqueAccount({ affiliateId: 'partner-42', organization: 'Beauty Trade Ltd' });
    const res = await post(ctx, '/api/auth/register', { ...account, email: account.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registration successful! Please check your email to confirm.' });

    const row = await ctx.deps.db.one<{
      email: string;
      affiliate_id: string;
      email_confirmed_at: Date | null;
      role: string;
      name: string;
      subscription_tier: string;
      password_hash: string;
    }>(
      `select u.email, u.affiliate_id, u.email_confirmed_at, u.role, u.password_hash, o.name, o.subscription_tier
         from users u join organizations o on o.id = u.organization_id where u.username = $1`,
      [account.username],
    );
    expect(row).toMatchObject({
      email: account.email,
      affiliate_id: 'partner-42',
      email_confirmed_at: null,
      role: 'USER',
      name: 'Beauty Trade Ltd',
      subscription_tier: 'FREE',
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const mail = ctx.mailer.lastTo(account.email);
    expect(mail?.text).toContain(CONFIRM_PREFIX);
    expect(mail?.html).toContain(`href="${CONFIRM_PREFIX}`);
    const token = tokenFromLink(mail, CONFIRM_PREFIX);
    const stored = await ctx.deps.db.query<{ token_hash: string }>('select token_hash from auth_tokens where purpose = $1', ['confirm_email']);
    expect(stored.some((t) => t.token_hash === token)).toBe(false);
    expect(stored.every((t) => /^[0-9a-f]{64}$/.test(t.token_hash))).toBe(true);
  });

  it('stores no referral when none or an empty one is sent', async () => {
    const a = uniqueAccount();
    const b = uniqueAccount({ affiliateId: '   ' });
    expect((await post(ctx, '/api/auth/register', a)).statusCode).toBe(201);
    expect((await post(ctx, '/api/auth/register', b)).statusCode).toBe(201);
    const rows = await ctx.deps.db.query<{ affiliate_id: string | null }>('select affiliate_id from users where username in ($1, $2)', [
      a.username,
      b.username,
    ]);
    expect(rows).toEqual([{ affiliate_id: null }, { affiliate_id: null }]);
  });

  it('refuses a taken username (any case) with 409; a taken e-mail (any case) gets the success answer (no enumeration)', async () => {
    const account = uniqueAccount();
    expect((await post(ctx, '/api/auth/register', account)).statusCode).toBe(201);
    const sameName = await post(ctx, '/api/auth/register', { ...uniqueAccount(), username: account.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toBe('This username is already taken.');
    const sameEmail = await post(ctx, '/api/auth/register', { ...uniqueAccount(), email: account.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.json()).toEqual({ message: 'Registration successful! Please check your email to confirm.' });
    const count = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from users where email = $1', [account.email]);
    expect(count.n).toBe(1);
  });

  it('of two simultaneous registrations of one username exactly one succeeds', async () => {
    const a = uniqueAccount();
    const b = { ...uniqueAccount(), username: a.username };
    const answers = await Promise.all([post(ctx, '/api/auth/register', a), post(ctx, '/api/auth/register', b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe('This username is already taken.');
    const count = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from users where lower(username) = lower($1)', [a.username]);
    expect(count.n).toBe(1);
  });

  it.each([
    [{ password: 'short' }, 'Password must be at least 8 characters long.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ organization: '' }, 'Organization is required'],
    [{ username: undefined }, 'Username is required'],
  ])('validates %j', async (change, message) => {
    const res = await post(ctx, '/api/auth/register', { ...uniqueAccount(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('confirms the address once, and answers the same e-mail when the link is opened again', async () => {
    const account = uniqueAccount();
    await post(ctx, '/api/auth/register', account);
    const token = tokenFromLink(ctx.mailer.lastTo(account.email), CONFIRM_PREFIX);

    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email: account.email });
    const row = await ctx.deps.db.one<{ email_confirmed_at: Date | null }>('select email_confirmed_at from users where username = $1', [account.username]);
    expect(row.email_confirmed_at).toBeInstanceOf(Date);

    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: account.email });
    const after = await ctx.deps.db.one<{ email_confirmed_at: Date }>('select email_confirmed_at from users where username = $1', [account.username]);
    expect(after.email_confirmed_at.getTime()).toBe(row.email_confirmed_at!.getTime());
  });

  it('answers 400 for an unknown, missing or expired (24 h) confirmation token', async () => {
    const unknown = await confirm('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Invalid or expired token.');

    const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/confirm' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('No confirmation token provided.');

    const account = uniqueAccount();
    await post(ctx, '/api/auth/register', account);
    const token = tokenFromLink(ctx.mailer.lastTo(account.email), CONFIRM_PREFIX);
    ctx.clock.advance(24 * 3600 * 1000 + 1000);
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('Invalid or expired token.');
    const row = await ctx.deps.db.one<{ email_confirmed_at: Date | null }>('select email_confirmed_at from users where username = $1', [account.username]);
    expect(row.email_confirmed_at).toBeNull();
  });

  it('refuses login before confirmation with a 401 sentence, and mails a new link once the first has expired', async () => {
    const account = uniqueAccount();
    await post(ctx, '/api/auth/register', account);
    const sentBefore = ctx.mailer.sent.length;

    const res = await post(ctx, '/api/auth/login', { username: account.username, password: account.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Please confirm your email address before logging in. Check your inbox for the confirmation link.');
    expect(ctx.mailer.sent.length).toBe(sentBefore);

    ctx.clock.advance(25 * 3600 * 1000);
    const later = await post(ctx, '/api/auth/login', { username: account.username, password: account.password });
    expect(later.statusCode).toBe(401);
    expect(later.json().error).toBe('Please confirm your email address before logging in. We have sent you a new confirmation link.');
    const fresh = tokenFromLink(ctx.mailer.lastTo(account.email), CONFIRM_PREFIX);
    expect((await confirm(fresh)).statusCode).toBe(200);
    const ok = await post(ctx, '/api/auth/login', { username: account.username, password: account.password });
    expect(ok.statusCode).toBe(200);
  });

  it('does not confirm with a wrong password attempt and does not leak that the account is unconfirmed', async () => {
    const account = uniqueAccount();
    await post(ctx, '/api/auth/register', account);
    const res = await post(ctx, '/api/auth/login', { username: account.username, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid username or password.');
  });
});
