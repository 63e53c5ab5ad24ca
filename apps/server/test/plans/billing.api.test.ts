import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signPaddlePayload } from '../../src/modules/plans/paddle-signature.ts';
import { BILLING_NOT_CONFIGURED, NO_PADDLE_SUBSCRIPTION, NO_PAID_SUBSCRIPTION, PADDLE_UNREACHABLE } from '../../src/modules/plans/billing.service.ts';
import { createPaddleApi, PaddleApiError } from '../../src/modules/plans/paddle-api.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';

/**
 * Plan changes and the customer portal through Paddle's API, tested against a local HTTP server that
 * speaks Paddle's wire format (paths, bearer auth, snake_case JSON, `{ data, meta: { request_id } }`, errors
 * `{ error: { type, code, detail, documentation_url }, meta }`; Paddle's API reference and Node SDK mocks).
 */

const API_KEY = 'pdl_sdbx_apikey_01test';
const WEBHOOK_SECRET = 'pdl_ntfset_01BILLINGTEST';

interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** The fake Paddle API: records every request; `answer` decides the reply (default: Paddle's success shapes). */
class FakePaddle {
  readonly requests: Recorded[] = [];
  answer: ((req: Recorded) => { status: number; body: unknown } | undefined) | null = null;
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer(
      (req, res) => void this.handle(req).then(({ status, body }) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))),
    );
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const recorded: Recorded = {
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: raw ? JSON.parse(raw) : undefined,
    };
    this.requests.push(recorded);
    const meta = { request_id: `req_${this.requests.length}` };
    if (recorded.authorization !== `Bearer ${API_KEY}`) {
      return {
        status: 403,
        body: {
          error: {
            type: 'request_error',
            code: 'forbidden',
            detail: 'You are not authorized.',
            documentation_url: 'https://developer.paddle.com/errors/shared/forbidden',
          },
          meta,
        },
      };
    }
    const custom = this.answer?.(recorded);
    if (custom) return custom;
    const preview = /^\/subscriptions\/([^/]+)\/preview$/.exec(recorded.path);
    const update = /^\/subscriptions\/([^/]+)$/.exec(recorded.path);
    const portal = /^\/customers\/([^/]+)\/portal-sessions$/.exec(recorded.path);
    const priceId = (recorded.body as { items?: Array<{ price_id: string }> } | undefined)?.items?.[0]?.price_id;
    if (recorded.method === 'PATCH' && preview) {
      return {
        status: 200,
        body: {
          data: {
            status: 'active',
            customer_id: 'ctm_x',
            currency_code: 'EUR',
            next_billed_at: '2026-12-15T10:00:00Z',
            items: [{ status: 'active', quantity: 1, recurring: true, price: { id: priceId, unit_price: { amount: '4900', currency_code: 'EUR' } } }],
            update_summary: {
              charge: { amount: '0', currency_code: 'EUR' },
              credit: { amount: '2500', currency_code: 'EUR' },
              result: { action: 'credit', amount: '2500', currency_code: 'EUR' },
            },
            recurring_transaction_details: { totals: { subtotal: '4118', tax: '782', total: '4900', grand_total: '4900', currency_code: 'EUR' } },
          },
          meta,
        },
      };
    }
    if (recorded.method === 'PATCH' && update) {
      return {
        status: 200,
        body: {
          data: {
            id: decodeURIComponent(update[1]!),
            status: 'active',
            currency_code: 'EUR',
            next_billed_at: '2026-12-15T10:00:00Z',
            items: [{ price: { id: priceId } }],
          },
          meta,
        },
      };
    }
    if (recorded.method === 'POST' && portal) {
      const customer = decodeURIComponent(portal[1]!);
      const subs = (recorded.body as { subscription_ids?: string[] }).subscription_ids ?? [];
      return {
        status: 201,
        body: {
          data: {
            id: 'cpls_01h4ge9r64c22exjsx0fy8b48b',
            customer_id: customer,
            urls: {
              general: { overview: `https://customer-portal.paddle.com/cpl_01test?action=overview&token=pga_${customer}` },
              subscriptions: subs.map((id) => ({
                id,
                cancel_subscription: `https://customer-portal.paddle.com/cpl_01test?action=cancel_subscription&subscription_id=${id}&token=pga_x`,
                update_subscription_payment_method: `https://customer-portal.paddle.com/cpl_01test?action=update_subscription_payment_method&subscription_id=${id}&token=pga_x`,
              })),
            },
            created_at: '2026-11-22T10:00:00Z',
          },
          meta,
        },
      };
    }
    return { status: 404, body: { error: { type: 'request_error', code: 'not_found', detail: 'Entity not found.' }, meta } };
  }
}

