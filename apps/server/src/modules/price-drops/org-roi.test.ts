import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { TestClock } from '../../lib/clock.ts';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import { demoCatalogue } from '../market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../market-data/providers/demo/demo-retail.ts';
import type { MarketDataService } from '../market-data/market-data.types.ts';
import { catalogueOf, variant } from './price-drops.test-helpers.ts';
import { refreshAndAlert } from '../alerts/refresh-alerts.test-helpers.ts';

const HOUR = 3600_000;

/**
 * An organization's match rules reach the Best ROI it sees and its alert rules' minimum ROI. On the
 * demo listings (Germany only, so the Best ROI is the German one): a wrong-match rule and an always-match 2-pack rule
 * give their organizations their own figure (the one their profit basis shows), another organization keeps the shared
 * figure, and a rule made or undone later changes the figure at once.
 */
describe('Best ROI per organization (match rules)', () => {
  let ctx: TestContext;
  let clock: TestClock;
  let alice: TestUser; // wrong match on the listing the shared figure uses
  let bob: TestUser; // always match the other listing, 2 packs
  let carol: TestUser; // no rules: the shared figure
  let dave: TestUser; // makes a rule after the refresh
  let ean: string;
  let best: string;
  let worse: string;
  const shared = { roi: 0 };
  const refresh = (price: number) => refreshAndAlert(ctx.deps, { trigger: 'test', catalogue: catalogueOf([variant(ean, price, { brand: 'OrgRoi' })]) });

  beforeAll(async () => {
    clock = new TestClock(new Date('2026-11-24T10:00:00Z'));
    ctx = await buildTestApp({ clock, env: { MARKET_DATA: 'demo' } });
    const real = ctx.deps.marketData;
    const onlyGermany: MarketDataService = {
      ...real,
      lookupListings: (eans, market, options) =>
        market === 'DE' ? real.lookupListings(eans, market, options) : Promise.resolve({ resolved: new Map(), notLookedUp: [], upstreamRequests: 0 }),
    };
    ctx.deps.marketData = onlyGermany;
    alice = await createUser(ctx.deps, { tier: 'PRO' });
    bob = await createUser(ctx.deps, { tier: 'PRO' });
    carol = await createUser(ctx.deps, { tier: 'PRO' });
    dave = await createUser(ctx.deps, { tier: 'PRO' });
    const at = clock.now();
    // A demo EAN with two German listings with a buy box, ranked differently, whose ROI differs.
    const found = demoCatalogue().variants.find((v) => {
      const listings = demoListings(v.gtin, 'DE', at);
      return (
        listings.length === 2 &&
        listings.every((l) => l.buyBoxPrice !== null && l.mainCategoryRank !== null) &&
        listings[0]!.mainCategoryRank !== listings[1]!.mainCategoryRank &&
        Math.abs(listings[0]!.buyBoxPrice! / listings[0]!.packageQuantity - listings[1]!.buyBoxPrice! / listings[1]!.packageQuantity) > 200
      );
    })!;
    ean = found.gtin;
    const [a, b] = demoListings(ean, 'DE', at);
    [best, worse] = a!.mainCategoryRank! < b!.mainCategoryRank! ? [a!.asin, b!.asin] : [b!.asin, a!.asin];
    await refresh(3000);
    // Rules made before the drop: the refresh that finds the drop computes the organizations' figures.
    const rule = async (who: TestUser, body: object) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/match-rules', headers: who.headers, payload: { ean, ...body } });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    await rule(alice, { asin: best, kind: 'never' });
    await rule(bob, { asin: worse, kind: 'always', numberOfPacks: 2 });
    clock.set(new Date(clock.now().getTime() + HOUR));
    await refresh(100);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, who: TestUser) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
  async function seen(who: TestUser): Promise<{ list: PriceDropItem; hot: PriceDropItem; recent: PriceDropItem; basis: number | null }> {
    const list = (await get('/api/price-alerts/price-drops?sortBy=bestRoiPercentage', who)).json().content as PriceDropItem[];
    const hot = (await get('/api/price-alerts/dashboard/hot-deals', who)).json() as PriceDropItem[];
    const recent = (await get('/api/price-alerts/dashboard/recent-drops', who)).json() as PriceDropItem[];
    const item = list.find((d) => d.productId === ean)!;
    const basis = (await get(`/api/price-alerts/price-drops/${item.id}/profit`, who)).json();
    return { list: item, hot: hot.find((d) => d.productId === ean)!, recent: recent.find((d) => d.productId === ean)!, basis: basis.roiPercentage };
  }

  it('an organization without rules sees the shared figure', async () => {
    const c = await seen(carol);
    expect(c.list.bestRoiPercentage).not.toBeNull();
    expect(c.list.bestRoiMarket).toBe('DE');
    expect(c.basis).toBe(c.list.bestRoiPercentage);
    shared.roi = c.list.bestRoiPercentage!;
    const stored = await ctx.deps.db.one<{ roi: number }>(`select best_roi_percentage as roi from price_drops where gtin = $1 and status = 'active'`, [ean]);
    expect(Number(stored.roi)).toBe(shared.roi);
  });

  it('a wrong-match rule gives its organization the figure of the listing left, on the list, the dashboard and the profit basis', async () => {
    const a = await seen(alice);
    expect(a.list.bestRoiPercentage).not.toBe(shared.roi);
    expect(a.list.bestRoiPercentage).toBe(a.basis);
    expect(a.hot.bestRoiPercentage).toBe(a.basis);
    expect(a.recent.bestRoiPercentage).toBe(a.basis);
  });

  it('an always-match 2-pack rule gives its organization the figure of 2 packs of that listing', async () => {
    const b = await seen(bob);
    expect(b.list.bestRoiPercentage).not.toBe(shared.roi);
    expect(b.list.bestRoiPercentage).toBe(b.basis);
    expect(b.hot.bestRoiPercentage).toBe(b.basis);
    const basis = (await get(`/api/price-alerts/price-drops/${b.list.id}/profit`, bob)).json();
    expect(basis).toMatchObject({ asin: worse, numberOfPacks: 2 });
  });

  it("the ROI filter and the alert rules' minimum ROI test each organization's own figure", async () => {
    const a = (await seen(alice)).list.bestRoiPercentage!;
    const b = (await seen(bob)).list.bestRoiPercentage!;
    // A threshold between the organization's figure and the shared one: exactly one of the two passes it.
    const between = (own: number) => Math.round(((own + shared.roi) / 2) * 100) / 100;
    const listed = async (who: TestUser, min: number) =>
      ((await get(`/api/price-alerts/price-drops?minRoi=${min}`, who)).json().content as PriceDropItem[]).some((d) => d.productId === ean);
    expect(await listed(alice, between(a))).toBe(a >= between(a));
    expect(await listed(carol, between(a))).toBe(shared.roi >= between(a));
    expect(await listed(bob, between(b))).toBe(b >= between(b));
    expect(await listed(carol, between(b))).toBe(shared.roi >= between(b));

    const alertRule = async (who: TestUser, min: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/alerts/rules',
        headers: who.headers,
        payload: { name: `ROI ${min}`, channel: 'email', minRoiPercentage: min },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await alertRule(alice, between(a));
    await alertRule(bob, between(b));
    await alertRule(carol, between(a));
    await alertRule(dave, between(b));
    clock.set(new Date(clock.now().getTime() + HOUR));
    await refresh(100); // the new rules look at every active drop once
    const delivered = async (who: TestUser) => {
      const log = await ctx.deps.db.query<{ items: Array<{ gtin: string; roi: number | null }> }>(
        `select items from alert_deliveries where user_id = $1 and kind = 'drops'`,
        [who.id],
      );
      return log.flatMap((d) => d.items.filter((i) => i.gtin === ean));
    };
    const [forAlice, forBob, forCarol, forDave] = [await delivered(alice), await delivered(bob), await delivered(carol), await delivered(dave)];
    expect(forAlice.length).toBe(a >= between(a) ? 1 : 0);
    expect(forCarol.length).toBe(shared.roi >= between(a) ? 1 : 0);
    expect(forBob.length).toBe(b >= between(b) ? 1 : 0);
    expect(forDave.length).toBe(shared.roi >= between(b) ? 1 : 0);
    // Own figure and shared figure are on both sides of each threshold: one of each pair is alerted.
    expect(forAlice.length + forCarol.length).toBe(1);
    expect(forBob.length + forDave.length).toBe(1);
    for (const [items, roi] of [
      [forAlice, a],
      [forBob, b],
      [forCarol, shared.roi],
      [forDave, shared.roi],
    ] as const) {
      for (const item of items) expect(item.roi).toBe(roi);
    }
  });

  it('a rule made or undone later changes the figure at once; other organizations keep theirs', async () => {
    const made = await ctx.app.inject({ method: 'POST', url: '/api/match-rules', headers: dave.headers, payload: { ean, asin: best, kind: 'never' } });
    expect(made.statusCode).toBe(201);
    const alicesFigure = (await seen(alice)).list.bestRoiPercentage;
    expect((await seen(dave)).list.bestRoiPercentage).toBe(alicesFigure);
    expect((await seen(carol)).list.bestRoiPercentage).toBe(shared.roi);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/match-rules/${made.json().id}`, headers: dave.headers })).statusCode).toBe(204);
    expect((await seen(dave)).list.bestRoiPercentage).toBe(shared.roi);
    expect((await seen(alice)).list.bestRoiPercentage).toBe(alicesFigure);
    // Only the organizations with rules for the drop have rows of their own.
    const rows = await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from price_drop_org_roi');
    expect(rows.n).toBe(2);
  });
});
