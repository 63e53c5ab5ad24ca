import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { startFakeSpApi, type FakeSpApi } from './fake-sp-api.ts';

/** Connecting through Amazon's website (public application): one-time state bound to the user, code exchange. */
let ctx: TestContext;
let fake: FakeSpApi;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({
    env: {
      ...fake.env,
      SP_API_TOKEN_KEY: 'w'.repeat(40),
      SP_API_APPLICATION_ID: 'amzn1.sp.solution.test-app',
      SP_API_CONSENT_URL_EU: 'https://sellercentral-europe.amazon.com',
    },
    log: createLogger('trace', { write: (line: string) => logLines.push(line) }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function start(user: TestUser, region = 'EU'): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/seller-account/authorize', headers: user.headers, payload: { region } });
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().url);
  expect(`${url.origin}${url.pathname}`).toBe('https://sellercentral-europe.amazon.com/apps/authorize/consent');
  expect(url.searchParams.get('application_id')).toBe('amzn1.sp.solution.test-app');
  expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/settings');
  return url.searchParams.get('state')!;
}

const complete = (user: TestUser, body: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/seller-account/authorize/complete', headers: user.headers, payload: body });

describe('Website authorization', () => {
  it('consent page → callback: the code is exchanged, the stores shown, the state used once', async () => {
    const owner = await createUser(ctx.deps);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: owner.headers })).json()).toMatchObject({ websiteAuthorization: true });
    const state = await start(owner);
    fake.state.codes.set('ANcode-1', 'Atzr|website-refresh-token-SECRET');
    const res = await complete(owner, { state, spapiOauthCode: 'ANcode-1', sellingPartnerId: 'A2PARTNER' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ connected: true, status: 'CONNECTED', merchantId: 'A2PARTNER', region: 'EU' });
    expect(res.body).not.toContain('website-refresh-token');
    expect(fake.state.redirectUris.at(-1)).toBe('http://app.test/settings');
    const row = await ctx.deps.db.one<{ refresh_token_encrypted: string }>('select refresh_token_encrypted from seller_accounts where organization_id = $1', [
      owner.organizationId,
    ]);
    expect(row.refresh_token_encrypted).not.toContain('Atzr');

    // Replayed: refused with a sentence.
    fake.state.codes.set('ANcode-2', 'Atzr|other');
    const replay = await complete(owner, { state, spapiOauthCode: 'ANcode-2', sellingPartnerId: 'A2PARTNER' });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error).toBe('This authorization link was already used. Start again with "Connect through Amazon" in Settings.');

    // Neither the refresh token Amazon gave for the code, nor the code, nor the state is in any log line.
    const logs = logLines.join('\n');
    expect(logs).toContain('seller account connected');
    expect(logs).not.toContain('website-refresh-token');
    expect(logs).not.toContain('Atzr|');
    expect(logs).not.toContain('ANcode-1');
    expect(logs).not.toContain(state);
  });

  it("refuses another user's state (CSRF), an unknown or expired state, and a code Amazon refuses", async () => {
    const owner = await createUser(ctx.deps);
    const attacker = await createUser(ctx.deps);
    const attackersState = await start(attacker);
    fake.state.codes.set('ANcode-csrf', 'Atzr|attacker-token');
    const csrf = await complete(owner, { state: attackersState, spapiOauthCode: 'ANcode-csrf', sellingPartnerId: 'A9ATTACKER' });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().error).toBe('This authorization was started by another user. Start again with "Connect through Amazon" in Settings.');
    expect(await ctx.deps.db.query('select 1 from seller_accounts where organization_id = $1', [owner.organizationId])).toHaveLength(0);

    const unknown = await complete(owner, { state: 'made-up', spapiOauthCode: 'x', sellingPartnerId: 'A1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^This authorization link is not valid/);

    const state = await start(owner);
    ctx.clock.advance(16 * 60 * 1000);
    const expired = await complete(owner, { state, spapiOauthCode: 'ANcode-csrf', sellingPartnerId: 'A1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatch(/^This authorization link has expired/);

    const fresh = await start(owner);
    const refused = await complete(owner, { state: fresh, spapiOauthCode: 'ANcode-never-issued', sellingPartnerId: 'A1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^Amazon did not accept the authorization code \(invalid_grant\)/);
    expect(await ctx.deps.db.query('select 1 from seller_accounts where organization_id = $1', [owner.organizationId])).toHaveLength(0);
  });

  it('only the organization admin starts it; an install without a public application says so', async () => {
    const owner = await createUser(ctx.deps);
    const member = await createUser(ctx.deps);
    await ctx.deps.db.execute("update users set organization_id = $1, created_at = now() + interval '1 minute' where id = $2", [
      owner.organizationId,
      member.id,
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/seller-account/authorize', headers: member.headers, payload: { region: 'EU' } });
    expect(res.statusCode).toBe(403);

    const bare = await buildTestApp({ env: { ...fake.env } });
    try {
      const user = await createUser(bare.deps);
      expect((await bare.app.inject({ method: 'GET', url: '/api/seller-account', headers: user.headers })).json()).toMatchObject({
        websiteAuthorization: false,
      });
      const refused = await bare.app.inject({ method: 'POST', url: '/api/seller-account/authorize', headers: user.headers, payload: { region: 'EU' } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toMatch(/no public Amazon application/);
    } finally {
      await bare.close();
    }
  });
});
