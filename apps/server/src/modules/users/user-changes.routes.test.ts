import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESHED_TOKEN_HEADER } from '@dealradar/shared/contracts/plans';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createScanRow } from '../../../test/factories/scans.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import { ACCOUNT_DEACTIVATED } from '../auth/login.service.ts';
import { LAST_ADMIN_MESSAGE } from './user-changes.service.ts';

/** Admins edit, deactivate and delete users (docs/accounts.md "Editing, deactivating and deleting users"). */
describe('users management: edit and delete', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createUser(ctx.deps, { role: 'ADMIN' });
  });
  afterAll(async () => ctx.close());

  const put = (id: string, payload: unknown, headers = admin.headers) =>
    ctx.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers, payload: payload as object });
  const del = (id: string, headers = admin.headers) => ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers });
  const summary = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/users/${id}/deletion`, headers: admin.headers });
  const info = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/user/settings/info', headers });
  const login = (username: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('edits role, plan, active and organization in one call; the plan goes through the plans module', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const res = await put(user.id, { role: 'ADMIN', subscriptionTier: 'GROWTH', organizationName: '  Beauty Wholesale GmbH ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Changes to ${user.username} saved.`);
    expect(res.json().user).toMatchObject({
      id: user.id,
      role: 'ADMIN',
      active: true,
      organizationName: 'Beauty Wholesale GmbH',
      subscriptionTierName: 'GROWTH',
    });
    // A scheduled cancellation is cleared, as with every plan change by support.
    const org = await ctx.deps.db.one<{ subscription_tier: string; subscription_cancel_at: Date | null }>(
      'select subscription_tier, subscription_cancel_at from organizations where id = $1',
      [user.organizationId],
    );
    expect(org).toEqual({ subscription_tier: 'GROWTH', subscription_cancel_at: null });
    // The user's next call carries the new plan and role in a refreshed token.
    const status = await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers });
    expect(status.json().tier).toBe('GROWTH');
    expect(status.headers[REFRESHED_TOKEN_HEADER.toLowerCase()]).toBeTruthy();

    // The older API path keeps working.
    const old = await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/subscription-tier`, headers: admin.headers, payload: { tier: 'PRO' } });
    expect(old.statusCode).toBe(200);
    const back = await put(user.id, { role: 'USER' });
    expect(back.json().user).toMatchObject({ role: 'USER', subscriptionTierName: 'PRO' });
  });

  it('refuses bad input, the admin-only plan for a USER, unknown users and non-admins', async () => {
    const user = await createUser(ctx.deps);
    const cases: Array<[unknown, string]> = [
      [{}, 'Nothing to change.'],
      [{ role: 'ROOT' }, 'Role must be USER or ADMIN.'],
      [{ active: 'no' }, 'Active must be true or false.'],
      [{ organizationName: '  ' }, 'Organization is required'],
      [{ subscriptionTier: 'GOLD' }, 'Plan must be one of FREE, STARTER, GROWTH, PRO, prodtest.'],
      [{ subscriptionTier: 'prodtest' }, 'The prodtest plan is for administrators only.'],
    ];
    for (const [payload, error] of cases) {
      const res = await put(user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect((await put(user.id, { subscriptionTier: 'prodtest', role: 'ADMIN' })).statusCode).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await put(id, { active: false })).statusCode).toBe(404);
      expect((await del(id)).statusCode).toBe(404);
      expect((await summary(id)).json().error).toBe('User not found.');
    }
    const other = await createUser(ctx.deps);
    expect((await put(other.id, { role: 'ADMIN' }, user.headers)).statusCode).toBe(200); // user is an ADMIN now
    const plain = await createUser(ctx.deps);
    expect((await put(other.id, { active: false }, plain.headers)).statusCode).toBe(403);
    expect((await del(other.id, plain.headers)).statusCode).toBe(403);
  });

  it('deactivating ends every session at once; login says why; reactivating does not revive old sessions', async () => {
    const user = await createUser(ctx.deps);
    expect((await info(user.headers)).statusCode).toBe(200);
    const res = await put(user.id, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${user.username} has been deactivated and signed out everywhere.`);
    const session = await info(user.headers);
    expect(session.statusCode).toBe(401);
    expect(session.json().error).toBe(ACCOUNT_DEACTIVATED);
    const refused = await login(user.username, user.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(ACCOUNT_DEACTIVATED);

    ctx.clock.advance(2000);
    expect((await put(user.id, { active: true })).json().user.active).toBe(true);
    expect((await info(user.headers)).statusCode).toBe(401);
    const again = await login(user.username, user.password);
    expect(again.statusCode).toBe(200);
    expect((await info({ authorization: `Bearer ${again.json().token}` })).statusCode).toBe(200);
  });

  it('never leaves the product without an active administrator', async () => {
    const app2 = await buildTestApp();
    try {
      const only = await createUser(app2.deps, { role: 'ADMIN' });
      const call = (method: 'PUT' | 'DELETE', id: string, headers: Record<string, string>, payload?: object) =>
        app2.app.inject({ method, url: `/api/users/${id}`, headers, payload });
      for (const payload of [{ role: 'USER' }, { active: false }]) {
        const res = await call('PUT', only.id, only.headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(409);
        expect(res.json().error).toBe(LAST_ADMIN_MESSAGE);
      }
      expect((await call('DELETE', only.id, only.headers)).json().error).toBe(LAST_ADMIN_MESSAGE);
      // An inactive admin does not count.
      const dormant = await createUser(app2.deps, { role: 'ADMIN' });
      await app2.deps.db.execute('update users set active = false where id = $1', [dormant.id]);
      expect((await call('PUT', only.id, only.headers, { role: 'USER' })).statusCode).toBe(409);

      // With a second active admin, either may step down — but two admins demoting each other at the same moment
      // leave exactly one.
      const second = await createUser(app2.deps, { role: 'ADMIN' });
      const [a, b] = await Promise.all([call('PUT', second.id, only.headers, { role: 'USER' }), call('PUT', only.id, second.headers, { role: 'USER' })]);
      // The loser is refused as no longer an admin (403, when the winner committed first) or as the last admin (409).
      expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
      expect([a.statusCode, b.statusCode].find((s) => s !== 200)).toBeOneOf([403, 409]);
      const admins = await app2.deps.db.query<{ id: string }>("select id from users where role = 'ADMIN' and active");
      expect(admins).toHaveLength(1);

      // The remaining admin may delete the demoted one, and demote themselves once another admin exists.
      const remaining = admins[0]!.id === only.id ? only : second;
      const demoted = remaining === only ? second : only;
      expect((await call('DELETE', demoted.id, remaining.headers)).statusCode).toBe(200);
      await app2.deps.db.execute('update users set active = true where id = $1', [dormant.id]);
      expect((await call('PUT', remaining.id, remaining.headers, { role: 'USER' })).statusCode).toBe(200);
    } finally {
      await app2.close();
    }
  });

  it('deletion removes the user with their scans, deals, favorites and help requests, and their organization', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const bystander = await createUser(ctx.deps, { tier: 'GROWTH' });
    const now = ctx.clock.now();
    for (const owner of [user, bystander]) {
      const scanId = await createScanRow(ctx.deps, owner, { createdAt: now });
      await ctx.deps.db.execute(
        `insert into scan_results (scan_id, user_id, kind, market, ean, asin, min_roi, is_deal, breakdown, created_at, expires_at)
         values ($1, $2, 'supplier', 'DE', '4006170012345', 'B000TEST01', 0.15, true, '{}'::jsonb, $3, $3::timestamptz + interval '1 day')`,
        [scanId, owner.id, now],
      );
      await ctx.deps.db.execute(
        `insert into brand_favorites (user_id, ean, asin, market, currency, brand, supplier_name, supplier_price, amazon_price, estimated_profit, roi_percentage)
         values ($1, '4006170012345', 'B000TEST01', 'DE', 'EUR', 'Nivea', 'Qogita', 500, 1500, 300, 60)`,
        [owner.id],
      );
      await ctx.app.inject({ method: 'POST', url: '/api/help', headers: owner.headers, payload: { message: 'Where is my invoice?' } });
    }
    await ctx.deps.db.execute("insert into usage_counters (organization_id, metric, period_start, used) values ($1, 'ean_uploads', '2026-11-01', 40)", [
      user.organizationId,
    ]);

    const plan = await summary(user.id);
    expect(plan.statusCode).toBe(200);
    expect(plan.json()).toMatchObject({ user: { id: user.id }, organizationRemoved: true, otherMembers: 0, activeSubscription: false });
    const counts = Object.fromEntries(plan.json().removed.map((r: { table: string; count: number }) => [r.table, r.count]));
    expect(counts).toMatchObject({ scans: 1, scan_results: 1, brand_favorites: 1, help_requests: 1, brand_scans: 0 });
    expect(plan.json().removed.find((r: { table: string }) => r.table === 'scan_results').label).toBe('Deals and scan results');
    // Tables that only point at the user (kept, without them) are not in the list.
    expect(counts).not.toHaveProperty('market_data_imports');

    const res = await del(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: `${user.username} and their data have been deleted.`, organizationRemoved: true });
    for (const table of ['users', 'scans', 'scan_results', 'brand_favorites', 'help_requests']) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect((await ctx.deps.db.one<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [user.id])).n, table).toBe(0);
      expect((await ctx.deps.db.one<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [bystander.id])).n, table).toBe(1);
    }
    expect((await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from organizations where id = $1', [user.organizationId])).n).toBe(0);
    expect((await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from usage_counters where organization_id = $1', [user.organizationId])).n).toBe(0);
    expect((await info(user.headers)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await info(bystander.headers)).statusCode).toBe(200);
  });

  it('keeps an organization other members still use, and refuses while Paddle still bills it', async () => {
    const owner = await createUser(ctx.deps, { tier: 'PRO' });
    const colleague = await createUser(ctx.deps);
    await ctx.deps.db.execute('update users set organization_id = $2 where id = $1', [colleague.id, owner.organizationId]);
    const plan = (await summary(colleague.id)).json();
    expect(plan).toMatchObject({ organizationRemoved: false, otherMembers: 1 });
    expect((await del(colleague.id)).json().organizationRemoved).toBe(false);
    expect(
      (await ctx.deps.db.one<{ subscription_tier: string }>('select subscription_tier from organizations where id = $1', [owner.organizationId]))
        .subscription_tier,
    ).toBe('PRO');

    await ctx.deps.db.execute("update organizations set subscription_status = 'active', paddle_subscription_id = 'sub_1' where id = $1", [
      owner.organizationId,
    ]);
    expect((await summary(owner.id)).json().activeSubscription).toBe(true);
    const refused = await del(owner.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `${owner.username}'s organization still pays for the PRO plan through Paddle. Cancel the subscription in Paddle first, or deactivate the user instead.`,
    );
    // Canceled at the end of the period: it no longer renews, so the account may go.
    await ctx.deps.db.execute('update organizations set subscription_cancel_at = $2 where id = $1', [
      owner.organizationId,
      new Date(ctx.clock.now().getTime() + 86_400_000),
    ]);
    expect((await del(owner.id)).statusCode).toBe(200);
  });

  it('every table pointing at a user either goes with them or only loses the reference', async () => {
    // A new table referencing users without "on delete cascade" or "set null" would make deletion fail: decide it there.
    const refs = await ctx.deps.db.query<{ table: string; rule: string }>(
      `select t.relname as "table", c.confdeltype as rule from pg_constraint c join pg_class t on t.oid = c.conrelid
        where c.contype = 'f' and c.confrelid = 'users'::regclass`,
    );
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(['c', 'n'], ref.table).toContain(ref.rule);
  });
});
