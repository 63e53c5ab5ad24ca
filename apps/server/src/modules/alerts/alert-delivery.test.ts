import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import { createMailer } from '../../deps.ts';
import { alertDeliveries } from '../../lib/metrics.ts';
import { deliverOne } from './alert-dispatch.service.ts';
import { postWebhook } from './webhook-sender.ts';
import { SIGNATURE_HEADER, signWebhook, verifyWebhook } from './webhook-signature.ts';
import { checkWebhookUrl, isPrivateAddress } from './webhook-target.ts';

interface Received {
  path: string;
  body: string;
  signature: string | undefined;
}

/** A local webhook receiver: answers with `nextStatus` (or hangs when 'hang') and keeps what arrived. */
function startReceiver() {
  const received: Received[] = [];
  const state = { statuses: [] as Array<number | 'hang'> };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body, signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined });
      const status = state.statuses.shift() ?? 200;
      if (status === 'hang') return;
      res.writeHead(status).end();
    });
  });
  return { server, received, state };
}

describe('alert delivery: e-mail, webhooks, retries, SSRF, unsubscribe, plan checks', () => {
  let ctx: TestContext;
  let user: TestUser;
  let free: TestUser;
  let smtp: SMTPServer;
  const mails: string[] = [];
  const receiver = startReceiver();
  let hookUrl: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          mails.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hook`;
    ctx = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    ctx.deps.mailer = createMailer(ctx.deps.config, ctx.deps.log);
    user = await createUser(ctx.deps, { tier: 'PRO' });
    free = await createUser(ctx.deps, { tier: 'FREE' });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.state.statuses = [];
  });

  const createRule = async (payload: Record<string, unknown>) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: { name: 'Rule', ...payload } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const test = async (ruleId: number) => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/alerts/rules/${ruleId}/test`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as { id: number; status: string };
  };
  const logOf = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/alerts/deliveries', headers: user.headers })).json() as Array<{
      id: number;
      status: string;
      error: string | null;
      attempts: number;
    }>;

  it('FREE and STARTER get 403 with the upgrade sentence on every alert call', async () => {
    const starter = await createUser(ctx.deps, { tier: 'STARTER' });
    for (const u of [free, starter]) {
      for (const [method, url] of [
        ['GET', '/api/alerts/rules'],
        ['POST', '/api/alerts/rules'],
        ['GET', '/api/alerts/deliveries'],
        ['GET', '/api/alerts/channels'],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: u.headers, payload: method === 'POST' ? { name: 'x', channel: 'email' } : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toBe('Price-drop alerts are available on the Growth and Pro plans. Please upgrade to set up alerts.');
      }
    }
    const admin = await createUser(ctx.deps, { role: 'ADMIN', tier: 'FREE' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/alerts/rules', headers: admin.headers })).statusCode).toBe(200);
  });

  it('bad rules answer 400 with a sentence', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'sms' }, 'The channel must be email or webhook.'],
      [{ channel: 'webhook' }, 'A webhook rule needs a webhook URL.'],
      [{ channel: 'webhook', webhookUrl: 'ftp://example.com/x' }, 'The webhook URL must start with http:// or https://.'],
      [{ channel: 'email', minDropPercentage: -1 }, 'The minimum drop cannot be negative.'],
      [{ channel: 'email', categories: ['BIG'] }, 'Unknown drop category.'],
    ];
    for (const [payload, error] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: { name: 'x', ...payload } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('a rule is edited with the same fields and checks as a new one; it keeps its pause state and looks at every drop again', async () => {
    const rule = await createRule({ channel: 'email', minDropPercentage: 10, brands: ['Nivea'] });
    const put = (id: number | string, payload: Record<string, unknown>, who = user) =>
      ctx.app.inject({ method: 'PUT', url: `/api/alerts/rules/${id}`, headers: who.headers, payload });
    await ctx.app.inject({ method: 'PATCH', url: `/api/alerts/rules/${rule.id}`, headers: user.headers, payload: { paused: true } });
    await ctx.deps.db.execute('update alert_rules set evaluated_at = now() where id = $1', [rule.id]);
    const edited = await put(rule.id, {
      name: 'Edited',
      channel: 'webhook',
      webhookUrl: hookUrl,
      webhookFormat: 'slack',
      minDropPercentage: 25,
      minRoiPercentage: 30,
      roiMarkets: ['UK'],
      categories: ['LARGE'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: rule.id,
      name: 'Edited',
      channel: 'webhook',
      webhookFormat: 'slack',
      minDropPercentage: 25,
      minRoiPercentage: 30,
      roiMarkets: ['UK'],
      categories: ['LARGE'],
      brands: [],
      paused: true,
      emailUnsubscribed: false,
    });
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/rules', headers: user.headers })).json() as Array<{ id: number; name: string }>;
    expect(listed.find((r) => r.id === rule.id)?.name).toBe('Edited');
    const stored = await ctx.deps.db.one<{ evaluatedAt: Date | null }>('select evaluated_at as "evaluatedAt" from alert_rules where id = $1', [rule.id]);
    expect(stored.evaluatedAt).toBeNull();
    // The same checks as a new rule; another user's rule and unknown ids are 404; FREE is 403.
    expect((await put(rule.id, { name: 'x', channel: 'webhook' })).json().error).toBe('A webhook rule needs a webhook URL.');
    expect((await put(rule.id, { name: '', channel: 'email' })).json().error).toBe('Name is required.');
    const other = await createUser(ctx.deps, { tier: 'PRO' });
    expect((await put(rule.id, { name: 'Mine', channel: 'email' }, other)).statusCode).toBe(404);
    expect((await put(99999999, { name: 'Mine', channel: 'email' })).statusCode).toBe(404);
    expect((await put(rule.id, { name: 'Mine', channel: 'email' }, free)).statusCode).toBe(403);
  });

  it('an e-mail test message goes through SMTP with List-Unsubscribe and is logged as sent', async () => {
    const rule = await createRule({ channel: 'email' });
    const queued = await test(rule.id);
    expect(queued.status).toBe('queued');
    await expect(deliverOne(ctx.deps, queued.id, { lastAttempt: false })).resolves.toBe('sent');
    // Long header lines are folded (RFC 5322); unfold them before reading.
    const raw = mails.at(-1)!.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^Subject: DealRadar test alert/m);
    expect(raw).toMatch(/^List-Unsubscribe: +<http:\/\/app\.test\/api\/alerts\/unsubscribe\?u=/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect((await logOf()).find((d) => d.id === queued.id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
  });

  it('the signed unsubscribe link works without login; a forged one is refused; alert e-mails then stop', async () => {
    const rule = await createRule({ channel: 'email' });
    const queued = await test(rule.id);
    await deliverOne(ctx.deps, queued.id, { lastAttempt: false });
    const link = /List-Unsubscribe: *<([^>]+)>/.exec(mails.at(-1)!.replace(/\r?\n[ \t]+/g, ''))![1]!;
    const url = new URL(link);
    const forged = await ctx.app.inject({ method: 'GET', url: `${url.pathname}?u=${url.searchParams.get('u')}&s=alerts&t=forged` });
    expect(forged.statusCode).toBe(404);
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are unsubscribed');
    // In the product's look, saying where to switch them back on.
    expect(page.body).toContain('data-testid="unsubscribed-card"');
    expect(page.body).toContain('<a class="button" href="http://app.test/qogita-price-alerts/alerts">Open Alert rules</a>');
    const channels = await ctx.app.inject({ method: 'GET', url: '/api/alerts/channels', headers: user.headers });
    expect(channels.json().emailUnsubscribed).toBe(true);
    // The e-mail rules say they are unsubscribed; a webhook rule is not concerned.
    const hook = await createRule({ channel: 'webhook', webhookUrl: hookUrl });
    const rulesNow = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/alerts/rules', headers: user.headers })).json() as Array<{ id: number; emailUnsubscribed: boolean }>;
    expect((await rulesNow()).find((r) => r.id === rule.id)?.emailUnsubscribed).toBe(true);
    expect((await rulesNow()).find((r) => r.id === hook.id)?.emailUnsubscribed).toBe(false);
    // A drop alert by e-mail is now not sent (logged as failed with the reason); re-subscribing sends again.
    await ctx.deps.db.execute(
      `insert into alert_deliveries (user_id, rule_id, rule_name, kind, channel, status, summary, drop_count, items, created_at) values ($1, $2, 'Rule', 'drops', 'email', 'queued', '1 price drop', 1, '[]', now())`,
      [user.id, rule.id],
    );
    const id = (await logOf())[0]!.id;
    await expect(deliverOne(ctx.deps, id, { lastAttempt: false })).resolves.toBe('failed');
    expect((await logOf())[0]).toMatchObject({ status: 'failed', error: 'Not sent: you unsubscribed from alert e-mails.' });
    await ctx.app.inject({ method: 'PATCH', url: '/api/alerts/channels', headers: user.headers, payload: { emailUnsubscribed: false } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/alerts/channels', headers: user.headers })).json().emailUnsubscribed).toBe(false);
    expect((await rulesNow()).find((r) => r.id === rule.id)?.emailUnsubscribed).toBe(false);
  });

  it('a webhook receives a body signed over timestamp and body that the receiver verifies, in each format', async () => {
    const channels = (await ctx.app.inject({ method: 'GET', url: '/api/alerts/channels', headers: user.headers })).json() as { webhookSecret: string };
    for (const format of ['generic', 'discord', 'slack'] as const) {
      const rule = await createRule({ channel: 'webhook', webhookUrl: hookUrl, webhookFormat: format });
      const queued = await test(rule.id);
      await expect(deliverOne(ctx.deps, queued.id, { lastAttempt: false })).resolves.toBe('sent');
      const got = receiver.received.at(-1)!;
      expect(verifyWebhook(channels.webhookSecret, got.body, got.signature, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifyWebhook('whsec_wrong', got.body, got.signature, Math.floor(Date.now() / 1000))).toBe(false);
      expect(verifyWebhook(channels.webhookSecret, `${got.body} `, got.signature, Math.floor(Date.now() / 1000))).toBe(false);
      const body = JSON.parse(got.body);
      if (format === 'generic') expect(body).toMatchObject({ type: 'test', rule: 'Rule', drops: [{ brand: 'Nivea', dropPercentage: 20, newPriceExclVat: 8 }] });
      if (format === 'discord')
        expect(body).toMatchObject({ content: expect.stringContaining('test alert'), embeds: [{ title: expect.stringContaining('20.0 %') }] });
      if (format === 'slack') expect(body).toMatchObject({ text: expect.stringContaining('test alert'), blocks: [{ type: 'section' }, { type: 'section' }] });
    }
  });

  it('retries: a 500 is retried (status retrying) and the last failed try marks the delivery failed', async () => {
    const rule = await createRule({ channel: 'webhook', webhookUrl: hookUrl });
    const queued = await test(rule.id);
    const deliveries = async (outcome: string) =>
      (await alertDeliveries.get()).values.find((v) => v.labels.channel === 'webhook' && v.labels.outcome === outcome)?.value ?? 0;
    const counted = { sent: await deliveries('sent'), retrying: await deliveries('retrying'), failed: await deliveries('failed') };
    receiver.state.statuses = [500, 500, 200];
    await expect(deliverOne(ctx.deps, queued.id, { lastAttempt: false })).rejects.toThrow('The webhook answered HTTP 500.');
    expect((await logOf()).find((d) => d.id === queued.id)).toMatchObject({ status: 'retrying', attempts: 1, error: 'The webhook answered HTTP 500.' });
    await expect(deliverOne(ctx.deps, queued.id, { lastAttempt: false })).rejects.toThrow();
    await expect(deliverOne(ctx.deps, queued.id, { lastAttempt: false })).resolves.toBe('sent');
    expect((await logOf()).find((d) => d.id === queued.id)).toMatchObject({ status: 'sent', attempts: 3, error: null });

    const second = await test(rule.id);
    receiver.state.statuses = [503];
    await expect(deliverOne(ctx.deps, second.id, { lastAttempt: true })).resolves.toBe('failed');
    expect((await logOf()).find((d) => d.id === second.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'The webhook answered HTTP 503.' });
    // A job that runs again after the outcome does nothing.
    await expect(deliverOne(ctx.deps, second.id, { lastAttempt: true })).resolves.toBe('skipped');
    // The metrics count each attempt by channel and outcome (GET /metrics).
    expect({ sent: await deliveries('sent'), retrying: await deliveries('retrying'), failed: await deliveries('failed') }).toEqual({
      sent: counted.sent + 1,
      retrying: counted.retrying + 2,
      failed: counted.failed + 1,
    });
  });

  it('a webhook that does not answer in time fails with a timeout', async () => {
    receiver.state.statuses = ['hang'];
    const started = Date.now();
    await expect(postWebhook({ url: hookUrl, body: '{}', secret: 's', nowSeconds: 1, allowPrivate: true, timeoutMs: 300 })).rejects.toThrow(
      'The webhook did not answer within 0 s.',
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('SSRF: loopback, private, link-local and non-http targets are refused unless private targets are allowed', async () => {
    for (const url of [
      'http://127.0.0.1/x',
      'http://localhost:8080/x',
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://100.64.0.1/',
    ]) {
      expect(() => checkWebhookUrl(url, false), url).toThrow(/not allowed/);
    }
    expect(() => checkWebhookUrl('file:///etc/passwd', false)).toThrow('The webhook URL must start with http:// or https://.');
    expect(() => checkWebhookUrl('https://user:pw@example.com/', false)).toThrow(/user name or password/);
    expect(checkWebhookUrl('https://hooks.slack.com/services/x', false).hostname).toBe('hooks.slack.com');
    expect(checkWebhookUrl('http://127.0.0.1:9/x', true).port).toBe('9');
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    // At send time the resolved address is checked too (a public name that resolves to loopback).
    await expect(postWebhook({ url: 'http://localtest.me.invalid/', body: '{}', secret: 's', nowSeconds: 1, allowPrivate: false })).rejects.toThrow(
      /could not be resolved/,
    );
    await expect(postWebhook({ url: hookUrl, body: '{}', secret: 's', nowSeconds: 1, allowPrivate: false })).rejects.toThrow(/not allowed/);
    expect(receiver.received).toHaveLength(0);
  });

  it('a refused webhook target fails the delivery at once, without retries', async () => {
    const saved = ctx.deps.config;
    const rule = await createRule({ channel: 'webhook', webhookUrl: hookUrl });
    const queued = await test(rule.id);
    ctx.deps.config = { ...saved, ALERT_WEBHOOK_ALLOW_PRIVATE: false };
    try {
      await expect(deliverOne(ctx.deps, queued.id, { lastAttempt: false })).resolves.toBe('failed');
    } finally {
      ctx.deps.config = saved;
    }
    expect((await logOf()).find((d) => d.id === queued.id)).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringMatching(/not allowed/) });
  });

  it('nothing is sent after the plan ended', async () => {
    const rule = await createRule({ channel: 'webhook', webhookUrl: hookUrl });
    const queued = await test(rule.id);
    await ctx.deps.db.execute(`update organizations set subscription_tier = 'STARTER' where id = $1`, [user.organizationId]);
    try {
      await expect(deliverOne(ctx.deps, queued.id, { lastAttempt: false })).resolves.toBe('failed');
    } finally {
      await ctx.deps.db.execute(`update organizations set subscription_tier = 'PRO' where id = $1`, [user.organizationId]);
    }
    expect(receiver.received).toHaveLength(0);
    expect((await logOf()).find((d) => d.id === queued.id)).toMatchObject({ status: 'failed', error: 'Not sent: your plan no longer includes alerts.' });
  });

  it('the signature scheme: t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">; old timestamps are refused', () => {
    const header = signWebhook('whsec_test', '{"a":1}', 1_700_000_000);
    // The same value as `printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test`.
    expect(header).toBe('t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789');
    expect(verifyWebhook('whsec_test', '{"a":1}', header, 1_700_000_100)).toBe(true);
    expect(verifyWebhook('whsec_test', '{"a":1}', header, 1_700_001_000)).toBe(false);
  });
});
