import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { catalogueOf, variant } from '../price-drops/price-drops.test-helpers.ts';
import { refreshPrices } from '../price-drops/price-refresh.service.ts';
import { maintainEmbeddedDatabase } from './maintenance.jobs.ts';
import { plannerRowEstimate } from './maintenance.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

// PGlite has no autovacuum: without these, its tables never get planner statistics (PostgreSQL's autovacuum covers a server).
describe.runIf(process.env.TEST_DATABASE_URL === undefined)('embedded database maintenance', () => {
  it('a price refresh leaves its tables analyzed', async () => {
    expect(await plannerRowEstimate(ctx.deps.db, 'wholesale_products')).toBe(-1);
    const catalogue = catalogueOf(Array.from({ length: 300 }, (_, i) => variant(`G${i}`, 1000 + i)));
    await refreshPrices(ctx.deps, { trigger: 'test', catalogue, skipRoi: true });
    expect(await plannerRowEstimate(ctx.deps.db, 'wholesale_products')).toBe(300);
    expect(await plannerRowEstimate(ctx.deps.db, 'price_drops')).toBeGreaterThanOrEqual(0);
  });

  it('the hourly job vacuums and analyzes every table', async () => {
    await ctx.deps.db.exec('create table maintenance_probe (n int); insert into maintenance_probe select generate_series(1, 1000);');
    expect(await plannerRowEstimate(ctx.deps.db, 'maintenance_probe')).toBe(-1);
    await maintainEmbeddedDatabase(ctx.deps);
    expect(await plannerRowEstimate(ctx.deps.db, 'maintenance_probe')).toBe(1000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL !== undefined)('PostgreSQL server', () => {
  it('leaves vacuum and analyze to the server’s autovacuum', async () => {
    await ctx.deps.db.exec('create table maintenance_probe (n int); insert into maintenance_probe select generate_series(1, 1000);');
    await maintainEmbeddedDatabase(ctx.deps);
    expect(await plannerRowEstimate(ctx.deps.db, 'maintenance_probe')).toBe(-1);
  });
});
