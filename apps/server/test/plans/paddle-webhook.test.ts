import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { signPaddlePayload, verifyPaddleSignature } from '../../src/modules/plans/paddle-signature.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';

const SECRET = 'pdl_ntfset_01TESTSECRET';
const VECTOR_BODY =
  '{"event_id":"evt_01test","event_type":"subscription.created","occurred_at":"2023-11-14T22:13:20.000000Z","notification_id":"ntf_01test","data":{"id":"sub_01test","status":"active","custom_data":{"userId":"u_123"}}}';
const VECTOR_H1 = 'e9be5ab9589436c5e62d3e8615e6cda8300cbb50cc25674c1ef7280e55b4f77a';
const at = (seconds: number) => new Date(seconds * 1000);

describe('Paddle-Signature verification (external-apis.md §4.4 test vector)', () => {
  const header = `ts=1700000000;h1=${VECTOR_H1}`;
  it('accepts the vector and refuses tampering, staleness and garbage', () => {
    expect(verifyPaddleSignature(VECTOR_BODY, header, SECRET, at(1700000000), 5)).toBe(true);
    expect(verifyPaddleSignature(VECTOR_BODY, header, SECRET, at(1700000005), 5)).toBe(true);
    expect(verifyPaddleSignature(VECTOR_BODY, header, SECRET, at(1700000006), 5)).toBe(false);
    expect(verifyPaddleSignature(VECTOR_BODY, header, SECRET, at(1700000030), 60)).toBe(true);
    expect(verifyPaddleSignature(VECTOR_BODY.replace('active', 'paused'), header, SECRET, at(1700000000), 5)).toBe(false);
    expect(verifyPaddleSignature(VECTOR_BODY, header, 'pdl_ntfset_01OTHER', at(1700000000), 5)).toBe(false);
    expect(verifyPaddleSignature(VECTOR_BODY, `ts=1700000001;h1=${VECTOR_H1}`, SECRET, at(1700000000), 5)).toBe(false);
    expect(verifyPaddleSignature(VECTOR_BODY, `ts=1700000000;h1=${'0'.repeat(64)};h1=${VECTOR_H1}`, SECRET, at(1700000000), 5)).toBe(true);
    expect(verifyPaddleSignature(VECTOR_BODY, `ts=1700000000;h1=${VECTOR_H1.slice(0, 10)}`, SECRET, at(1700000000), 5)).toBe(false);
    expect(verifyPaddleSignature(VECTOR_BODY, `h1=${VECTOR_H1}`, SECRET, at(1700000000), 5)).toBe(false);
    expect(verifyPaddleSignature(VECTOR_BODY, 'ts=abc;h1=x', SECRET, at(1700000000), 5)).toBe(false);
    expect(verifyPaddleSignature(VECTOR_BODY, undefined, SECRET, at(1700000000), 5)).toBe(false);
    expect(signPaddlePayload(VECTOR_BODY, SECRET, 1700000000)).toBe(header);
  });
});

