import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../lib/clock.ts';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import type { MarketDataService } from '../market-data/market-data.types.ts';
import { catalogueOf, variant } from './price-drops.test-helpers.ts';
import { refreshPrices, type RefreshDeps } from './price-refresh.service.ts';

const START = '2026-11-23T10:00:00.000Z';
const HOUR = 3600_000;

interface Step {
  /** Hours after the previous step. */
  after?: number;
  /** Price excl. VAT in cents; omitted: the product is absent from this catalogue. */
  price?: number;
}

interface Expected {
  created?: number;
  updated?: number;
  removed?: number;
  expired?: number;
  /** The active drop after the last step, or null. */
  active: null | { old: number; new: number; pct: number; category: string; priority: string };
  /** Status of every drop row of the product, oldest first. */
  statuses: string[];
}

/** Price sequences of one product → what the drop rules must make of them (SPEC §2 Price Alerts banner). */
const CASES: Array<{ name: string; steps: Step[]; expect: Expected }> = [
  { name: 'first sighting creates no drop', steps: [{ price: 1000 }], expect: { active: null, statuses: [] } },
  { name: 'unchanged price creates no drop', steps: [{ price: 1000 }, { after: 1, price: 1000 }], expect: { active: null, statuses: [] } },
  { name: 'a rise alone creates no drop', steps: [{ price: 1000 }, { after: 1, price: 1200 }], expect: { active: null, statuses: [] } },
  {
    name: 'a fall creates a drop with old/new prices and the percentage',
    steps: [{ price: 1000 }, { after: 1, price: 800 }],
    expect: { created: 1, active: { old: 1000, new: 800, pct: 20, category: 'SMALL', priority: 'HIGH' }, statuses: ['active'] },
  },
  {
    name: 'a further fall updates the drop to the better discount against the original old price',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 1, price: 600 }],
    expect: { updated: 1, active: { old: 1000, new: 600, pct: 40, category: 'MEDIUM', priority: 'VERY_HIGH' }, statuses: ['active'] },
  },
  {
    name: 'a rise of the price again removes the drop',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 1, price: 900 }],
    expect: { removed: 1, active: null, statuses: ['removed'] },
  },
  {
    name: 'after a removal a new fall is measured against the last known price',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 1, price: 900 }, { after: 1, price: 855 }],
    expect: { created: 1, active: { old: 900, new: 855, pct: 5, category: 'MINOR', priority: 'MEDIUM' }, statuses: ['removed', 'active'] },
  },
  {
    name: 'a drop expires 24 hours after it was detected',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 24, price: 800 }],
    expect: { expired: 1, active: null, statuses: ['expired'] },
  },
  {
    name: 'a drop is still active just before 24 hours',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 23.99, price: 800 }],
    expect: { expired: 0, active: { old: 1000, new: 800, pct: 20, category: 'SMALL', priority: 'HIGH' }, statuses: ['active'] },
  },
  {
    name: 'a fall after expiry creates a new drop against the dropped price',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 25, price: 700 }],
    expect: { created: 1, expired: 1, active: { old: 800, new: 700, pct: 12.5, category: 'SMALL', priority: 'MEDIUM' }, statuses: ['expired', 'active'] },
  },
  {
    name: 'a better discount restarts the 24 hours',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 23, price: 700 }, { after: 2, price: 700 }],
    expect: { expired: 0, active: { old: 1000, new: 700, pct: 30, category: 'MEDIUM', priority: 'VERY_HIGH' }, statuses: ['active'] },
  },
  {
    name: 'a product missing from one refresh keeps its drop',
    steps: [{ price: 1000 }, { after: 1, price: 800 }, { after: 1 }],
    expect: { active: { old: 1000, new: 800, pct: 20, category: 'SMALL', priority: 'HIGH' }, statuses: ['active'] },
  },
  {
    name: 'exactly 10 % is SMALL, exactly 75 % is HUGE / CRITICAL',
    steps: [{ price: 1000 }, { after: 1, price: 250 }],
    expect: { created: 1, active: { old: 1000, new: 250, pct: 75, category: 'HUGE', priority: 'CRITICAL' }, statuses: ['active'] },
  },
  {
    name: 'a 10 % fall is SMALL',
    steps: [{ price: 1000 }, { after: 1, price: 900 }],
    expect: { created: 1, active: { old: 1000, new: 900, pct: 10, category: 'SMALL', priority: 'MEDIUM' }, statuses: ['active'] },
  },
  {
    name: 'a tiny fall is MINOR / LOW',
    steps: [{ price: 1000 }, { after: 1, price: 991 }],
    expect: { created: 1, active: { old: 1000, new: 991, pct: 0.9, category: 'MINOR', priority: 'LOW' }, statuses: ['active'] },
  },
  {
    name: 'a 50 % fall is LARGE / CRITICAL',
    steps: [{ price: 1000 }, { after: 1, price: 500 }],
    expect: { created: 1, active: { old: 1000, new: 500, pct: 50, category: 'LARGE', priority: 'CRITICAL' }, statuses: ['active'] },
  },
];

