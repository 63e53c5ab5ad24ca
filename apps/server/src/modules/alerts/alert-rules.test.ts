import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertRuleBody } from '@dealradar/shared/contracts/alerts';
import { TestClock } from '../../lib/clock.ts';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { createUser, type TestUser } from '../../../test/factories/users.ts';
import type { AmazonListing, MarketDataService } from '../market-data/market-data.types.ts';
import { catalogueOf, variant } from '../price-drops/price-drops.test-helpers.ts';
import type { RefreshDeps } from '../price-drops/price-refresh.service.ts';
import { refreshAndAlert } from './refresh-alerts.test-helpers.ts';
import { sendDigests } from './alert-dispatch.service.ts';
import { ONLY_SELLABLE_UNAVAILABLE } from './alerts.service.ts';

const START = '2026-11-23T10:00:00.000Z';
const HOUR = 3600_000;
const GTIN = '4005808158232';

interface Step {
  /** Hours after the previous step (default 1). */
  after?: number;
  price: number;
  /** What happens before this step's refresh. */
  before?: 'pause' | 'resume' | 'downgrade' | 'upgrade';
  /** Drop deliveries this refresh must create (0 or 1 for one product). */
  expect: number;
  /** The drop percentage the delivery carries. */
  pct?: number;
}

const rule = (overrides: Partial<AlertRuleBody> = {}): Partial<AlertRuleBody> => ({ name: 'Nivea drops', channel: 'email', ...overrides });

/** Drop sequences of one product × one rule → the deliveries each refresh creates. */
const CASES: Array<{ name: string; rule: Partial<AlertRuleBody>; steps: Step[]; pausedReason?: string | null }> = [
  {
    name: 'first alert: a new drop alerts once',
    rule: rule(),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1, pct: 20 },
    ],
  },
  {
    name: 'unchanged: the same drop never alerts again',
    rule: rule(),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1 },
      { price: 800, expect: 0 },
      { price: 800, expect: 0 },
    ],
  },
  {
    name: 'better by less than the re-arm points: no second alert',
    rule: rule({ rearmPoints: 5 }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1 },
      { price: 760, expect: 0 },
    ],
  },
  {
    name: 're-arm: better by at least N points alerts again with the new percentage',
    rule: rule({ rearmPoints: 5 }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1, pct: 20 },
      { price: 750, expect: 1, pct: 25 },
    ],
  },
  {
    name: 're-arm is measured from the last alert, not from the last refresh',
    rule: rule({ rearmPoints: 5 }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1 },
      { price: 780, expect: 0 },
      { price: 760, expect: 0 },
      { price: 740, expect: 1, pct: 26 },
    ],
  },
  {
    name: 'rise: the drop is gone and does not alert; a later fall is a new drop and alerts',
    rule: rule(),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1 },
      { price: 900, expect: 0 },
      { price: 855, expect: 1, pct: 5 },
    ],
  },
  {
    name: 'expiry: an expired drop never alerts',
    rule: rule(),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1 },
      { after: 25, price: 800, expect: 0 },
    ],
  },
  {
    name: 'a new rule alerts for drops that were already active',
    rule: rule(),
    steps: [
      { price: 1000, expect: 0, before: 'pause' },
      { price: 800, expect: 0 },
      { price: 800, expect: 1, before: 'resume' },
      { price: 800, expect: 0 },
    ],
  },
  {
    name: 'paused rule: nothing is sent',
    rule: rule(),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0, before: 'pause' },
    ],
    pausedReason: 'user',
  },
  {
    name: 'downgraded plan: the rule is paused and nothing is sent',
    rule: rule(),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0, before: 'downgrade' },
      { price: 600, expect: 0, before: 'upgrade' },
    ],
    pausedReason: 'plan',
  },
  {
    name: 'minimum drop %: a smaller drop does not alert',
    rule: rule({ minDropPercentage: 25 }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0 },
      { price: 700, expect: 1, pct: 30 },
    ],
  },
  {
    name: 'brands: another brand does not alert',
    rule: rule({ brands: ['Garnier'] }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0 },
    ],
  },
  {
    name: 'brands: the named brand alerts',
    rule: rule({ brands: ['Nivea', 'Garnier'] }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1 },
    ],
  },
  {
    name: 'categories: only the chosen ones',
    rule: rule({ categories: ['MEDIUM'] }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0 },
      { price: 700, expect: 1 },
    ],
  },
  {
    name: 'minimum stock: 10 in stock does not pass 11',
    rule: rule({ minStock: 11 }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0 },
    ],
  },
  {
    name: "minimum ROI on the rule's market: DE passes",
    rule: rule({ minRoiPercentage: 50, roiMarkets: ['DE'] }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 1 },
    ],
  },
  {
    name: 'minimum ROI on another market: no ROI there, no alert',
    rule: rule({ minRoiPercentage: 50, roiMarkets: ['FR'] }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0 },
    ],
  },
  {
    name: 'minimum ROI too high: no alert',
    rule: rule({ minRoiPercentage: 5000 }),
    steps: [
      { price: 1000, expect: 0 },
      { price: 800, expect: 0 },
    ],
  },
];

