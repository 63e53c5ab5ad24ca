import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';

describe('user settings, account info and primary country', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // GROWTH: a plan whose ROI filter is adjustable
    user = await createUser(ctx.deps, { minRoiThreshold: 0.2, country: null, tier: 'GROWTH' });
  });
  afterAll(async () => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string> = user.headers, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, payload: payload as never });

  it('reads and saves the minimum ROI threshold as a fraction', async () => {
    expect((await call('GET', '/api/user/settings')).json()).toEqual({ minRoiThreshold: 0.2 });
    const saved = await call('PUT', '/api/user/settings', user.headers, { minRoiThreshold: 0.255 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ minRoiThreshold: 0.255 });
    expect((await call('GET', '/api/user/settings')).json()).toEqual({ minRoiThreshold: 0.255 });
  });

  it.each([[1.5], [-0.1], ['0.3'], [null]])('refuses minRoiThreshold %j with 400', async (value) => {
    const res = await call('PUT', '/api/user/settings', user.headers, { minRoiThreshold: value });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect((await call('GET', '/api/user/settings')).json()).toEqual({ minRoiThreshold: 0.255 });
  });

  it('answers the account info', async () => {
    const res = await call('GET', '/api/user/settings/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: user.username, email: user.email, role: 'USER', active: true, organizationName: `${user.username} Ltd` });
  });

  it('a plan with a fixed ROI filter cannot change the threshold (403)', async () => {
    const free = await createUser(ctx.deps, { tier: 'FREE' });
    const res = await call('PUT', '/api/user/settings', free.headers, { minRoiThreshold: 0.3 });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/user/settings', free.headers)).json()).toEqual({ minRoiThreshold: 0.15 });
  });

  it('primary country is null (EUR) until chosen, then UK/GBP or continental/EUR', async () => {
    expect((await call('GET', '/api/user/settings/primary-country')).json()).toEqual({ country: null, currency: 'EUR', currencySymbol: '€' });
    const uk = await call('POST', '/api/user/settings/primary-country', user.headers, { countryCode: 'UK' });
    expect(uk.statusCode).toBe(200);
    expect(uk.json()).toEqual({ country: 'UK', currency: 'GBP', currencySymbol: '£', message: 'Primary business country set to United Kingdom (GBP).' });
    expect((await call('GET', '/api/user/settings/primary-country')).json()).toEqual({ country: 'UK', currency: 'GBP', currencySymbol: '£' });
    const fr = await call('POST', '/api/user/settings/primary-country', user.headers, { countryCode: 'FR' });
    expect(fr.json()).toMatchObject({ country: 'FR', currency: 'EUR', currencySymbol: '€' });
    const bad = await call('POST', '/api/user/settings/primary-country', user.headers, { countryCode: 'US' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid selection');
  });

  it('the admin country buttons set the admin country; non-admins get 403, unknown codes 400', async () => {
    const admin = await createUser(ctx.deps, { role: 'ADMIN' });
    for (const code of ['UK', 'DE', 'IT', 'ES', 'FR']) {
      const res = await call('POST', `/api/user/settings/country/${code}`, admin.headers);
      expect(res.statusCode).toBe(200);
      expect(typeof res.json().message).toBe('string');
      expect((await call('GET', '/api/user/settings/primary-country', admin.headers)).json().country).toBe(code);
    }
    expect((await call('POST', '/api/user/settings/country/IT', admin.headers)).json()).toEqual({ message: 'Country changed to Italy.' });
    const bad = await call('POST', '/api/user/settings/country/US', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Invalid selection');
    const forbidden = await call('POST', '/api/user/settings/country/UK');
    expect(forbidden.statusCode).toBe(403);
    expect((await call('GET', '/api/user/settings/primary-country')).json().country).toBe('FR');
  });

  it('every settings call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/settings'],
      ['PUT', '/api/user/settings'],
      ['GET', '/api/user/settings/info'],
      ['GET', '/api/user/settings/primary-country'],
      ['POST', '/api/user/settings/primary-country'],
      ['POST', '/api/user/settings/country/UK'],
    ] as const) {
      expect((await call(method, url, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