describe('POST /api/billing/paddle/webhook', () => {
  let ctx: TestContext;
  let prices: Record<string, string>;
  let seq = 0;
  beforeAll(async () => {
    ctx = await buildTestApp({ env: { PADDLE_WEBHOOK_SECRET: SECRET } });
    ctx.clock.set('2026-11-22T10:00:00Z');
    const rows = await ctx.deps.db.query<{ name: string; paddle_price_id: string }>(
      'select name, paddle_price_id from subscription_tiers where paddle_price_id is not null',
    );
    prices = Object.fromEntries(rows.map((r) => [r.name, r.paddle_price_id]));
  });
  afterAll(async () => ctx.close());

  const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);
  function event(type: string, data: Record<string, unknown>, occurredAt = ctx.clock.now()) {
    seq += 1;
    return {
      event_id: `evt_${seq}_${Math.random().toString(36).slice(2)}`,
      event_type: type,
      occurred_at: occurredAt.toISOString(),
      notification_id: `ntf_${seq}`,
      data,
    };
  }
  function subscription(user: TestUser, tier: string, extra: Record<string, unknown> = {}) {
    return {
      id: `sub_${user.id.slice(0, 8)}`,
      status: 'active',
      customer_id: `ctm_${user.id.slice(0, 8)}`,
      custom_data: { userId: user.id },
      items: [{ status: 'active', quantity: 1, price: { id: prices[tier], unit_price: { amount: '4900', currency_code: 'EUR' } } }],
      current_billing_period: { starts_at: ctx.clock.now().toISOString(), ends_at: new Date(ctx.clock.now().getTime() + 30 * 86400_000).toISOString() },
      scheduled_change: null,
      ...extra,
    };
  }
  function post(body: string, signature?: string) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/billing/paddle/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined
          ? { 'paddle-signature': signPaddlePayload(body, SECRET, nowSeconds()) }
          : signature
            ? { 'paddle-signature': signature }
            : {}),
      },
    });
  }
  async function org(user: TestUser) {
    return ctx.deps.db.one<{
      subscription_tier: string;
      paddle_customer_id: string | null;
      subscription_status: string | null;
      subscription_cancel_at: Date | null;
    }>('select subscription_tier, paddle_customer_id, subscription_status, subscription_cancel_at from organizations where id = $1', [user.organizationId]);
  }
  const status = async (user: TestUser) => ctx.app.inject({ method: 'GET', url: '/api/organization/subscription-status', headers: user.headers });

  it('puts the organization on the bought plan; the user sees it in the status, the next token and the Users table', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const res = await post(JSON.stringify(event('subscription.created', subscription(user, 'GROWTH'))));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, duplicate: false, outcome: 'applied: GROWTH' });
    expect(await org(user)).toMatchObject({ subscription_tier: 'GROWTH', paddle_customer_id: `ctm_${user.id.slice(0, 8)}`, subscription_status: 'active' });
    const s = await status(user);
    expect(s.json()).toMatchObject({ tier: 'GROWTH', eanUploadLimit: 20000, amazonListingFilterType: 'adjustable' });
    expect(decodeJwt(s.headers['x-refreshed-token'] as string).subscriptionTier).toBe('GROWTH');
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    const users = await ctx.app.inject({ method: 'GET', url: `/api/users?search=${user.username}`, headers: admin.headers });
    expect(users.json().content[0]).toMatchObject({ subscriptionTierName: 'GROWTH', paddleCustomerId: `ctm_${user.id.slice(0, 8)}` });
  });

  it('answers 401 and changes nothing for a tampered, stale, missing or foreign signature', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const body = JSON.stringify(event('subscription.created', subscription(user, 'PRO')));
    const good = signPaddlePayload(body, SECRET, nowSeconds());
    const tampered = await post(body.replace(prices.PRO!, prices.GROWTH!), good);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().error).toMatch(/Paddle signature/);
    expect((await post(body, signPaddlePayload(body, SECRET, nowSeconds() - 6))).statusCode).toBe(401);
    expect((await post(body, signPaddlePayload(body, 'pdl_ntfset_01WRONG', nowSeconds()))).statusCode).toBe(401);
    expect((await post(body, '')).statusCode).toBe(401);
    expect((await org(user)).subscription_tier).toBe('FREE');
    // none of them was recorded: the genuine delivery is still applied
    expect((await post(body, good)).json().outcome).toBe('applied: PRO');
  });

  it('accepts a signature within the tolerance and one of several h1 values', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const body = JSON.stringify(event('subscription.created', subscription(user, 'STARTER')));
    const h1 = signPaddlePayload(body, SECRET, nowSeconds() - 4).split('h1=')[1];
    const res = await post(body, `ts=${nowSeconds() - 4};h1=${'a'.repeat(64)};h1=${h1}`);
    expect(res.statusCode).toBe(200);
    expect((await org(user)).subscription_tier).toBe('STARTER');
  });

  it('ignores a repeated event id', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const body = JSON.stringify(event('subscription.created', subscription(user, 'PRO')));
    expect((await post(body)).json().duplicate).toBe(false);
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/subscription-tier`, headers: admin.headers, payload: { tier: 'FREE' } });
    const replay = await post(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect((await org(user)).subscription_tier).toBe('FREE');
  });

  it('applies a delivery that arrives twice at the same moment only once', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const body = JSON.stringify(event('subscription.created', subscription(user, 'GROWTH')));
    const answers = await Promise.all([post(body), post(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().duplicate).sort()).toEqual([false, true]);
    expect((await org(user)).subscription_tier).toBe('GROWTH');
  });

  it('logs and ignores unknown price ids and events of nobody', async () => {
    const user = await createUser(ctx.deps, { tier: 'STARTER' });
    const data = subscription(user, 'PRO', { items: [{ price: { id: 'pri_01unknown' } }] });
    const res = await post(JSON.stringify(event('subscription.updated', data)));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toMatch(/unknown price id pri_01unknown/);
    expect((await org(user)).subscription_tier).toBe('STARTER');
    const vector = await post(VECTOR_BODY, signPaddlePayload(VECTOR_BODY, SECRET, nowSeconds()));
    expect(vector.json().outcome).toMatch(/no organization/);
    const row = await ctx.deps.db.one<{ outcome: string }>('select outcome from paddle_webhook_events where event_id = $1', ['evt_01test']);
    expect(row.outcome).toMatch(/no organization/);
  });

  it('keeps the plan until the end of the billed period after a scheduled cancellation, then falls back to FREE', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    await post(JSON.stringify(event('subscription.created', subscription(user, 'PRO'))));
    const effective = new Date(ctx.clock.now().getTime() + 12 * 3600_000); // within the session token lifetime
    ctx.clock.advance(1000);
    const updated = await post(
      JSON.stringify(
        event(
          'subscription.updated',
          subscription(user, 'PRO', { scheduled_change: { action: 'cancel', effective_at: effective.toISOString(), resume_at: null } }),
        ),
      ),
    );
    expect(updated.json().outcome).toBe(`applied: PRO until ${effective.toISOString()}`);
    expect((await status(user)).json()).toMatchObject({ tier: 'PRO', cancelAt: effective.toISOString() });
    ctx.clock.set(new Date(effective.getTime() + 1000));
    const after = await status(user);
    expect(after.json()).toMatchObject({ tier: 'FREE', cancelAt: null });
    ctx.clock.set('2026-11-22T10:00:00Z');
  });

  it('subscription.canceled ends the plan at once: the organization is FREE', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    await post(JSON.stringify(event('subscription.created', subscription(user, 'GROWTH'))));
    ctx.clock.advance(1000);
    // even when the event still names a billing period (a canceled subscription has none; older payloads did)
    const res = await post(JSON.stringify(event('subscription.canceled', subscription(user, 'GROWTH', { status: 'canceled' }))));
    expect(res.json().outcome).toBe('applied: canceled, now FREE');
    expect(await org(user)).toMatchObject({ subscription_tier: 'FREE', subscription_status: 'canceled', subscription_cancel_at: null });
    expect((await status(user)).json()).toMatchObject({ tier: 'FREE', cancelAt: null, subscriptionStatus: 'canceled' });

    const other = await createUser(ctx.deps, { tier: 'FREE' });
    await post(JSON.stringify(event('subscription.created', subscription(other, 'GROWTH', { current_billing_period: null }))));
    ctx.clock.advance(1000);
    const now = await post(JSON.stringify(event('subscription.canceled', subscription(other, 'GROWTH', { status: 'canceled', current_billing_period: null }))));
    expect(now.json().outcome).toBe('applied: canceled, now FREE');
    expect(await org(other)).toMatchObject({ subscription_tier: 'FREE', subscription_status: 'canceled' });
  });

  it('maps transaction.completed, activated and past_due; ignores events older than the last applied one', async () => {
    const user = await createUser(ctx.deps, { tier: 'FREE' });
    const txn = event('transaction.completed', {
      id: 'txn_01a',
      status: 'completed',
      customer_id: 'ctm_txn',
      subscription_id: 'sub_txn',
      custom_data: { userId: user.id },
      items: [{ price: { id: prices.STARTER }, quantity: 1 }],
      billing_period: { starts_at: ctx.clock.now().toISOString(), ends_at: new Date(ctx.clock.now().getTime() + 30 * 86400_000).toISOString() },
    });
    expect((await post(JSON.stringify(txn))).json().outcome).toBe('applied: STARTER');
    expect(await org(user)).toMatchObject({ subscription_tier: 'STARTER', paddle_customer_id: 'ctm_txn' });

    ctx.clock.advance(1000);
    // later events find the organization by the subscription id alone
    const activated = event('subscription.activated', { ...subscription(user, 'GROWTH'), id: 'sub_txn', custom_data: null });
    expect((await post(JSON.stringify(activated))).json().outcome).toBe('applied: GROWTH');
    ctx.clock.advance(1000);
    const pastDue = event('subscription.past_due', { ...subscription(user, 'GROWTH'), id: 'sub_txn', status: 'past_due' });
    expect((await post(JSON.stringify(pastDue))).json().outcome).toBe('applied: GROWTH');
    expect(await org(user)).toMatchObject({ subscription_tier: 'GROWTH', subscription_status: 'past_due' });

    const late = event('subscription.updated', { ...subscription(user, 'PRO'), id: 'sub_txn' }, new Date(ctx.clock.now().getTime() - 60_000));
    expect((await post(JSON.stringify(late))).json().outcome).toMatch(/older than the last applied/);
    const foreign = event('subscription.canceled', {
      ...subscription(user, 'GROWTH'),
      id: 'sub_someone_else',
      status: 'canceled',
      current_billing_period: null,
    });
    expect((await post(JSON.stringify(foreign))).json().outcome).toMatch(/not the organization's current subscription/);
    expect((await org(user)).subscription_tier).toBe('GROWTH');
  });

  it('answers 400 for a signed body that is not a Paddle event', async () => {
    const notJson = await post('not json');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe('The webhook body is not valid JSON.');
    const noId = await post(JSON.stringify({ event_type: 'subscription.created', occurred_at: '2026-11-22T10:00:00Z', data: {} }));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error).toBe('event_id is required.');
  });
});

describe('POST /api/billing/paddle/webhook without PADDLE_WEBHOOK_SECRET', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(async () => bare.close());

  it('refuses webhooks when no secret is configured', async () => {
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/billing/paddle/webhook',
      payload: VECTOR_BODY,
      headers: { 'content-type': 'application/json', 'paddle-signature': `ts=1700000000;h1=${VECTOR_H1}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('Billing webhooks are not configured on this server.');
  });
});