describe('drop rules: price sequences → drops, updates, removals, expiries', () => {
  let ctx: TestContext;
  let clock: TestClock;
  let deps: RefreshDeps;
  beforeAll(async () => {
    clock = new TestClock(START);
    ctx = await buildTestApp({ clock });
    deps = {
      ...ctx.deps,
      marketData: { ...ctx.deps.marketData, lookupListings: async () => ({ resolved: new Map(), notLookedUp: [], upstreamRequests: 0 }) } as MarketDataService,
    };
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    clock.set(START);
    await ctx.deps.db.exec('delete from price_drops; delete from wholesale_price_history; delete from wholesale_products; delete from price_refresh_runs;');
  });

  for (const testCase of CASES) {
    it(testCase.name, async () => {
      const gtin = '4005808158232';
      let last = await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([variant(gtin, testCase.steps[0]!.price!)]) });
      for (const step of testCase.steps.slice(1)) {
        clock.advance(Math.round((step.after ?? 0) * HOUR));
        const catalogue = step.price === undefined ? [variant('0000000000017', 500)] : [variant(gtin, step.price)];
        last = await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf(catalogue) });
      }
      const e = testCase.expect;
      if (e.created !== undefined) expect(last.dropsCreated).toBe(e.created);
      if (e.updated !== undefined) expect(last.dropsUpdated).toBe(e.updated);
      if (e.removed !== undefined) expect(last.dropsRemoved).toBe(e.removed);
      if (e.expired !== undefined) expect(last.dropsExpired).toBe(e.expired);
      const rows = await ctx.deps.db.query<{ status: string; old: number; new: number; pct: number; category: string; priority: string }>(
        `select status, old_price_excl_vat as old, new_price_excl_vat as new, drop_percentage as pct, drop_category as category, priority
           from price_drops where gtin = $1 order by id`,
        [gtin],
      );
      expect(rows.map((r) => r.status)).toEqual(e.statuses);
      const active = rows.find((r) => r.status === 'active') ?? null;
      expect(active && { old: active.old, new: active.new, pct: active.pct, category: active.category, priority: active.priority }).toEqual(e.active);
    });
  }

  it('keeps the price history: the first price and every change', async () => {
    const gtin = '3600523614431';
    for (const [i, price] of [1000, 1000, 900, 950].entries()) {
      clock.set(new Date(Date.parse(START) + i * HOUR));
      await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([variant(gtin, price)]) });
    }
    const history = await ctx.deps.db.query<{ price: number }>(
      'select price_excl_vat as price from wholesale_price_history where gtin = $1 order by recorded_at',
      [gtin],
    );
    expect(history.map((h) => h.price)).toEqual([1000, 900, 950]);
    const product = await ctx.deps.db.one<{ price: number; incl: number; stock: number; url: string }>(
      'select price_excl_vat as price, price_incl_vat as incl, stock, product_url as url from wholesale_products where gtin = $1',
      [gtin],
    );
    expect(product).toEqual({ price: 950, incl: 1131, stock: 10, url: `https://www.qogita.com/products/${gtin}/` });
  });

  it('a change of the VAT-inclusive price only is history, not a drop', async () => {
    const gtin = '3337875597197';
    await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([variant(gtin, 1000, { priceInclVat: 1190 })]) });
    clock.advance(HOUR);
    const result = await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([variant(gtin, 1000, { priceInclVat: 1100 })]) });
    expect(result.dropsCreated).toBe(0);
    expect(result.priceChanges).toBe(1);
  });

  it('handles many products in one set-wise pass', async () => {
    const base = Array.from({ length: 3000 }, (_, i) => variant(String(1_000_000_000_000 + i), 1000 + i));
    await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf(base, 700) });
    clock.advance(HOUR);
    const changed = base.map((v, i) =>
      i % 10 === 0 ? { ...v, priceExclVat: v.priceExclVat - 100 } : i % 10 === 1 ? { ...v, priceExclVat: v.priceExclVat + 100 } : v,
    );
    const result = await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf(changed, 700) });
    expect(result).toMatchObject({ variants: 3000, newProducts: 0, priceChanges: 600, dropsCreated: 300 });
  });

  it('refuses a second refresh while one is running (the run lock)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* slowCatalogue() {
      yield [variant('4005808158232', 1000)];
      await gate;
    }
    const first = refreshPrices(deps, { trigger: 'test', catalogue: slowCatalogue() });
    await new Promise((r) => setTimeout(r, 200));
    await expect(refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([]) })).rejects.toMatchObject({ code: 'conflict' });
    release();
    await first;
    const runs = await ctx.deps.db.query<{ status: string }>('select status from price_refresh_runs order by id');
    expect(runs.map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a failed refresh releases the lock and is recorded', async () => {
    async function* broken(): AsyncIterable<never[]> {
      yield [];
      throw new Error('Qogita is down');
    }
    await expect(refreshPrices(deps, { trigger: 'test', catalogue: broken() })).rejects.toThrow('Qogita is down');
    const run = await ctx.deps.db.one<{ status: string; error: string }>('select status, error from price_refresh_runs');
    expect(run).toEqual({ status: 'failed', error: 'Qogita is down' });
    await expect(refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([]) })).resolves.toMatchObject({ variants: 0 });
  });
});
