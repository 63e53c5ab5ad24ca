import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';

describe('first admin from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { ADMIN_USERNAME: 'root_admin', ADMIN_EMAIL: 'Root@Example.test', ADMIN_PASSWORD: 'root-password-1' } });
  });
  afterAll(async () => ctx.close());

  it('creates a confirmed admin on the admin plan who can log in and use admin calls', async () => {
    await bootstrapAdmin(ctx.deps);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'root_admin', password: 'root-password-1' } });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
    const info = await ctx.app.inject({ method: 'GET', url: '/api/user/settings/info', headers });
    expect(info.json()).toMatchObject({ username: 'root_admin', email: 'root@example.test', role: 'ADMIN', active: true });
    const row = await ctx.deps.db.one<{ subscription_tier: string }>(
      `select o.subscription_tier from users u join organizations o on o.id = u.organization_id where u.username = 'root_admin'`,
    );
    expect(row.subscription_tier).toBe('prodtest');
  });

  it('is idempotent: a second start creates nothing and keeps a changed password', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'root@example.test' } });
    const link = ctx.mailer.lastTo('root@example.test')!.links![0]!;
    const token = decodeURIComponent(link.split('token=')[1]!);
    ctx.clock.advance(2000);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'changed-password' } })).statusCode).toBe(200);

    await bootstrapAdmin(ctx.deps);
    await bootstrapAdmin(ctx.deps);
    const count = await ctx.deps.db.one<{ n: number }>(`select count(*)::int as n from users where lower(username) = 'root_admin'`);
    expect(count.n).toBe(1);
    const orgs = await ctx.deps.db.one<{ n: number }>(`select count(*)::int as n from organizations where name = 'root_admin (admin)'`);
    expect(orgs.n).toBe(1);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'root_admin', password: 'changed-password' } })).statusCode,
    ).toBe(200);
  });

  it('does nothing when the variables are not all set', async () => {
    const before = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from users');
    await bootstrapAdmin({ ...ctx.deps, config: loadConfig({ ADMIN_USERNAME: 'half_admin', ADMIN_EMAIL: 'half@example.test' }) });
    const after = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from users');
    expect(after.n).toBe(before.n);
  });
});