const paddle = new FakePaddle();
beforeAll(() => paddle.start());
afterAll(() => paddle.stop());
beforeEach(() => {
  paddle.requests.length = 0;
  paddle.answer = null;
});

describe('the Paddle adapter speaks Paddle’s wire format', () => {
  it('sends bearer auth and snake_case JSON to Paddle’s paths and reads { data, meta }', async () => {
    const api = createPaddleApi({ apiKey: API_KEY, baseUrl: `${paddle.url}/` });
    const preview = await api.previewPlanChange('sub_01a', 'pri_01growth');
    expect(preview.update_summary?.result).toEqual({ action: 'credit', amount: '2500', currency_code: 'EUR' });
    await api.changePlan('sub_01a', 'pri_01growth');
    const session = await api.createPortalSession('ctm_01a', ['sub_01a']);
    expect(session.urls.general.overview).toContain('action=overview');
    expect(paddle.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /subscriptions/sub_01a/preview',
      'PATCH /subscriptions/sub_01a',
      'POST /customers/ctm_01a/portal-sessions',
    ]);
    for (const r of paddle.requests) {
      expect(r.authorization).toBe(`Bearer ${API_KEY}`);
      expect(r.contentType).toBe('application/json');
    }
    const change = { items: [{ price_id: 'pri_01growth', quantity: 1 }], proration_billing_mode: 'prorated_immediately', on_payment_failure: 'prevent_change' };
    expect(paddle.requests[0]!.body).toEqual(change);
    expect(paddle.requests[1]!.body).toEqual(change);
    expect(paddle.requests[2]!.body).toEqual({ subscription_ids: ['sub_01a'] });
  });

  it('turns Paddle’s error shape into a PaddleApiError with its code, detail and request id', async () => {
    paddle.answer = () => ({
      status: 409,
      body: {
        error: {
          type: 'request_error',
          code: 'subscription_locked_pending_changes',
          detail: 'Subscription has pending changes.',
          documentation_url: 'https://developer.paddle.com/errors',
        },
        meta: { request_id: 'req_abc' },
      },
    });
    const api = createPaddleApi({ apiKey: API_KEY, baseUrl: paddle.url });
    const error = await api.changePlan('sub_01a', 'pri_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaddleApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'subscription_locked_pending_changes',
      detail: 'Subscription has pending changes.',
      requestId: 'req_abc',
    });
    const badKey = await createPaddleApi({ apiKey: 'wrong', baseUrl: paddle.url })
      .createPortalSession('ctm_1', [])
      .catch((e: unknown) => e);
    expect(badKey).toMatchObject({ status: 403, code: 'forbidden' });
  });
});

