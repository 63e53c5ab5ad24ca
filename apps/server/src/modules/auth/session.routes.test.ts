import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { REFRESHED_TOKEN_HEADER } from '@dealradar/shared/contracts/plans';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { ACCOUNT_DEACTIVATED } from './login.service.ts';

/** GET /auth/session: the web's session check (focus and every minute) that carries a plan change to every screen. */
describe('GET /auth/session', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());
  const session = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers });

  it('answers who the token belongs to, and a refreshed token once the plan or role changed', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const same = await session(user.headers);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ id: user.id, username: user.username, email: user.email, role: 'USER', subscriptionTier: 'FREE' });
    expect(same.headers[REFRESHED_TOKEN_HEADER.toLowerCase()]).toBeUndefined();

    await ctx.deps.db.execute("update organizations set subscription_tier = 'GROWTH' where id = $1", [user.organizationId]);
    const changed = await session(user.headers);
    expect(changed.json().subscriptionTier).toBe('GROWTH');
    const fresh = changed.headers[REFRESHED_TOKEN_HEADER.toLowerCase()] as string;
    expect(decodeJwt(fresh)).toMatchObject({ subscriptionTier: 'GROWTH', exp: decodeJwt(user.token).exp });
    expect((await session({ authorization: `Bearer ${fresh}` })).headers[REFRESHED_TOKEN_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('answers 401 for an ended session, with the reason for a deactivated account', async () => {
    const user = await createUser(ctx.deps);
    expect((await session({})).statusCode).toBe(401);
    await ctx.deps.db.execute('update users set active = false where id = $1', [user.id]);
    const res = await session(user.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ACCOUNT_DEACTIVATED);
  });
});
