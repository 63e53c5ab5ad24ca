import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import { multipart, waitForStatus } from '../scans/helpers.ts';

/**
 * Match rules per organization: the API, organization scoping, and the rules applied by every scan kind
 * (supplier, CSV Template, brand scans) and the look-up behind a price drop's profit basis — on the demo catalogue.
 */
describe('match rules', () => {
  let ctx: TestContext;
  let alice: TestUser; // organization A
  let alicesColleague: TestUser; // organization A too
  let bob: TestUser; // organization B
  let admin: TestUser; // organization C (CSV Template Analyzer is admin-only)
  /** A demo EAN with two DE listings, both with a buy box: best and worse rank. */
  let ean: string;
  let brand: string;
  let best: string;
  let worse: string;
  let worsePacks: number;

  beforeAll(async () => {
    ctx = await buildTestApp({ withQueue: true, env: { MARKET_DATA: 'demo' } });
    alice = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    alicesColleague = await createUser(ctx.deps, { tier: 'PRO' });
    await ctx.deps.db.execute('update users set organization_id = $1 where id = $2', [alice.organizationId, alicesColleague.id]);
    bob = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    admin = await createUser(ctx.deps, { role: 'ADMIN', minRoiThreshold: 0.15 });
    const at = ctx.clock.now();
    const variant = demoCatalogue().variants.find((v) => {
      const listings = demoListings(v.gtin, 'DE', at);
      return (
        listings.length === 2 &&
        listings.every((l) => l.buyBoxPrice !== null && l.mainCategoryRank !== null) &&
        listings[0]!.mainCategoryRank !== listings[1]!.mainCategoryRank
      );
    })!;
    ean = variant.gtin;
    brand = variant.brand;
    const [a, b] = demoListings(ean, 'DE', at) as [NonNullable<ReturnType<typeof demoListings>[number]>, NonNullable<ReturnType<typeof demoListings>[number]>];
    const [first, second] = a.mainCategoryRank! < b.mainCategoryRank! ? [a, b] : [b, a];
    best = first.asin;
    worse = second.asin;
    worsePacks = second.packageQuantity;
  });
  afterAll(async () => ctx?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser | undefined, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: who?.headers, payload: payload as object });
  const resolve = async (who: TestUser | undefined) =>
    (await ctx.deps.marketData.lookupListings([ean], 'DE', who ? { organizationId: who.organizationId } : {})).resolved.get(ean);

  async function supplierDeals(who: TestUser): Promise<DealProduct[]> {
    const started = await call('POST', '/api/supplier-analyzer/start', who, { marketId: 'DE', rows: [{ ean, brand, price: 0.5 }] });
    expect(started.statusCode).toBe(200);
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${started.json().scanId}/status`, who.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');
    return (await call('GET', '/api/supplier-analyzer/results', who)).json().content;
  }

  it('is for logged-in members only, validates its input with sentences, and keeps rules per organization', async () => {
    expect((await call('GET', '/api/match-rules', undefined)).statusCode).toBe(401);
    expect((await call('POST', '/api/match-rules', alice, { ean, asin: worse, kind: 'always' })).json().error).toBe(
      'Please give the number of packs of an always-match rule.',
    );
    expect((await call('POST', '/api/match-rules', alice, { ean, asin: worse, kind: 'never', numberOfPacks: 2 })).statusCode).toBe(400);
    expect((await call('POST', '/api/match-rules', alice, { ean: '4006381333932', asin: worse, kind: 'never' })).statusCode).toBe(400);
    expect((await call('POST', '/api/match-rules', alice, { ean, asin: 'nope', kind: 'never' })).statusCode).toBe(400);
    expect((await call('POST', '/api/match-rules', alice, { ean, asin: worse, kind: 'sometimes' })).statusCode).toBe(400);

    const created = await call('POST', '/api/match-rules', alice, { ean, asin: worse.toLowerCase(), kind: 'never', productName: 'Wrong one', market: 'DE' });
    expect(created.statusCode).toBe(201);
    const rule = created.json();
    expect(rule).toMatchObject({ ean, asin: worse, kind: 'never', numberOfPacks: null, productName: 'Wrong one', market: 'DE', createdBy: alice.username });

    // The colleague sees and may undo it; another organization neither sees it nor can delete it (404).
    expect((await call('GET', '/api/match-rules', alicesColleague)).json()).toMatchObject({ totalElements: 1, content: [{ id: rule.id }] });
    expect((await call('GET', '/api/match-rules', bob)).json()).toMatchObject({ totalElements: 0, content: [] });
    expect((await call('DELETE', `/api/match-rules/${rule.id}`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/match-rules/not-a-uuid', alice)).statusCode).toBe(404);
    expect((await call('GET', `/api/match-rules?search=${worse.slice(2, 8).toLowerCase()}`, alice)).json().totalElements).toBe(1);
    expect((await call('GET', '/api/match-rules?search=ZZZZZZ', alice)).json().totalElements).toBe(0);

    // An always rule for the same EAN and ASIN replaces the never rule; a second always rule for the EAN replaces the first.
    const always = (await call('POST', '/api/match-rules', alicesColleague, { ean, asin: worse, kind: 'always', numberOfPacks: 3 })).json();
    expect((await call('GET', '/api/match-rules', alice)).json().content).toEqual([
      expect.objectContaining({ id: always.id, kind: 'always', numberOfPacks: 3 }),
    ]);
    const switched = (await call('POST', '/api/match-rules', alice, { ean, asin: best, kind: 'always', numberOfPacks: 1 })).json();
    expect((await call('GET', '/api/match-rules', alice)).json().content.map((r: { id: string }) => r.id)).toEqual([switched.id]);
    expect((await call('DELETE', `/api/match-rules/${switched.id}`, alicesColleague)).statusCode).toBe(204);
    expect((await call('GET', '/api/match-rules', alice)).json().totalElements).toBe(0);
  });

  it("precedence: the organization's always rule > the admin mapping (unless a never rule names it) > the best rank; other organizations unaffected", async () => {
    expect(await resolve(alice)).toMatchObject({ listing: { asin: best }, matchedBy: 'rank', alternatives: [{ asin: worse }] });

    const mapping = (await call('POST', '/api/ean-asin-mapping', admin, { ean, asin: worse, name: 'Mapped', brand, numberOfPacks: 7 })).json();
    expect(await resolve(bob)).toMatchObject({ listing: { asin: worse }, numberOfPacks: 7, matchedBy: 'mapping' });

    const never = (await call('POST', '/api/match-rules', alice, { ean, asin: worse, kind: 'never' })).json();
    const forAlice = await resolve(alice);
    expect(forAlice).toMatchObject({ listing: { asin: best }, matchedBy: 'rank', alternatives: [] });
    expect(await resolve(bob)).toMatchObject({ listing: { asin: worse }, numberOfPacks: 7 });

    await call('POST', '/api/match-rules', alice, { ean, asin: best, kind: 'always', numberOfPacks: 4 });
    expect(await resolve(alice)).toMatchObject({ listing: { asin: best }, numberOfPacks: 4, matchedBy: 'rule' });
    // Never both listings: no match at all for Alice's organization.
    await call('POST', '/api/match-rules', alice, { ean, asin: best, kind: 'never' });
    expect(await resolve(alice)).toBeUndefined();
    expect(await resolve(undefined)).toMatchObject({ listing: { asin: worse }, numberOfPacks: 7 });

    // Clean up for the next tests.
    for (const r of (await call('GET', '/api/match-rules', alice)).json().content) await call('DELETE', `/api/match-rules/${r.id}`, alice);
    await call('DELETE', `/api/match-rules/${never.id}`, alice);
    expect((await call('DELETE', `/api/ean-asin-mapping/${mapping.id}`, admin)).statusCode).toBe(204);
  });

  it('supplier scans: a deal shows its alternatives; "wrong match" hides it at once and the next scan uses the other listing; another organization keeps its match', async () => {
    const first = await supplierDeals(alice);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ ean, asin: best, matchSource: 'rank', alternatives: [{ asin: worse, numberOfPacks: worsePacks }] });
    expect(first[0]!.alternatives[0]!.mainCategoryRank).toBeGreaterThan(first[0]!.mainCategoryRank!);

    const rule = (await call('POST', '/api/match-rules', alice, { ean, asin: best, kind: 'never', market: 'DE' })).json();
    // Gone from the list (and the colleague's lists) at once, without a new scan.
    expect((await call('GET', '/api/supplier-analyzer/results', alice)).json().totalElements).toBe(0);

    const next = await supplierDeals(alice);
    expect(next.map((d) => d.asin)).toEqual([worse]);
    expect(next[0]).toMatchObject({ matchSource: 'rank', alternatives: [], breakdown: { numberOfPacks: worsePacks } });

    expect((await supplierDeals(bob)).map((d) => d.asin)).toEqual([best]);

    // Switching: an always rule with a pack count chooses the listing and its pack count.
    await call('POST', '/api/match-rules', alice, { ean, asin: best, kind: 'always', numberOfPacks: 2 });
    const switched = await supplierDeals(alice);
    expect(switched[0]).toMatchObject({ asin: best, matchSource: 'rule', breakdown: { numberOfPacks: 2 } });
    expect((await call('GET', '/api/match-rules', alice)).json().content).toEqual([expect.objectContaining({ kind: 'always', asin: best })]);
    expect(rule.id).not.toBe(switched[0]!.id);
    for (const r of (await call('GET', '/api/match-rules', alice)).json().content) await call('DELETE', `/api/match-rules/${r.id}`, alice);
  });

  it("CSV Template scans apply the scanning admin's organization rules", async () => {
    await call('POST', '/api/match-rules', admin, { ean, asin: best, kind: 'never' });
    const body = multipart(
      { marketId: 'DE', eanColumn: 'ean', brandColumn: 'brand', priceColumn: 'price' },
      { name: 'list.csv', content: `ean,brand,price\n${ean},${brand},0.50\n` },
    );
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/catalog/scan/start',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(started.statusCode).toBe(200);
    const scanId = started.body;
    const done = await waitForStatus(ctx, `/api/catalog/scan/${scanId}/status`, admin.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');
    const file = await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/results`, headers: admin.headers });
    const [header, row] = file.body.trim().split(/\r?\n/);
    const asinAt = header!.split(',').indexOf('asin');
    expect(row!.split(',')[asinAt]).toBe(worse);
  });

  it("brand scans apply the member's organization rules; favorites carry their alternatives", async () => {
    const scan = async (who: TestUser) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/brand-analyzer/scan?brands=${encodeURIComponent(brand)}&markets=DE`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(202);
      const id = res.json().scanId;
      const done = await waitForStatus(ctx, `/api/brand-analyzer/scan/${id}`, who.headers, ['COMPLETED', 'ERROR'], 60_000);
      expect(done.status).toBe('COMPLETED');
      const favorites: Favorite[] = (await call('GET', `/api/brand-analyzer/favorites?brands=${encodeURIComponent(brand)}&size=100`, who)).json().content;
      return favorites;
    };
    const bobs = await scan(bob);
    const withAlternative = bobs.find((f) => f.alternatives.length > 0);
    expect(withAlternative, 'a favorite of the brand with a second listing').toBeDefined();
    await call('POST', '/api/match-rules', alice, { ean: withAlternative!.ean, asin: withAlternative!.asin, kind: 'never' });
    const alices = await scan(alice);
    expect(alices.some((f) => f.ean === withAlternative!.ean && f.asin === withAlternative!.asin)).toBe(false);
    // Bob's favorites are untouched by Alice's rule.
    expect((await call('GET', `/api/brand-analyzer/favorites?brands=${encodeURIComponent(brand)}&size=100`, bob)).json().content).toContainEqual(
      expect.objectContaining({ ean: withAlternative!.ean, asin: withAlternative!.asin }),
    );
  });

  it("a price drop's profit basis looks the EAN up with the member's organization rules", async () => {
    await call('POST', '/api/match-rules', alicesColleague, { ean, asin: worse, kind: 'always', numberOfPacks: 6 });
    expect(await resolve(alice)).toMatchObject({ listing: { asin: worse }, numberOfPacks: 6, matchedBy: 'rule' });
    expect(await resolve(bob)).toMatchObject({ listing: { asin: best }, matchedBy: 'rank' });
  });
});
