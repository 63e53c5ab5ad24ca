import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './build-test-app.ts';
import { createUser } from './factories/users.ts';

describe('auth guards (plugins/auth.ts)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  const lastActive = async (id: string) =>
    (await ctx.deps.db.one<{ last_active_at: Date | null }>('select last_active_at from users where id = $1', [id])).last_active_at?.toISOString() ?? null;
  const touch = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/user/settings', headers });

  it('records lastActiveAt on authenticated activity, at most once per 5 minutes', async () => {
    const user = await createUser(ctx.deps);
    expect(await lastActive(user.id)).toBeNull();
    const t0 = ctx.clock.now().toISOString();
    expect((await touch(user.headers)).statusCode).toBe(200);
    expect(await lastActive(user.id)).toBe(t0);

    ctx.clock.advance(4 * 60 * 1000);
    await touch(user.headers);
    expect(await lastActive(user.id)).toBe(t0);

    ctx.clock.advance(2 * 60 * 1000);
    const t1 = ctx.clock.now().toISOString();
    await touch(user.headers);
    expect(await lastActive(user.id)).toBe(t1);
  });

  it('does not record activity for refused requests', async () => {
    const user = await createUser(ctx.deps);
    await touch({ authorization: `Bearer ${user.token}x` });
    expect(await lastActive(user.id)).toBeNull();
  });

  it('refuses tokens of an older session version (password changed elsewhere)', async () => {
    const user = await createUser(ctx.deps);
    await ctx.deps.db.execute('update users set session_version = session_version + 1 where id = $1', [user.id]);
    expect((await touch(user.headers)).statusCode).toBe(401);
  });

  it('refuses a token whose user no longer exists', async () => {
    const user = await createUser(ctx.deps);
    await ctx.deps.db.execute('delete from users where id = $1', [user.id]);
    const res = await touch(user.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Your session has expired. Please log in again.');
  });
});
