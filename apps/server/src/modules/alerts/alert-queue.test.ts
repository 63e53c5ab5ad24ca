import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { waitFor } from '../../../test/wait-for.ts';

/** The deliveries as durable pg-boss jobs: a webhook that fails twice with 500 is retried with back-off and then sent. */
describe('alert deliveries on the job queue', () => {
  let ctx: TestContext;
  let server: http.Server;
  const statuses = [500, 500];
  const arrivals: number[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        arrivals.push(Date.now());
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx = await buildTestApp({ withQueue: true, env: { ALERT_WEBHOOK_ALLOW_PRIVATE: 'true', ALERT_RETRY_LIMIT: '3', ALERT_RETRY_DELAY_SECONDS: '1' } });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('retries a failing webhook with growing delays until it is sent', async () => {
    const user = await createUser(ctx.deps, { tier: 'GROWTH' });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const rule = await ctx.app.inject({
      method: 'POST',
      url: '/api/alerts/rules',
      headers: user.headers,
      payload: { name: 'Hook', channel: 'webhook', webhookUrl: url },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const test = await ctx.app.inject({ method: 'POST', url: `/api/alerts/rules/${rule.json().id}/test`, headers: user.headers });
    expect(test.statusCode).toBe(202);
    let last: { status: string; attempts: number } | undefined;
    const delivery = await waitFor(
      async () => {
        last = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/deliveries', headers: user.headers })).json()[0];
        return last?.status === 'sent' ? last : undefined;
      },
      45_000,
      () => `the delivery to be sent (last ${JSON.stringify(last)})`,
    );
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3 });
    expect(arrivals).toHaveLength(3);
    // Back-off: the second retry waited longer than the first (retryDelay 1 s, doubling, with jitter).
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(900);
  }, 60_000);
});
