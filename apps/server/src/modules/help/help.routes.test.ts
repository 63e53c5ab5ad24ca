import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';

describe('help requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('users send messages; admins list them newest first with the sender', async () => {
    const alice = await createUser(ctx.deps);
    const bob = await createUser(ctx.deps);
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const first = await ctx.app.inject({ method: 'POST', url: '/api/help', headers: alice.headers, payload: { message: 'How do I upload a CSV?\nThanks' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'How do I upload a CSV?\nThanks', senderUsername: alice.username, sender: { username: alice.username } });
    ctx.clock.advance(60_000);
    await ctx.app.inject({ method: 'POST', url: '/api/help', headers: bob.headers, payload: { message: 'Billing question' } });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/help', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const items = list.json() as Array<{ id: string; message: string; createdAt: string; senderUsername: string; sender: { username: string } }>;
    expect(items.map((i) => i.senderUsername)).toEqual([bob.username, alice.username]);
    expect(items[0]).toMatchObject({ message: 'Billing question', sender: { username: bob.username } });
    expect(new Date(items[1]!.createdAt).toISOString()).toBe(items[1]!.createdAt);
  });

  it('refuses an empty message, non-admin listing (403) and anonymous calls (401)', async () => {
    const user = await createUser(ctx.deps);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/help', headers: user.headers, payload: { message: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Message is required');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/help', headers: user.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/help' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/help', payload: { message: 'hi there' } })).statusCode).toBe(401);
  });
});
