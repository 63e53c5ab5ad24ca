import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';

describe('EAN-ASIN mapping API (SPEC §7)', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createUser(ctx.deps, { role: 'ADMIN' });
    user = await createUser(ctx.deps, { tier: 'PRO' });
  });
  afterAll(async () => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser | undefined, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: who?.headers, payload: payload as object });
  const body = { ean: '4006381333931', asin: 'B08N5WRWNW', name: 'Face Cream 50 ml', brand: 'Alpha', numberOfPacks: 3 };

  it('is admin-only', async () => {
    expect((await call('GET', '/api/ean-asin-mapping', user)).statusCode).toBe(403);
    expect((await call('POST', '/api/ean-asin-mapping', user, body)).statusCode).toBe(403);
    expect((await call('GET', '/api/ean-asin-mapping', undefined)).statusCode).toBe(401);
  });

  it('creates, lists (paged, newest first), updates and deletes', async () => {
    const created = await call('POST', '/api/ean-asin-mapping', admin, { ...body, ean: ' 4006-3813 33931 ', asin: 'b08n5wrwnw' });
    expect(created.statusCode).toBe(201);
    const mapping = created.json();
    expect(mapping).toMatchObject({ ean: '4006381333931', asin: 'B08N5WRWNW', name: 'Face Cream 50 ml', brand: 'Alpha', numberOfPacks: 3 });
    expect(mapping.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(mapping.createdAt).toISOString()).toBe(mapping.createdAt);

    ctx.clock.advance(1000);
    const second = (await call('POST', '/api/ean-asin-mapping', admin, { ...body, ean: '036000291452', asin: 'B000000002' })).json();
    const list = await call('GET', '/api/ean-asin-mapping?page=0&size=100', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalElements: 2, totalPages: 1 });
    expect(list.json().content.map((m: { id: string }) => m.id)).toEqual([second.id, mapping.id]);
    const page2 = (await call('GET', '/api/ean-asin-mapping?page=1&size=1', admin)).json();
    expect(page2).toMatchObject({ totalElements: 2, totalPages: 2 });
    expect(page2.content[0].id).toBe(mapping.id);

    const updated = await call('PUT', `/api/ean-asin-mapping/${mapping.id}`, admin, { ...body, name: 'Face Cream 3-pack', numberOfPacks: 6 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: mapping.id, name: 'Face Cream 3-pack', numberOfPacks: 6, createdAt: mapping.createdAt });

    expect((await call('DELETE', `/api/ean-asin-mapping/${mapping.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/ean-asin-mapping/${mapping.id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/ean-asin-mapping', admin)).json().totalElements).toBe(1);
  });

  it.each([
    [{ ...body, ean: '' }, 'EAN is required'],
    [{ ...body, ean: undefined }, 'EAN is required'],
    [{ ...body, ean: '4006381333932' }, 'The EAN 4006381333932 has a wrong check digit (the last digit should be 1).'],
    [{ ...body, asin: undefined }, 'ASIN is required'],
    [{ ...body, asin: 'B08' }, 'ASIN must be 10 letters or digits (for example B08N5WRWNW).'],
    [{ ...body, name: '  ' }, 'Name is required'],
    [{ ...body, brand: undefined }, 'Brand is required'],
    [{ ...body, numberOfPacks: undefined }, 'Number of packs is required'],
    [{ ...body, numberOfPacks: 0 }, 'Number of packs must be at least 1.'],
    [{ ...body, numberOfPacks: 1.5 }, 'Number of packs must be a whole number.'],
    [{ ...body, numberOfPacks: '2' }, 'Number of packs is required'],
  ])('refuses %j with a sentence', async (payload, message) => {
    const res = await call('POST', '/api/ean-asin-mapping', admin, { ...payload, ean: payload.ean === undefined ? undefined : payload.ean });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('refuses a second mapping for the same EAN (409) and unknown ids (404)', async () => {
    await call('POST', '/api/ean-asin-mapping', admin, { ...body, ean: '96385074' });
    const again = await call('POST', '/api/ean-asin-mapping', admin, { ...body, ean: '0000096385074' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A mapping for EAN 0000096385074 already exists. Edit it instead.');
    expect((await call('PUT', '/api/ean-asin-mapping/not-a-uuid', admin, body)).statusCode).toBe(404);
    expect((await call('PUT', '/api/ean-asin-mapping/00000000-0000-4000-8000-000000000000', admin, body)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/ean-asin-mapping/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });

  it('bad pages, ids and bodies answer a JSON sentence with 400/404/415, never 500', async () => {
    for (const query of ['page=-1', 'page=abc', 'page=1.5', 'page=1e20', 'size=0', 'size=100000', 'size=1.5']) {
      const res = await call('GET', `/api/ean-asin-mapping?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error, query).toBe('string');
    }
    const past = await call('GET', '/api/ean-asin-mapping?page=99999999', admin);
    expect(past.statusCode).toBe(200);
    expect(past.json().content).toEqual([]);
    for (const id of ['abc', '99999999999999999999', '00000000-0000-0000-0000-000000000000']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(method, `/api/ean-asin-mapping/${id}`, admin, method === 'PUT' ? body : undefined);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json().error, `${method} ${id}`).toBe('This EAN-ASIN mapping does not exist.');
      }
    }
    // a NUL in the path is refused by the API-wide rule, before the route looks for the mapping
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, '/api/ean-asin-mapping/%00', admin, method === 'PUT' ? body : undefined);
      expect(res.statusCode, method).toBe(400);
      expect(res.json().error, method).toBe('The request contains a NUL character, which is not allowed.');
    }
    for (const bad of [
      null,
      [],
      'text',
      { ...body, numberOfPacks: '3' },
      { ...body, numberOfPacks: 1e9 },
      { ...body, ean: 12345 },
      { ...body, name: 'x'.repeat(501) },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/ean-asin-mapping',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(bad),
      });
      expect([400, 415], JSON.stringify(bad).slice(0, 40)).toContain(res.statusCode);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('a mapping changes the look-up at once: its ASIN and numberOfPacks are used', async () => {
    const { demoCatalogue } = await import('../../src/modules/market-data/providers/demo/demo-catalogue.ts');
    const { demoListings } = await import('../../src/modules/market-data/providers/demo/demo-retail.ts');
    const at = ctx.clock.now();
    const variant = demoCatalogue().variants.find((v) => demoListings(v.gtin, 'DE', at).length === 2)!;
    const [a, b] = demoListings(variant.gtin, 'DE', at);
    const worse = a!.mainCategoryRank! > b!.mainCategoryRank! ? a! : b!;
    const before = (await ctx.deps.marketData.lookupListings([variant.gtin], 'DE')).resolved.get(variant.gtin)!;
    expect(before.listing.asin).not.toBe(worse.asin);
    const res = await call('POST', '/api/ean-asin-mapping', admin, {
      ean: variant.gtin,
      asin: worse.asin,
      name: variant.name,
      brand: variant.brand,
      numberOfPacks: 12,
    });
    expect(res.statusCode).toBe(201);
    const after = (await ctx.deps.marketData.lookupListings([variant.gtin], 'DE')).resolved.get(variant.gtin)!;
    expect(after).toMatchObject({ mapped: true, numberOfPacks: 12, listing: { asin: worse.asin } });
  });
});

