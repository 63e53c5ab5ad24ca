import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { accessTokenOf, findAccount, forgetAccessToken } from '../../src/modules/seller-account/seller-account.service.ts';
import { decryptToken, TokenKeyMissing, tokenKeys } from '../../src/modules/seller-account/token-crypto.ts';
import { CLIENT_SECRET, GOOD_TOKEN, startFakeSpApi, type FakeSpApi } from './fake-sp-api.ts';

/** Connecting the organization's Amazon seller account (self-authorized private application). */
let ctx: TestContext;
let fake: FakeSpApi;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeSpApi();
  ctx = await buildTestApp({
    env: { ...fake.env, SP_API_TOKEN_KEY: 'k'.repeat(40) },
    log: createLogger('trace', { write: (line: string) => logLines.push(line) }),
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const connect = (user: TestUser, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/seller-account', headers: user.headers, payload: body });
const get = (user: TestUser) => ctx.app.inject({ method: 'GET', url: '/api/seller-account', headers: user.headers });

/** A second member of the user's organization (not its admin: joined later). */
async function memberOf(owner: TestUser): Promise<TestUser> {
  const other = await createUser(ctx.deps);
  await ctx.deps.db.execute("update users set organization_id = $1, created_at = now() + interval '1 minute' where id = $2", [owner.organizationId, other.id]);
  return { ...other, organizationId: owner.organizationId };
}

describe('Seller account: connect, see, disconnect', () => {
  it('connects with a right token: verified with Amazon, the stores shown, the token stored encrypted and never answered', async () => {
    const owner = await createUser(ctx.deps);
    const before = await get(owner);
    expect(before.json()).toMatchObject({ configured: true, canManage: true, connected: false, stores: [] });

    const res = await connect(owner, { refreshToken: GOOD_TOKEN, merchantId: 'A1SELLER', region: 'EU' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ connected: true, status: 'CONNECTED', region: 'EU', merchantId: 'A1SELLER', pendingChecks: 0 });
    expect(body.stores.map((s: { market: string }) => s.market)).toEqual(['DE', 'FR', 'UK']);
    expect(res.body).not.toContain(GOOD_TOKEN);
    expect(res.body).not.toContain('Atzr|');

    const row = await ctx.deps.db.one<{ refresh_token_encrypted: string }>('select refresh_token_encrypted from seller_accounts where organization_id = $1', [
      owner.organizationId,
    ]);
    expect(row.refresh_token_encrypted).not.toContain('Atzr');
    expect(row.refresh_token_encrypted.split('.')).toHaveLength(4);

    // Another member sees that it is connected and which stores, but may not change it.
    const member = await memberOf(owner);
    const seen = (await get(member)).json();
    expect(seen).toMatchObject({ connected: true, canManage: false, merchantId: 'A1SELLER' });
    expect(JSON.stringify(seen)).not.toContain('Atzr');
    const refused = await ctx.app.inject({ method: 'DELETE', url: '/api/seller-account', headers: member.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("Only your organization's owner can connect or disconnect its Amazon seller account.");
    expect((await connect(member, { refreshToken: GOOD_TOKEN, merchantId: 'A1OTHER', region: 'EU' })).statusCode).toBe(403);

    // Another organization sees nothing of it.
    const stranger = await createUser(ctx.deps);
    expect((await get(stranger)).json()).toMatchObject({ connected: false, merchantId: null, stores: [] });

    // Disconnect deletes the token.
    const gone = await ctx.app.inject({ method: 'DELETE', url: '/api/seller-account', headers: owner.headers });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ connected: false });
    const left = await ctx.deps.db.query('select 1 from seller_accounts where organization_id = $1', [owner.organizationId]);
    expect(left).toHaveLength(0);
  });

  it("a wrong token gets Amazon's refusal as a sentence and nothing is stored", async () => {
    const owner = await createUser(ctx.deps);
    const res = await connect(owner, { refreshToken: 'Atzr|wrong-token-SECRET', merchantId: 'A1SELLER', region: 'EU' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Amazon did not accept this refresh token \(invalid_grant\)/);
    expect(res.body).not.toContain('wrong-token-SECRET');
    expect(await ctx.deps.db.query('select 1 from seller_accounts where organization_id = $1', [owner.organizationId])).toHaveLength(0);

    const malformed = await connect(owner, { refreshToken: 'not-a-token', merchantId: 'a1 seller', region: 'XX' });
    expect(malformed.statusCode).toBe(400);

    // A seller with no store in the chosen region.
    fake.state.participations = [];
    const noStores = await connect(owner, { refreshToken: GOOD_TOKEN, merchantId: 'A1SELLER', region: 'EU' });
    expect(noStores.statusCode).toBe(400);
    expect(noStores.json().error).toMatch(/no store of the chosen region/);
    fake.state.participations = ['A1PA6795UKMFR9'];
    // SP-API 403 on the participations (the application is not authorized for this seller).
    fake.state.participationsForbidden = true;
    const forbidden = await connect(owner, { refreshToken: GOOD_TOKEN, merchantId: 'A1SELLER', region: 'EU' });
    fake.state.participationsForbidden = false;
    expect(forbidden.statusCode).toBe(400);
    expect(forbidden.json().error).toMatch(/^Amazon refused access \(403 Unauthorized\)/);
    expect(await ctx.deps.db.query('select 1 from seller_accounts where organization_id = $1', [owner.organizationId])).toHaveLength(0);
  });

  it("says when the install has no Amazon application, and refuses to connect; a wrong client secret is the operator's", async () => {
    const wrongSecret = await buildTestApp({ env: { ...fake.env, SP_API_CLIENT_SECRET: 'not-the-secret' } });
    try {
      const owner = await createUser(wrongSecret.deps);
      const res = await wrongSecret.app.inject({
        method: 'PUT',
        url: '/api/seller-account',
        headers: owner.headers,
        payload: { refreshToken: GOOD_TOKEN, merchantId: 'A1SELLER', region: 'EU' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/\(invalid_client\): the operator should check SP_API_CLIENT_ID and SP_API_CLIENT_SECRET/);
    } finally {
      await wrongSecret.close();
    }
    const bare = await buildTestApp();
    try {
      const owner = await createUser(bare.deps);
      const seen = await bare.app.inject({ method: 'GET', url: '/api/seller-account', headers: owner.headers });
      expect(seen.json()).toMatchObject({ configured: false, connected: false });
      const res = await bare.app.inject({
        method: 'PUT',
        url: '/api/seller-account',
        headers: owner.headers,
        payload: { refreshToken: GOOD_TOKEN, merchantId: 'A1SELLER', region: 'EU' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/no Amazon application configured/);
    } finally {
      await bare.close();
    }
  });

  it('a key rotation: the previous key still reads the stored token, which is written again with the new key on first use', async () => {
    const owner = await createUser(ctx.deps);
    expect((await connect(owner, { refreshToken: GOOD_TOKEN, merchantId: 'A1ROTATE', region: 'EU' })).statusCode).toBe(200);
    const stored = async () =>
      (await ctx.deps.db.one<{ t: string }>('select refresh_token_encrypted as t from seller_accounts where organization_id = $1', [owner.organizationId])).t;
    const before = await stored();
    const oldKey = { ...ctx.deps.config, SP_API_TOKEN_KEY_PREVIOUS: undefined };
    const rotated = { ...ctx.deps.config, SP_API_TOKEN_KEY: 'n'.repeat(40), SP_API_TOKEN_KEY_PREVIOUS: ctx.deps.config.SP_API_TOKEN_KEY };
    expect(before.split('.')[0]).toBe(tokenKeys(oldKey).current.id);

    // Without the previous key the token cannot be read: nothing is asked of Amazon.
    const lwa = () => fake.requests.filter((r) => r.path === '/auth/o2/token').length;
    const calls = lwa();
    const withoutPrevious = { ...rotated, SP_API_TOKEN_KEY_PREVIOUS: undefined };
    await expect(
      accessTokenOf({ config: withoutPrevious, db: ctx.deps.db }, (await findAccount(ctx.deps.db, owner.organizationId))!, { fresh: true }),
    ).rejects.toThrow(TokenKeyMissing);
    expect(lwa()).toBe(calls);

    // With it: read, used at Amazon, and stored again with the new key (which alone reads it from then on).
    const token = await accessTokenOf({ config: rotated, db: ctx.deps.db }, (await findAccount(ctx.deps.db, owner.organizationId))!, { fresh: true });
    expect(token).toBeTruthy();
    expect(lwa()).toBe(calls + 1);
    const after = await stored();
    expect(after).not.toBe(before);
    expect(after).not.toContain('Atzr');
    expect(after.split('.')[0]).toBe(tokenKeys(rotated).current.id);
    expect(decryptToken(after, tokenKeys(withoutPrevious))).toEqual({ plain: GOOD_TOKEN, stale: false });
    forgetAccessToken(owner.organizationId);
  });

  it('a product admin may connect their organization; the secret is in no log line', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    fake.state.participations = ['A1PA6795UKMFR9', 'A13V1IB3VIYZZH'];
    const res = await connect(admin, { refreshToken: GOOD_TOKEN, merchantId: 'A1ADMIN', region: 'EU' });
    expect(res.statusCode).toBe(200);
    const logs = logLines.join('\n');
    expect(logs).toContain('seller account connected');
    expect(logs).not.toContain(GOOD_TOKEN);
    expect(logs).not.toContain('Atzr|');
    expect(logs).not.toContain(CLIENT_SECRET);
    expect(logs).not.toContain('wrong-token-SECRET');
  });
});
