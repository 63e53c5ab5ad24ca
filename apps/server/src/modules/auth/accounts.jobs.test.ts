import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { post, registerConfirmAndLogin, uniqueAccount } from '../../../test/account-helpers.ts';
import { runAccountHousekeeping } from './accounts.jobs.ts';

describe('account housekeeping', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { RATE_LIMIT_ENABLED: 'true' } });
  });
  afterAll(async () => ctx.close());

  const count = async (table: string) => (await ctx.deps.db.one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;

  it('deletes revoked sessions after their expiry, link tokens 30 days after theirs, and rate-limit windows after a day', async () => {
    const { headers } = await registerConfirmAndLogin(ctx, uniqueAccount());
    await post(ctx, '/api/auth/logout', undefined, headers);
    expect(await count('revoked_tokens')).toBe(1);
    expect(await count('auth_tokens')).toBe(1);
    expect(await count('rate_limit_hits')).toBeGreaterThan(0);

    expect(await runAccountHousekeeping(ctx.deps)).toEqual({ revoked: 0, oneTime: 0, rateLimitWindows: 0 });

    ctx.clock.advance(ctx.deps.config.JWT_TTL_SECONDS * 1000 + 1000);
    expect(await runAccountHousekeeping(ctx.deps)).toMatchObject({ revoked: 1, oneTime: 0 });
    expect(await count('rate_limit_hits')).toBe(0);

    ctx.clock.advance(30 * 24 * 3600 * 1000);
    expect(await runAccountHousekeeping(ctx.deps)).toMatchObject({ oneTime: 1 });
    expect(await count('auth_tokens')).toBe(0);
  });
});