describe('GET /api/market-data/source', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => ctx.close());

  it('tells any logged-in user which source is active', async () => {
    const user = await createUser(ctx.deps);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/market-data/source', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ retail: 'demo', wholesale: 'demo', isDemo: true });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/market-data/source' })).statusCode).toBe(401);
  });

  it('offers a demo supplier price list whose EANs the demo catalogue knows', async () => {
    const { canonicalEan, normalizeEan } = await import('@dealradar/shared/ean');
    const user = await createUser(ctx.deps);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/market-data/demo/supplier-sample.csv', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('EAN,Brand,Price');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.length).toBeGreaterThanOrEqual(500);
    const eans = rows.slice(0, -2).map((r) => canonicalEan(r[0]));
    expect(eans.every(Boolean)).toBe(true);
    expect(normalizeEan(rows.at(-2)![0]).valid).toBe(true); // exact scientific notation: repaired
    expect(normalizeEan(rows.at(-1)![0]).valid).toBe(false); // digits lost: refused with a reason
    const lookup = await ctx.deps.marketData.lookupListings(eans as string[], 'DE');
    expect(lookup.resolved.size).toBeGreaterThan(300);
  });

  it('has no demo price list when real data is configured', async () => {
    const real = await buildTestApp({ env: { MARKET_DATA: 'keepa', KEEPA_API_KEY: 'k', KEEPA_BASE_URL: 'http://127.0.0.1:9' } });
    try {
      const user = await createUser(real.deps);
      const res = await real.app.inject({ method: 'GET', url: '/api/market-data/demo/supplier-sample.csv', headers: user.headers });
      expect(res.statusCode).toBe(404);
      const source = await real.app.inject({ method: 'GET', url: '/api/market-data/source', headers: user.headers });
      expect(source.json()).toEqual({ retail: 'keepa', wholesale: 'demo', isDemo: true });
    } finally {
      await real.close();
    }
  });
});
