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

  it('users see their own messages with the answers; an admin answers once and the user gets it by e-mail', async () => {
    const carla = await createUser(ctx.deps);
    const dave = await createUser(ctx.deps);
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const asked = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/help',
        headers: carla.headers,
        payload: { message: 'Why is my ROI lower than expected?\nScan from Monday.' },
      })
    ).json();
    expect(asked).toMatchObject({ answer: null, answeredAt: null });
    await ctx.app.inject({ method: 'POST', url: '/api/help', headers: dave.headers, payload: { message: 'Dave asks something' } });

    const mine = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/help/mine', headers })).json() as Array<{ id: string; message: string; answer: string | null }>;
    expect((await mine(carla.headers)).map((r) => r.message)).toEqual(['Why is my ROI lower than expected?\nScan from Monday.']);

    const answer = (id: string, body: unknown, headers = admin.headers) =>
      ctx.app.inject({ method: 'POST', url: `/api/help/${id}/answer`, headers, payload: body as object });
    expect((await answer(asked.id, { answer: 'Nice try' }, carla.headers)).statusCode).toBe(403);
    expect((await answer(asked.id, { answer: '  ' })).json().error).toBe('Answer is required');
    ctx.clock.advance(3_600_000);
    const res = await answer(asked.id, { answer: 'The ROI uses the fees of the day.\nSee Help / Docs → Profit and ROI.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Answer sent to ${carla.username} by e-mail.`,
      emailSent: true,
      request: { id: asked.id, answer: 'The ROI uses the fees of the day.\nSee Help / Docs → Profit and ROI.', answeredAt: ctx.clock.now().toISOString() },
    });
    const mail = ctx.mailer.lastTo(carla.email)!;
    expect(mail.subject).toBe('DealRadar support has answered your message');
    expect(mail.text).toContain('The ROI uses the fees of the day.');
    expect(mail.text).toContain('> Why is my ROI lower than expected?');
    expect(mail.links?.[0]).toMatch(/\/help$/);
    expect((await mine(carla.headers))[0]!.answer).toBe('The ROI uses the fees of the day.\nSee Help / Docs → Profit and ROI.');
    expect((await mine(dave.headers))[0]!.answer).toBeNull();
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/help', headers: admin.headers })).json() as Array<{ id: string; answer: string | null }>;
    expect(all.find((r) => r.id === asked.id)!.answer).toContain('fees of the day');

    const again = await answer(asked.id, { answer: 'A second answer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This request has already been answered.');
    expect((await answer('00000000-0000-4000-8000-000000000000', { answer: 'x' })).statusCode).toBe(404);
    expect((await answer('nope', { answer: 'x' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/help/mine' })).statusCode).toBe(401);
  });

  it('keeps an answer whose e-mail fails, and says so', async () => {
    const erin = await createUser(ctx.deps);
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const asked = (await ctx.app.inject({ method: 'POST', url: '/api/help', headers: erin.headers, payload: { message: 'Hello?' } })).json();
    const send = ctx.mailer.send.bind(ctx.mailer);
    ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/help/${asked.id}/answer`, headers: admin.headers, payload: { answer: 'Hi Erin' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        emailSent: false,
        message: `The answer is saved and shown to ${erin.username} under Help, but the e-mail could not be sent.`,
      });
    } finally {
      ctx.mailer.send = send;
    }
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/help/mine', headers: erin.headers })).json();
    expect(mine[0].answer).toBe('Hi Erin');
  });
});
