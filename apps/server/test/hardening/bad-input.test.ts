import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaddlePayload } from '../../src/modules/plans/paddle-signature.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { multipart } from '../scans/helpers.ts';

const PADDLE_SECRET = 'pdl_ntfset_01HARDENINGSECRET';
const NUL = '\u0000';

/** Every route of the app as [method, path] (HEAD left out), read from Fastify's route tree. */
function listRoutes(ctx: TestContext): Array<[string, string]> {
  const tree = ctx.app.printRoutes({ commonPrefix: false });
  const stack: Array<{ depth: number; path: string }> = [];
  const routes: Array<[string, string]> = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD') routes.push([method, path]);
    }
  }
  return routes;
}

const withNulParams = (path: string) => path.replace(/:[A-Za-z]+/g, 'a%00b');
/** A sentence for a user (SPEC texts such as 'Invalid selection' end without a full stop), not a stack trace. */
const isSentence = (error: unknown) => typeof error === 'string' && /^\S.*[.!?]$/.test(error) && !/\bat \S+ \(/.test(error);

describe('bad input answers 400 with a sentence, never 500', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let routes: Array<[string, string]>;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { PADDLE_WEBHOOK_SECRET: PADDLE_SECRET } });
    ctx.clock.set('2026-03-02T10:00:00Z');
    admin = await createUser(ctx.deps, { role: 'ADMIN' });
    routes = listRoutes(ctx);
  });
  afterAll(async () => ctx.close());

  it('finds the routes to probe', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual(['POST', '/api/auth/login']);
    expect(routes).toContainEqual(['PUT', '/api/admin/users/:userId/usage']);
  });

  it('refuses a NUL byte in a path parameter of every route with one sentence (logged in or not)', async () => {
    for (const [method, path] of routes.filter(([, p]) => p.includes(':'))) {
      for (const headers of [admin.headers, {}]) {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: withNulParams(path),
          headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${path}`).toBe(400);
        expect(res.json(), `${method} ${path}`).toMatchObject({ error: 'The request contains a NUL character, which is not allowed.', code: 'validation' });
      }
    }
  });

  it('answers no 500 for a path parameter that is not an id (wrong shape, 100 characters, quotes, emoji)', async () => {
    for (const [method, path] of routes.filter(([, p]) => p.includes(':'))) {
      for (const value of ['not-an-id', 'x'.repeat(100), "1'%20or%20'1'='1", '%F0%9F%92%A5', '-1', '99999999999999999999999']) {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: path.replace(/:[A-Za-z]+/g, value),
          headers: admin.headers,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${path} with ${value.slice(0, 20)}`).toBeLessThan(500);
        expect(res.json().error, `${method} ${path} with ${value.slice(0, 20)}`).toEqual(expect.any(String));
      }
    }
  });

  it('refuses a NUL byte in the query string of every route', async () => {
    for (const [method, path] of routes) {
      const url = `${withNulParams(path).replace(/a%00b/g, 'x')}?search=%00&brands=a%00&token=a%00b&page=0`;
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: admin.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error, `${method} ${url}`).toBe('The request contains a NUL character, which is not allowed.');
    }
  });

  it('refuses a NUL byte anywhere in a JSON body of every route that takes one', async () => {
    const body = {
      username: `a${NUL}b`,
      password: `pass${NUL}word`,
      email: `a${NUL}@example.test`,
      organization: `Org${NUL}`,
      message: `Help${NUL}`,
      ean: `4006381333931${NUL}`,
      asin: 'B000000001',
      name: 'n',
      brand: `b${NUL}`,
      numberOfPacks: 1,
      token: `t${NUL}`,
      newPassword: 'x',
      nested: { deep: [`a${NUL}`] },
    };
    for (const [method, path] of routes.filter(([m]) => m === 'POST' || m === 'PUT')) {
      if (path === '/api/billing/paddle/webhook') continue;
      const res = await ctx.app.inject({ method: method as 'POST', url: withNulParams(path).replace(/a%00b/g, 'x'), headers: admin.headers, payload: body });
      expect(res.statusCode, `${method} ${path}`).toBe(400);
      expect(res.json().error, `${method} ${path}`).toBe('The request contains a NUL character, which is not allowed.');
    }
    // also as a key, and before any login (the probe's first finding)
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: `a${NUL}b`, password: 'whatever-password' } });
    expect(login.statusCode).toBe(400);
    const key = await ctx.app.inject({ method: 'POST', url: '/api/help', headers: admin.headers, payload: { [`mes${NUL}sage`]: 'hello' } });
    expect(key.statusCode).toBe(400);
  });

  it('refuses a NUL byte in a multipart field or file name on every upload route', async () => {
    const uploads = ['/api/supplier-analyzer/start', '/api/catalog/scan/start', '/api/market-data/imports'];
    const csv = 'ean;brand;price\n4006381333931;Nivea;2.50\n';
    for (const url of uploads) {
      const inField = multipart(
        { marketId: `DE${NUL}`, eanColumn: 'ean', brandColumn: 'brand', priceColumn: 'price', market: `DE${NUL}` },
        { name: 'list.csv', content: csv },
      );
      const inName = multipart({ marketId: 'DE', eanColumn: 'ean', brandColumn: 'brand', priceColumn: 'price' }, { name: `li${NUL}st.csv`, content: csv });
      const inFieldName = multipart({ [`market${NUL}Id`]: 'DE' }, { name: 'list.csv', content: csv });
      for (const [what, body] of [
        ['field', inField],
        ['file name', inName],
        ['field name', inFieldName],
      ] as const) {
        const res = await ctx.app.inject({ method: 'POST', url, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
        expect(res.statusCode, `${url} ${what}`).toBe(400);
        expect(res.json().error, `${url} ${what}`).toBe('The request contains a NUL character, which is not allowed.');
      }
    }
  });

  it('answers 400 for overlong values everywhere; a 3,000-character username at login is a 400, not a 500', async () => {
    const long = 'a'.repeat(3000);
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/auth/login', { username: long, password: 'whatever-password' }],
      ['POST', '/api/auth/login', { username: 'someone', password: long }],
      ['POST', '/api/auth/register', { username: 'someone', email: 'someone@example.test', password: 'a-good-password', organization: long }],
      ['POST', '/api/auth/forgot-password', { email: `${long}@example.test` }],
      ['POST', '/api/auth/reset-password', { token: long, password: 'a-good-password' }],
      ['POST', '/api/auth/confirm-password', { token: long, newPassword: 'a-good-password' }],
      ['POST', '/api/help', { message: 'x'.repeat(20_001) }],
      ['POST', '/api/ean-asin-mapping', { ean: '4006381333931', asin: 'B000000001', name: long, brand: 'b', numberOfPacks: 1 }],
      ['POST', '/api/users/invite', { username: 'someone', email: 'someone@example.test', organization: long }],
      ['GET', `/api/auth/confirm?token=${long}`, undefined],
      ['GET', `/api/users?search=${long}`, undefined],
      ['GET', `/api/price-alerts/price-drops?search=${long}`, undefined],
      ['GET', `/api/price-alerts/price-drops?brand=${long}`, undefined],
      ['GET', `/api/supplier-analyzer/results?brands=${long}`, undefined],
      ['GET', `/api/brand-analyzer/favorites?brands=${long}`, undefined],
      ['POST', `/api/brand-analyzer/scan?brands=${long}&markets=DE`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: admin.headers, payload: payload as never });
      expect(res.statusCode, `${method} ${url.slice(0, 60)}`).toBe(400);
      expect(isSentence(res.json().error), `${method} ${url.slice(0, 60)}: ${res.json().error}`).toBe(true);
    }
  });

  it('takes the longest values a real user sends: a long supplier file name, organization name and a help message of several paragraphs', async () => {
    const organization = 'Beauty & Personal Care Wholesale Distribution International GmbH & Co. KG – Niederlassung Nordrhein-Westfalen';
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'longorg.user', email: 'longorg@example.test', password: 'a-good-password', organization },
    });
    expect(reg.statusCode).toBe(201);
    const paragraph = 'Our supplier list from last week did not produce the deals I expected. The file has 4,812 rows, '.repeat(8);
    const message = Array.from({ length: 12 }, () => paragraph).join('\n\n');
    expect(message.length).toBeGreaterThan(9000);
    const user = await createUser(ctx.deps);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/help', headers: user.headers, payload: { message } })).statusCode).toBe(201);
    const fileName = `${'Keepa_Export_2026_03_01_Beauty_Personal_Care_Germany_Bestsellers_'.repeat(3)}final.csv`;
    expect(fileName.length).toBeGreaterThan(200);
    const body = multipart(
      { marketId: 'DE', eanColumn: 'ean', brandColumn: 'brand', priceColumn: 'price' },
      { name: fileName, content: 'ean;brand;price\n4006381333931;Nivea;2.50\n' },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
  });

  describe('malformed multipart answers 400 on every upload route', () => {
    const uploads = ['/api/supplier-analyzer/start', '/api/catalog/scan/start', '/api/market-data/imports'];
    const good = () =>
      multipart(
        { marketId: 'DE', eanColumn: 'ean', brandColumn: 'brand', priceColumn: 'price' },
        { name: 'list.csv', content: 'ean;brand;price\n4006381333931;Nivea;2.50\n' },
      );
    const cases: Array<[string, () => { payload: Buffer; headers: Record<string, string> }]> = [
      ['no boundary', () => ({ payload: good().payload, headers: { 'content-type': 'multipart/form-data' } })],
      ['a wrong boundary', () => ({ payload: good().payload, headers: { 'content-type': 'multipart/form-data; boundary=not-the-one' } })],
      [
        'a truncated body',
        () => {
          const body = good();
          return { payload: body.payload.subarray(0, body.payload.length - 40), headers: body.headers };
        },
      ],
      [
        'a body cut inside the part headers',
        () => {
          const body = good();
          return { payload: body.payload.subarray(0, 30), headers: body.headers };
        },
      ],
      ['garbage', () => ({ payload: Buffer.from('this is not multipart at all'), headers: { 'content-type': 'multipart/form-data; boundary=xyz' } })],
    ];
    for (const url of uploads) {
      for (const [what, make] of cases) {
        it(`${url}: ${what}`, async () => {
          const body = make();
          const res = await ctx.app.inject({ method: 'POST', url, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
          expect(res.statusCode).toBe(400);
          expect(isSentence(res.json().error), res.json().error).toBe(true);
        });
      }
    }
  });

  describe('Paddle webhook', () => {
    const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);
    const post = (body: string, ts: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/billing/paddle/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'paddle-signature': signPaddlePayload(body, PADDLE_SECRET, ts) },
      });
    const event = (eventId: string) =>
      JSON.stringify({
        event_id: eventId,
        event_type: 'subscription.updated',
        occurred_at: ctx.clock.now().toISOString(),
        data: { id: 'sub_x', status: 'active' },
      });

    it('refuses a signature timestamp beyond the tolerance in the future as in the past', async () => {
      expect((await post(event('evt_future_far'), nowSeconds() + 3600)).statusCode).toBe(401);
      expect((await post(event('evt_future_6'), nowSeconds() + 6)).statusCode).toBe(401);
      expect((await post(event('evt_past_6'), nowSeconds() - 6)).statusCode).toBe(401);
      expect((await post(event('evt_future_5'), nowSeconds() + 5)).statusCode).toBe(200);
      expect((await post(event('evt_past_5'), nowSeconds() - 5)).statusCode).toBe(200);
    });

    it('answers 400 (not 500) for a NUL in event_id or anywhere in the event', async () => {
      const res = await post(event(`evt_${NUL}`), nowSeconds());
      expect(res.statusCode).toBe(400);
      expect(isSentence(res.json().error)).toBe(true);
      const deep = JSON.stringify({
        event_id: 'evt_deep_nul',
        event_type: 'subscription.updated',
        occurred_at: ctx.clock.now().toISOString(),
        data: { id: `sub_${NUL}`, custom_data: { userId: `u${NUL}` } },
      });
      expect((await post(deep, nowSeconds())).statusCode).toBe(400);
      expect((await post(event('e'.repeat(5000)), nowSeconds())).statusCode).toBe(400);
    });
  });
});