/** DE has a listing (buy box €50) for every EAN; other markets have none. */
function listingIn(market: string, ean: string): AmazonListing {
  return {
    ean,
    asin: 'B000TEST01',
    market,
    title: 'Test',
    brand: 'Nivea',
    imageUrl: null,
    buyBoxPrice: 5000,
    lowestFbaPrice: null,
    lowestFbmPrice: null,
    offerCount: 3,
    mainCategoryRank: 1000,
    referralFeeRate: 0.15,
    fbaFee: 300,
  } as unknown as AmazonListing;
}

describe('alert rules: drop sequences × rules → deliveries', () => {
  let ctx: TestContext;
  let clock: TestClock;
  let deps: RefreshDeps;
  let user: TestUser;

  beforeAll(async () => {
    clock = new TestClock(START);
    ctx = await buildTestApp({ clock });
    const marketData = {
      ...ctx.deps.marketData,
      fxRate: async () => ({ rate: 1, date: '2026-11-20', source: 'test' }),
      lookupListings: async (eans: string[], market: string) => ({
        resolved: new Map(
          market === 'DE' ? eans.map((ean) => [ean, { listing: listingIn(market, ean), numberOfPacks: 1, alternatives: [], mapped: false }]) : [],
        ),
        notLookedUp: [],
        upstreamRequests: 0,
      }),
    } as unknown as MarketDataService;
    deps = { ...ctx.deps, marketData };
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    clock.set(START);
    await ctx.deps.db.exec(
      'delete from alert_deliveries; delete from alert_rules; delete from price_drops; delete from wholesale_price_history; delete from wholesale_products; delete from price_refresh_runs;',
    );
    user = await createUser(ctx.deps, { tier: 'GROWTH' });
  });

  const setTier = (tier: string) => ctx.deps.db.execute('update organizations set subscription_tier = $1 where id = $2', [tier, user.organizationId]);

  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: testCase.rule });
      expect(created.statusCode, created.body).toBe(201);
      const ruleId = created.json().id as number;
      for (const [i, step] of testCase.steps.entries()) {
        if (i > 0) clock.advance(Math.round((step.after ?? 1) * HOUR));
        if (step.before === 'pause' || step.before === 'resume') {
          const res = await ctx.app.inject({
            method: 'PATCH',
            url: `/api/alerts/rules/${ruleId}`,
            headers: user.headers,
            payload: { paused: step.before === 'pause' },
          });
          expect(res.statusCode).toBe(200);
        }
        if (step.before === 'downgrade') await setTier('STARTER');
        if (step.before === 'upgrade') await setTier('PRO');
        const before = await ctx.deps.db.one<{ n: number }>(`select count(*)::int as n from alert_deliveries where kind = 'drops'`);
        const result = await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf([variant(GTIN, step.price)]) });
        const rows = await ctx.deps.db.query<{ items: Array<{ dropPercentage: number; gtin: string }>; status: string }>(
          `select items, status from alert_deliveries where kind = 'drops' order by id offset $1`,
          [before.n],
        );
        expect(rows.length, `step ${i + 1}`).toBe(step.expect);
        expect(result.alerts?.deliveries).toBe(step.expect);
        if (step.pct !== undefined) expect(Number(rows[0]!.items[0]!.dropPercentage)).toBe(step.pct);
        for (const row of rows) expect(row.items.map((item) => item.gtin)).toEqual([GTIN]);
      }
      if (testCase.pausedReason !== undefined) {
        const list = await ctx.deps.db.one<{ paused: boolean; reason: string | null }>(
          'select paused, paused_reason as reason from alert_rules where id = $1',
          [ruleId],
        );
        expect(list).toEqual({ paused: true, reason: testCase.pausedReason });
      }
    });
  }

  it('one delivery per rule and refresh, listing its drops best first', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: rule() });
    const gtins = ['4005808158232', '4005808158249', '4005808158256'];
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf(gtins.map((g) => variant(g, 1000))) });
    clock.advance(HOUR);
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf(gtins.map((g, i) => variant(g, 900 - i * 100))) });
    const rows = await ctx.deps.db.query<{ summary: string; dropCount: number; items: Array<{ gtin: string }> }>(
      `select summary, drop_count as "dropCount", items from alert_deliveries where kind = 'drops'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.summary).toBe('3 price drops for "Nivea drops"');
    expect(rows[0]!.items.map((item) => item.gtin)).toEqual([...gtins].reverse());
  });

  it('the hourly sweep removes the alert state of ended drops and deleted rules, and keeps that of active drops', async () => {
    const a = (await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: rule({ name: 'A' }) })).json() as {
      id: number;
    };
    const b = (await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: rule({ name: 'B' }) })).json() as {
      id: number;
    };
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf([variant(GTIN, 1000), variant('3600523614431', 1000)]) });
    clock.advance(HOUR);
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf([variant(GTIN, 800), variant('3600523614431', 800)]) });
    clock.advance(HOUR);
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf([variant(GTIN, 900), variant('3600523614431', 800)]) });
    const states = () =>
      ctx.deps.db.query<{ rule: number; gtin: string }>(
        'select s.rule_id as rule, d.gtin from alert_drop_state s join price_drops d on d.id = s.drop_id order by 1, 2',
      );
    expect(await states()).toHaveLength(4);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/alerts/rules/${b.id}`, headers: user.headers })).statusCode).toBe(200);
    await sendDigests(ctx.deps, 'hourly');
    expect(await states()).toEqual([{ rule: a.id, gtin: '3600523614431' }]);
  });

  it('"Only products I can sell" is refused with a sentence on an install without an Amazon application', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: rule({ onlySellable: true }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ONLY_SELLABLE_UNAVAILABLE);
    const plain = await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: rule() });
    expect(plain.json().onlySellable).toBe(false);
  });

  it('the rules of another user and of FREE users are not used', async () => {
    const free = await createUser(ctx.deps, { tier: 'FREE' });
    await ctx.deps.db.execute(`insert into alert_rules (user_id, name, channel, created_at) values ($1, 'free rule', 'email', now())`, [free.id]);
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf([variant(GTIN, 1000)]) });
    clock.advance(HOUR);
    const result = await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf([variant(GTIN, 800)]) });
    expect(result.alerts?.deliveries).toBe(0);
    const rules = await ctx.deps.db.query<{ paused: boolean; reason: string }>('select paused, paused_reason as reason from alert_rules where user_id = $1', [
      free.id,
    ]);
    expect(rules).toEqual([{ paused: true, reason: 'plan' }]);
  });

  it("digests: hourly rules wait and are grouped into one e-mail per user with every rule's drops, best first", async () => {
    const post = (payload: Partial<AlertRuleBody>) =>
      ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: rule(payload) });
    await post({ name: 'Nivea hourly', brands: ['Nivea'], emailFrequency: 'hourly' });
    await post({ name: 'Garnier hourly', brands: ['Garnier'], emailFrequency: 'hourly' });
    await post({ name: 'All daily', emailFrequency: 'daily' });
    const other = await createUser(ctx.deps, { tier: 'PRO' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/alerts/rules',
      headers: other.headers,
      payload: rule({ name: 'Other hourly', emailFrequency: 'hourly' }),
    });
    const products = [variant('4005808158232', 1000), variant('3600523614431', 1000, { brand: 'Garnier' })];
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf(products) });
    clock.advance(HOUR);
    const result = await refreshAndAlert(deps, {
      trigger: 'test',
      catalogue: catalogueOf([
        { ...products[0]!, priceExclVat: 900 },
        { ...products[1]!, priceExclVat: 500 },
      ]),
    });
    expect(result.alerts?.deliveries).toBe(0);
    const waiting = await ctx.deps.db.query<{ frequency: string }>(`select frequency from alert_deliveries where status = 'digest' order by frequency`);
    expect(waiting.map((w) => w.frequency)).toEqual(['daily', 'hourly', 'hourly', 'hourly']);

    expect(await sendDigests(ctx.deps, 'hourly')).toBe(2);
    const digests = await ctx.deps.db.query<{ userId: string; summary: string; items: Array<{ gtin: string; rule: string }> }>(
      `select user_id as "userId", summary, items from alert_deliveries where kind = 'digest' order by id`,
    );
    const mine = digests.find((d) => d.userId === user.id)!;
    expect(mine.summary).toBe('Hourly digest: 2 price drops');
    expect(mine.items.map((i) => [i.gtin, i.rule])).toEqual([
      ['3600523614431', 'Garnier hourly'],
      ['4005808158232', 'Nivea hourly'],
    ]);
    const left = await ctx.deps.db.query<{ status: string; frequency: string }>(
      `select status, frequency from alert_deliveries where kind = 'drops' and user_id = $1 order by frequency, status`,
      [user.id],
    );
    expect(left).toEqual([
      { status: 'digest', frequency: 'daily' },
      { status: 'digested', frequency: 'hourly' },
      { status: 'digested', frequency: 'hourly' },
    ]);
    // Nothing waits any more: the next hourly digest sends nothing.
    expect(await sendDigests(ctx.deps, 'hourly')).toBe(0);
    expect(await sendDigests(ctx.deps, 'daily')).toBe(1);
  });

  it('a digest counts each waiting drop once, also when one waiting delivery holds several drops', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/alerts/rules', headers: user.headers, payload: rule({ name: 'All hourly', emailFrequency: 'hourly' }) });
    const products = [variant('4005808158232', 1000), variant('3600523614431', 1000, { brand: 'Garnier' })];
    await refreshAndAlert(deps, { trigger: 'test', catalogue: catalogueOf(products) });
    clock.advance(HOUR);
    await refreshAndAlert(deps, {
      trigger: 'test',
      catalogue: catalogueOf([
        { ...products[0]!, priceExclVat: 900 },
        { ...products[1]!, priceExclVat: 500 },
      ]),
    });
    const waiting = await ctx.deps.db.query<{ dropCount: number }>(
      `select drop_count as "dropCount" from alert_deliveries where status = 'digest' and user_id = $1`,
      [user.id],
    );
    expect(waiting).toEqual([{ dropCount: 2 }]);
    expect(await sendDigests(ctx.deps, 'hourly')).toBe(1);
    const digest = await ctx.deps.db.one<{ summary: string; dropCount: number; items: unknown[] }>(
      `select summary, drop_count as "dropCount", items from alert_deliveries where kind = 'digest' and user_id = $1`,
      [user.id],
    );
    expect(digest.summary).toBe('Hourly digest: 2 price drops');
    expect(digest.dropCount).toBe(2);
    expect(digest.items).toHaveLength(2);
  });
});