describe('POST /api/billing/subscription/* and /api/billing/portal-session', () => {
  let ctx: TestContext;
  let prices: Record<string, string>;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { PADDLE_API_KEY: API_KEY, PADDLE_API_BASE_URL: paddle.url, PADDLE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    ctx.clock.set('2026-11-22T10:00:00Z');
    const rows = await ctx.deps.db.query<{ name: string; paddle_price_id: string }>(
      'select name, paddle_price_id from subscription_tiers where paddle_price_id is not null',
    );
    prices = Object.fromEntries(rows.map((r) => [r.name, r.paddle_price_id]));
  });
  afterAll(async () => ctx.close());

  /** A user whose organization bought `tier` through Paddle (as the webhook records it). */
  async function payingUser(tier: string): Promise<TestUser & { subscriptionId: string; customerId: string }> {
    const user = await createUser(ctx.deps, { tier });
    const subscriptionId = `sub_01${user.organizationId.replace(/-/g, '').slice(0, 24)}`;
    const customerId = `ctm_01${user.organizationId.replace(/-/g, '').slice(0, 24)}`;
    await ctx.deps.db.execute(
      `update organizations set paddle_subscription_id = $2, paddle_customer_id = $3, subscription_status = 'active', subscription_event_at = $4 where id = $1`,
      [user.organizationId, subscriptionId, customerId, new Date('2026-11-01T00:00:00Z')],
    );
    return { ...user, subscriptionId, customerId };
  }
  const call = (url: string, user: TestUser, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/billing/${url}`, headers: user.headers, payload });
  const status = async (user: TestUser) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers })).json();

  it('previews a change with what is charged or credited now and the next payment', async () => {
    const user = await payingUser('PRO');
    const res = await call('subscription/preview-change', user, { tier: 'GROWTH' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      fromTier: 'PRO',
      toTier: 'GROWTH',
      currency: 'EUR',
      now: { action: 'credit', amount: 25 },
      next: { amount: 49, at: '2026-12-15T10:00:00Z' },
    });
    expect(paddle.requests).toHaveLength(1);
    expect(paddle.requests[0]).toMatchObject({
      method: 'PATCH',
      path: `/subscriptions/${user.subscriptionId}/preview`,
      body: { items: [{ price_id: prices.GROWTH, quantity: 1 }] },
    });
    expect((await status(user)).tier).toBe('PRO');
  });

  it('changes the plan of the caller’s own subscription; the tier follows when Paddle’s webhook confirms it', async () => {
    const user = await payingUser('PRO');
    const other = await payingUser('STARTER');
    const res = await call('subscription/change', user, { tier: 'STARTER' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe('Paddle accepted the change to STARTER. Your plan changes here as soon as Paddle confirms it, usually within a minute.');
    // Only the caller's subscription was sent to Paddle; nothing changed here yet (no fake success).
    expect(paddle.requests.map((r) => r.path)).toEqual([`/subscriptions/${user.subscriptionId}`]);
    expect((await status(user)).tier).toBe('PRO');
    expect((await status(other)).tier).toBe('STARTER');

    // Paddle's subscription.updated with the new price: the existing webhook handling sets the tier.
    const body = JSON.stringify({
      event_id: `evt_change_${user.id}`,
      event_type: 'subscription.updated',
      occurred_at: ctx.clock.now().toISOString(),
      notification_id: 'ntf_change',
      data: {
        id: user.subscriptionId,
        status: 'active',
        customer_id: user.customerId,
        items: [{ status: 'active', quantity: 1, price: { id: prices.STARTER } }],
        current_billing_period: { starts_at: '2026-11-15T10:00:00Z', ends_at: '2026-12-15T10:00:00Z' },
        scheduled_change: null,
      },
    });
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/paddle/webhook',
      headers: {
        'content-type': 'application/json',
        'paddle-signature': signPaddlePayload(body, WEBHOOK_SECRET, Math.floor(ctx.clock.now().getTime() / 1000)),
      },
      payload: body,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await status(user)).tier).toBe('STARTER');
    expect((await status(other)).tier).toBe('STARTER');
  });

  it('creates a customer-portal session for the caller’s own customer and subscription', async () => {
    const user = await payingUser('GROWTH');
    const res = await call('portal-session', user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      url: `https://customer-portal.paddle.com/cpl_01test?action=overview&token=pga_${user.customerId}`,
      cancelUrl: `https://customer-portal.paddle.com/cpl_01test?action=cancel_subscription&subscription_id=${user.subscriptionId}&token=pga_x`,
      updatePaymentMethodUrl: `https://customer-portal.paddle.com/cpl_01test?action=update_subscription_payment_method&subscription_id=${user.subscriptionId}&token=pga_x`,
    });
    expect(paddle.requests).toEqual([
      expect.objectContaining({ method: 'POST', path: `/customers/${user.customerId}/portal-sessions`, body: { subscription_ids: [user.subscriptionId] } }),
    ]);
    expect((await status(user)).billing).toEqual({ configured: true, hasSubscription: true });
  });

  it('refuses a FREE user clearly, and a plan an administrator set (no Paddle subscription), without calling Paddle', async () => {
    const free = await createUser(ctx.deps);
    for (const [url, payload] of [
      ['subscription/preview-change', { tier: 'GROWTH' }],
      ['subscription/change', { tier: 'GROWTH' }],
      ['portal-session', undefined],
    ] as const) {
      const res = await call(url, free, payload);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error).toBe(NO_PAID_SUBSCRIPTION);
    }
    const granted = await createUser(ctx.deps, { tier: 'PRO' });
    const res = await call('portal-session', granted);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(NO_PADDLE_SUBSCRIPTION);
    expect((await status(granted)).billing).toEqual({ configured: true, hasSubscription: false });
    expect(paddle.requests).toHaveLength(0);
  });

  it('refuses the current plan, FREE, the admin-only plan and unknown names with a sentence', async () => {
    const user = await payingUser('GROWTH');
    const expectations: Array<[string, number, string]> = [
      ['GROWTH', 409, 'You are already on the GROWTH plan.'],
      ['FREE', 400, 'FREE is not bought: cancel your subscription under Manage subscription, and you return to FREE at the end of the paid period.'],
      ['prodtest', 400, 'The prodtest plan is not available.'],
    ];
    for (const [tier, code, error] of expectations) {
      const res = await call('subscription/change', user, { tier });
      expect(res.statusCode, tier).toBe(code);
      expect(res.json().error).toBe(error);
    }
    expect((await call('subscription/change', user, { tier: 'GOLD' })).statusCode).toBe(400);
    expect(paddle.requests).toHaveLength(0);
  });

  it('says Paddle’s refusal, or that Paddle is unreachable, and changes nothing', async () => {
    const user = await payingUser('PRO');
    paddle.answer = () => ({
      status: 409,
      body: {
        error: { type: 'request_error', code: 'subscription_locked_pending_changes', detail: 'Subscription has pending changes.' },
        meta: { request_id: 'r' },
      },
    });
    const refused = await call('subscription/change', user, { tier: 'GROWTH' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Paddle refused the plan change: Subscription has pending changes.');
    paddle.answer = () => ({ status: 500, body: { error: { type: 'api_error', code: 'internal_error', detail: 'Oops' }, meta: { request_id: 'r' } } });
    const down = await call('subscription/preview-change', user, { tier: 'GROWTH' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toBe(PADDLE_UNREACHABLE);
    expect((await status(user)).tier).toBe('PRO');
  });

  it('answers for the caller only: another organization’s subscription is never reachable', async () => {
    const a = await payingUser('PRO');
    const b = await payingUser('PRO');
    await call('portal-session', b);
    await call('subscription/change', b, { tier: 'GROWTH' });
    expect(paddle.requests.every((r) => !r.path.includes(a.subscriptionId) && !r.path.includes(a.customerId))).toBe(true);
    expect(paddle.requests.map((r) => r.path)).toEqual([`/customers/${b.customerId}/portal-sessions`, `/subscriptions/${b.subscriptionId}`]);
  });
});

describe('without PADDLE_API_KEY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { PADDLE_API_BASE_URL: paddle.url } });
  });
  afterAll(async () => ctx.close());

  it('says plainly that billing is not configured (503), and the status tells the screen so', async () => {
    const user = await createUser(ctx.deps, { tier: 'PRO' });
    await ctx.deps.db.execute(
      `update organizations set paddle_subscription_id = 'sub_01x', paddle_customer_id = 'ctm_01x', subscription_status = 'active' where id = $1`,
      [user.organizationId],
    );
    for (const [url, payload] of [
      ['subscription/change', { tier: 'GROWTH' }],
      ['portal-session', undefined],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/billing/${url}`, headers: user.headers, payload });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(BILLING_NOT_CONFIGURED);
    }
    const status = (await ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers })).json();
    expect(status.billing).toEqual({ configured: false, hasSubscription: true });
    expect(status.tier).toBe('PRO');
    expect(paddle.requests).toHaveLength(0);
  });
});
