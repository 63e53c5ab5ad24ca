import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import {
  CONFIRM_PASSWORD_PREFIX,
  CONFIRM_PREFIX,
  post,
  registerConfirmAndLogin,
  RESET_PREFIX,
  tokenFromLink,
  uniqueAccount,
} from '../../../test/account-helpers.ts';
import { createUser } from '../../../test/factories/users.ts';

describe('forgot password, reset password, confirm password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  const info = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/user/settings/info', headers });
  const login = (username: string, password: string) => post(ctx, '/api/auth/login', { username, password });

  it('answers the same whether or not the address exists, and mails a reset link only to an existing one', async () => {
    const user = await createUser(ctx.deps);
    const before = ctx.mailer.sent.length;
    const known = await post(ctx, '/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post(ctx, '/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'If the email exists, a reset link has been sent.' });
    expect(unknown.json()).toEqual(known.json());
    expect(ctx.mailer.sent.length).toBe(before + 1);
    const mail = ctx.mailer.lastTo(user.email)!;
    expect(mail.text).toContain(RESET_PREFIX);
    expect(mail.html).toContain(RESET_PREFIX);
  });

  it('validates the forgot-password e-mail', async () => {
    const res = await post(ctx, '/api/auth/forgot-password', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Email is required');
  });

  it('resets the password once: old password and old sessions stop working, the link cannot be reused', async () => {
    const { account, headers } = await registerConfirmAndLogin(ctx);
    await post(ctx, '/api/auth/forgot-password', { email: account.email });
    const token = tokenFromLink(ctx.mailer.lastTo(account.email), RESET_PREFIX);
    ctx.clock.advance(2000);

    const res = await post(ctx, '/api/auth/reset-password', { token, password: 'brand-new-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset successful. You can now log in.' });

    expect((await login(account.username, account.password)).statusCode).toBe(401);
    expect((await login(account.username, 'brand-new-password')).statusCode).toBe(200);
    expect((await info(headers)).statusCode).toBe(401);

    const reused = await post(ctx, '/api/auth/reset-password', { token, password: 'another-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('Invalid or expired token.');
    expect((await login(account.username, 'brand-new-password')).statusCode).toBe(200);
  });

  it('a reset link expires after 1 hour; a successful reset retires the other open reset links', async () => {
    const user = await createUser(ctx.deps);
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const old = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    ctx.clock.advance(3600 * 1000 + 1);
    const expired = await post(ctx, '/api/auth/reset-password', { token: old, password: 'brand-new-password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('Invalid or expired token.');

    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const first = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const second = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    expect((await post(ctx, '/api/auth/reset-password', { token: second, password: 'brand-new-password' })).statusCode).toBe(200);
    expect((await post(ctx, '/api/auth/reset-password', { token: first, password: 'other-new-password' })).statusCode).toBe(400);
  });

  it('refuses short passwords, missing and unknown tokens, and confirmation links on the reset call', async () => {
    const user = await createUser(ctx.deps);
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const token = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    const short = await post(ctx, '/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 8 characters long.');
    expect((await post(ctx, '/api/auth/reset-password', { password: 'long-enough-pass' })).json().error).toBe('No token provided.');
    expect((await post(ctx, '/api/auth/reset-password', { token: 'forged-token', password: 'long-enough-pass' })).json().error).toBe(
      'Invalid or expired token.',
    );

    const account = uniqueAccount();
    await post(ctx, '/api/auth/register', account);
    const confirmToken = tokenFromLink(ctx.mailer.lastTo(account.email), CONFIRM_PREFIX);
    expect((await post(ctx, '/api/auth/reset-password', { token: confirmToken, password: 'long-enough-pass' })).statusCode).toBe(400);
    // the short attempt did not use the link up
    expect((await post(ctx, '/api/auth/reset-password', { token, password: 'long-enough-pass' })).statusCode).toBe(200);
  });

  it('of two simultaneous uses of one reset link exactly one succeeds', async () => {
    const user = await createUser(ctx.deps);
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const token = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    const answers = await Promise.all([
      post(ctx, '/api/auth/reset-password', { token, password: 'first-new-password' }),
      post(ctx, '/api/auth/reset-password', { token, password: 'second-new-password' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'first-new-password' : 'second-new-password';
    expect((await login(user.username, winner)).statusCode).toBe(200);
  });

  it('a reset link does not confirm through GET /auth/confirm', async () => {
    const user = await createUser(ctx.deps);
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const token = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm?token=${encodeURIComponent(token)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid or expired token.');
  });

  it('a reset link also confirms an unconfirmed address (it proves the mailbox)', async () => {
    const account = uniqueAccount();
    await post(ctx, '/api/auth/register', account);
    await post(ctx, '/api/auth/forgot-password', { email: account.email });
    const token = tokenFromLink(ctx.mailer.lastTo(account.email), RESET_PREFIX);
    expect((await post(ctx, '/api/auth/reset-password', { token, password: 'brand-new-password' })).statusCode).toBe(200);
    expect((await login(account.username, 'brand-new-password')).statusCode).toBe(200);
  });

  it('confirm-password (invitation link) confirms the address and sets the password once', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const email = `invitee${Date.now()}@example.test`;
    const invite = await post(ctx, '/api/users/invite', { username: `invitee${Date.now()}`, email }, admin.headers);
    expect(invite.statusCode).toBe(201);
    const token = tokenFromLink(ctx.mailer.lastTo(email), CONFIRM_PASSWORD_PREFIX);

    const peek = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm?token=${encodeURIComponent(token)}` });
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toEqual({ email });

    const mismatch = await post(ctx, '/api/auth/confirm-password', { token, newPassword: 'short' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe('Password must be at least 8 characters long.');

    const res = await post(ctx, '/api/auth/confirm-password', { token, newPassword: 'invited-password' });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().message).toBe('string');
    expect((await login(email, 'invited-password')).statusCode).toBe(200);

    const reused = await post(ctx, '/api/auth/confirm-password', { token, newPassword: 'another-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('Invalid or expired token.');
    expect((await login(email, 'invited-password')).statusCode).toBe(200);
  });

  it('confirm-password refuses unknown, reset and expired invitation tokens', async () => {
    expect((await post(ctx, '/api/auth/confirm-password', { token: 'nope', newPassword: 'long-enough-pass' })).json().error).toBe('Invalid or expired token.');
    expect((await post(ctx, '/api/auth/confirm-password', { newPassword: 'long-enough-pass' })).json().error).toBe('No token provided.');
    const user = await createUser(ctx.deps);
    await post(ctx, '/api/auth/forgot-password', { email: user.email });
    const resetToken = tokenFromLink(ctx.mailer.lastTo(user.email), RESET_PREFIX);
    expect((await post(ctx, '/api/auth/confirm-password', { token: resetToken, newPassword: 'long-enough-pass' })).statusCode).toBe(400);

    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const email = `late${Date.now()}@example.test`;
    await post(ctx, '/api/users/invite', { username: `late${Date.now()}`, email }, admin.headers);
    const token = tokenFromLink(ctx.mailer.lastTo(email), CONFIRM_PASSWORD_PREFIX);
    ctx.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const expired = await post(ctx, '/api/auth/confirm-password', { token, newPassword: 'long-enough-pass' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('Invalid or expired token.');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm?token=${encodeURIComponent(token)}` })).statusCode).toBe(400);
  });
});
