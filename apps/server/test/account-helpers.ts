import type { MailMessage } from '../src/lib/mail/mailer.ts';
import type { TestContext } from './build-test-app.ts';

let counter = 0;

export function uniqueAccount(overrides: Partial<{ username: string; email: string; password: string; organization: string; affiliateId: string }> = {}) {
  counter += 1;
  const username = overrides.username ?? `acct${process.pid}x${counter}`;
  return {
    username,
    email: overrides.email ?? `${username}@example.test`,
    password: overrides.password ?? 'a-good-password',
    organization: overrides.organization ?? `${username} GmbH`,
    ...(overrides.affiliateId !== undefined ? { affiliateId: overrides.affiliateId } : {}),
  };
}

/** The token of the message's link that starts with `prefix` (e.g. 'http://app.test/auth/confirm?token='). */
export function tokenFromLink(message: MailMessage | undefined, prefix: string): string {
  const link = message?.links?.find((l) => l.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in ${JSON.stringify(message?.links)}`);
  return decodeURIComponent(link.slice(prefix.length));
}

export const CONFIRM_PREFIX = 'http://app.test/auth/confirm?token=';
export const RESET_PREFIX = 'http://app.test/reset-password?token=';
export const CONFIRM_PASSWORD_PREFIX = 'http://app.test/confirm-password/';

export async function post(ctx: TestContext, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as never, headers });
}

/** Registers through the API, opens the confirmation link, and logs in; returns the session headers. */
export async function registerConfirmAndLogin(ctx: TestContext, account = uniqueAccount()) {
  const reg = await post(ctx, '/api/auth/register', account);
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const token = tokenFromLink(ctx.mailer.lastTo(account.email), CONFIRM_PREFIX);
  const confirm = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm?token=${encodeURIComponent(token)}` });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const login = await post(ctx, '/api/auth/login', { username: account.username, password: account.password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const sessionToken = login.json().token as string;
  return { account, sessionToken, headers: { authorization: `Bearer ${sessionToken}` } };
}
