import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { CONFIRM_PASSWORD_PREFIX, tokenFromLink } from '../../../test/account-helpers.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';

describe('users management (admin)', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createUser(ctx.deps, { role: 'ADMIN', username: 'boss_admin' });
  });
  afterAll(async () => ctx.close());

  const list = (query: string, headers = admin.headers) => ctx.app.inject({ method: 'GET', url: `/api/users${query}`, headers });

  it('pages, searches and filters users with the row fields of SPEC §3', async () => {
    const zara = await createUser(ctx.deps, { username: 'zara_smith', tier: 'PRO' });
    await createUser(ctx.deps, { username: 'percent%user' });
    const inactive = await createUser(ctx.deps, { username: 'sleepy_sam' });
    await ctx.deps.db.execute('update users set active = false where id = $1', [inactive.id]);
    await ctx.deps.db.execute(`update organizations set paddle_customer_id = 'ctm_123' where id = $1`, [zara.organizationId]);
    await ctx.app.inject({ method: 'GET', url: '/api/user/settings', headers: zara.headers });

    const all = await list('?page=0&size=100');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ totalElements: 4, totalPages: 1 });
    const row = all.json().content.find((r: { username: string }) => r.username === 'zara_smith');
    expect(row).toEqual({
      id: zara.id,
      username: 'zara_smith',
      email: zara.email,
      role: 'USER',
      active: true,
      organizationName: 'zara_smith Ltd',
      subscriptionTierName: 'PRO',
      paddleCustomerId: 'ctm_123',
      lastActiveAt: ctx.clock.now().toISOString(),
    });

    expect((await list('?search=ZARA')).json().content.map((r: { username: string }) => r.username)).toEqual(['zara_smith']);
    expect((await list('?search=%25')).json().content.map((r: { username: string }) => r.username)).toEqual(['percent%user']);
    expect((await list('?role=ADMIN')).json().content.map((r: { username: string }) => r.username)).toEqual(['boss_admin']);
    expect((await list('?active=false')).json().content.map((r: { username: string }) => r.username)).toEqual(['sleepy_sam']);
    expect((await list('?active=true&role=USER&search=')).json().totalElements).toBe(2);

    const page = await list('?page=1&size=3');
    expect(page.json()).toMatchObject({ totalElements: 4, totalPages: 2 });
    expect(page.json().content).toHaveLength(1);
    const beyond = await list('?page=5&size=3');
    expect(beyond.json()).toMatchObject({ content: [], totalElements: 4, totalPages: 2 });
  });

  it('refuses bad filters with 400', async () => {
    for (const q of ['?role=ROOT', '?active=maybe', '?page=-1', '?size=0', '?size=101', '?page=abc']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('non-admins get 403 and anonymous callers 401', async () => {
    const user = await createUser(ctx.deps);
    expect((await list('', user.headers)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/users/invite', headers: user.headers, payload: { username: 'x_y_z', email: 'x@example.test' } }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it('an admin demoted in the database loses access at once (role is read fresh)', async () => {
    const other = await createUser(ctx.deps, { role: 'ADMIN' });
    expect((await list('', other.headers)).statusCode).toBe(200);
    await ctx.deps.db.execute(`update users set role = 'USER' where id = $1`, [other.id]);
    expect((await list('', other.headers)).statusCode).toBe(403);
  });

  it('invites a user: no password yet, a confirm-password e-mail; inviting again resends; taken identities 409', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: admin.headers,
      payload: { username: 'new_hire', email: 'New.Hire@example.test', organization: 'Hire Co', role: 'ADMIN' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Invitation sent to new.hire@example.test.',
      user: {
        username: 'new_hire',
        email: 'new.hire@example.test',
        role: 'ADMIN',
        organizationName: 'Hire Co',
        subscriptionTierName: 'FREE',
        lastActiveAt: null,
      },
    });
    const mail = ctx.mailer.lastTo('new.hire@example.test')!;
    expect(mail.text).toContain(CONFIRM_PASSWORD_PREFIX);
    expect(mail.html).toContain(CONFIRM_PASSWORD_PREFIX);
    const firstToken = tokenFromLink(mail, CONFIRM_PASSWORD_PREFIX);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'new_hire', password: 'anything-at-all' } });
    expect(login.statusCode).toBe(401);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: admin.headers,
      payload: { username: 'new_hire', email: 'new.hire@example.test' },
    });
    expect(again.statusCode).toBe(201);
    const secondToken = tokenFromLink(ctx.mailer.lastTo('new.hire@example.test'), CONFIRM_PASSWORD_PREFIX);
    expect(secondToken).not.toBe(firstToken);

    const set = await ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-password', payload: { token: secondToken, newPassword: 'my-own-password' } });
    expect(set.statusCode).toBe(200);
    // the older invitation link no longer works once a password is set
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-password', payload: { token: firstToken, newPassword: 'other-password' } })).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'new_hire', password: 'my-own-password' } })).statusCode).toBe(
      200,
    );

    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: admin.headers,
      payload: { username: 'new_hire', email: 'new.hire@example.test' },
    });
    expect(taken.statusCode).toBe(409);
    const takenName = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: admin.headers,
      payload: { username: 'boss_admin', email: 'someone@example.test' },
    });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json().error).toBe('This username is already taken.');
  });

  it('validates the invitation', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/invite', headers: admin.headers, payload: { username: 'ok_name', email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please enter a valid email address.');
    const role = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: admin.headers,
      payload: { username: 'ok_name', email: 'ok@example.test', role: 'ROOT' },
    });
    expect(role.statusCode).toBe(400);
  });
});
