import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type DbHandle } from '../../db/client.ts';
import { acquireProcessLease, type ProcessLease } from '../../db/process-lease.ts';
import { TestClock } from '../../lib/clock.ts';
import { silentLogger } from '../../lib/logger.ts';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { waitFor } from '../../../test/wait-for.ts';
import type { MarketDataService, WholesaleVariant } from '../market-data/market-data.types.ts';
import { enqueue } from '../../jobs/define-job.ts';
import { startQueue } from '../../jobs/queue.ts';
import { registerJobs } from '../../jobs/registry.ts';
import { catalogueOf, variant } from './price-drops.test-helpers.ts';
import { PRICE_REFRESH_QUEUE, priceRefreshJob, sweepRefreshes } from './price-drops.jobs.ts';
import { createRefreshRuns, refreshPrices, type RefreshDeps } from './price-refresh.service.ts';

const START = '2026-11-23T10:00:00.000Z';
const HOUR = 3600_000;
/** A process lease nobody holds: a run naming it belongs to a process that is gone (db/process-lease.ts). */
const DEAD_LEASE = 2_147_000_002;

/** A catalogue that yields its first batch, then waits until `open()`; `read` tells whether anyone iterated it. */
function gatedCatalogue(first: WholesaleVariant[], rest: WholesaleVariant[]) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const state = { read: false, atGate: false };
  async function* iterate(): AsyncIterable<WholesaleVariant[]> {
    state.read = true;
    yield first;
    state.atGate = true;
    await gate;
    yield rest;
  }
  return { catalogue: iterate(), state, open };
}

/** The refresh as a durable run (jobs/durable-run.ts): claimed, heartbeating, resumed after its process died, never run twice. */
describe('the price refresh as a durable run', () => {
  let ctx: TestContext;
  let clock: TestClock;
  let deps: RefreshDeps;
  let roiGate: { promise: Promise<void>; open: () => void } | null = null;
  beforeAll(async () => {
    clock = new TestClock(START);
    ctx = await buildTestApp({ clock });
    deps = {
      ...ctx.deps,
      marketData: {
        ...ctx.deps.marketData,
        lookupListings: async () => {
          if (roiGate) await roiGate.promise;
          return { resolved: new Map(), notLookedUp: [], upstreamRequests: 0 };
        },
      } as MarketDataService,
    };
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    clock.set(START);
    await ctx.deps.db.exec('delete from price_drops; delete from wholesale_price_history; delete from wholesale_products; delete from price_refresh_runs;');
  });

  const runs = () =>
    ctx.deps.db.query<{ trigger: string; status: string; attempts: number }>('select trigger, status, attempts from price_refresh_runs order by id');

  it('a refresh whose process died after storing its snapshot is resumed from that checkpoint: nothing is fetched or stored twice', async () => {
    const gtin = '4005808158232';
    await refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([variant(gtin, 1000)]) });
    clock.advance(HOUR);
    let open!: () => void;
    roiGate = { promise: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    try {
      // The drop is stored; the run hangs in the ROI look-ups when its process dies.
      const dead = refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([variant(gtin, 800)]) }).catch((error: unknown) => error);
      await waitFor(
        async () => (await ctx.deps.db.maybeOne(`select 1 from price_refresh_runs where checkpoint = 'applied' and status = 'running'`)) !== undefined,
      );
      await ctx.deps.db.execute(`update price_refresh_runs set owner_lease = $1 where status = 'running'`, [DEAD_LEASE]);
      expect(await createRefreshRuns(deps, async () => undefined).sweep({ everyProcessing: false, resendPending: false })).toEqual({ requeued: 1, failed: 0 });

      roiGate.open();
      const unread = gatedCatalogue([variant(gtin, 1)], []);
      const resumed = await refreshPrices(deps, { trigger: 'resume', catalogue: unread.catalogue });
      expect(unread.state.read).toBe(false); // past the checkpoint: the catalogue is not fetched again
      expect(resumed).toMatchObject({ variants: 1, priceChanges: 1, dropsCreated: 1 });
      expect(await dead).toBeInstanceOf(Error); // the dead run's late writes are refused
    } finally {
      roiGate = null;
    }
    expect(await runs()).toEqual([
      { trigger: 'test', status: 'succeeded', attempts: 1 },
      { trigger: 'test', status: 'succeeded', attempts: 2 },
    ]);
    const drops = await ctx.deps.db.query<{ status: string; new: number }>('select status, new_price_excl_vat as new from price_drops where gtin = $1', [gtin]);
    expect(drops).toEqual([{ status: 'active', new: 800 }]);
    const history = await ctx.deps.db.query<{ price: number }>(
      'select price_excl_vat as price from wholesale_price_history where gtin = $1 order by recorded_at',
      [gtin],
    );
    expect(history.map((h) => h.price)).toEqual([1000, 800]);
  });

  it('a refresh interrupted 3 times ends as failed with a sentence instead of looping', async () => {
    const sweeper = createRefreshRuns(deps, async () => undefined);
    const dead: Array<Promise<unknown>> = [];
    const gates: Array<() => void> = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const gated = gatedCatalogue([variant('4005808158232', 1000)], []);
      gates.push(gated.open);
      dead.push(refreshPrices(deps, { trigger: 'test', catalogue: gated.catalogue }).catch((error: unknown) => error));
      await waitFor(() => gated.state.atGate);
      await ctx.deps.db.execute(`update price_refresh_runs set owner_lease = $1 where status = 'running'`, [DEAD_LEASE]);
      await sweeper.sweep({ everyProcessing: false, resendPending: false });
    }
    gates.forEach((open) => open());
    await Promise.all(dead);
    const run = await ctx.deps.db.one<{ status: string; attempts: number; error: string }>('select status, attempts, error from price_refresh_runs');
    expect(run).toEqual({ status: 'failed', attempts: 3, error: 'The refresh was interrupted 3 times (the server stopped while it ran) and was ended.' });
    expect(await ctx.deps.db.one('select count(*)::int as n from wholesale_products')).toEqual({ n: 0 });
    await expect(refreshPrices(deps, { trigger: 'test', catalogue: catalogueOf([]) })).resolves.toMatchObject({ variants: 0 });
  });
});

/** The refresh's pg-boss queue is 'exclusive' (one queued-or-active job): a crashed refresh must not block it. */
describe('the refresh queue after a crash', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ clock: new TestClock(START) });
    ctx.deps.queue = await startQueue(ctx.deps.dbHandle, ctx.deps.log); // queues, no worker: the test plays the workers
    await registerJobs(ctx.deps, { worker: false, scheduler: false });
  });
  afterAll(async () => ctx.close());

  it('fails the job a dead process left active and sends a resume job, so the queue takes the next refresh at once', async () => {
    const queue = ctx.deps.queue!;
    await enqueue(queue, priceRefreshJob, { trigger: 'schedule' });
    const [job] = await queue.fetch(PRICE_REFRESH_QUEUE); // active, in the process that is about to die
    const gated = gatedCatalogue([variant('4005808158232', 1000)], []);
    const dead = refreshPrices(ctx.deps, { trigger: 'schedule', catalogue: gated.catalogue, jobId: job!.id }).catch((error: unknown) => error);
    await waitFor(() => gated.state.atGate);
    await ctx.deps.db.execute(`update price_refresh_runs set owner_lease = $1 where status = 'running'`, [DEAD_LEASE]);
    expect(await enqueue(queue, priceRefreshJob, { trigger: 'admin' })).toBeNull(); // refused while the dead job is active

    expect(await sweepRefreshes(ctx.deps, { startup: false })).toEqual({ requeued: 1, failed: 0 });
    expect((await queue.getJobById(PRICE_REFRESH_QUEUE, job!.id))?.state).toBe('failed');
    const [resume] = await queue.fetch<{ trigger: string }>(PRICE_REFRESH_QUEUE);
    expect(resume?.data).toEqual({ trigger: 'resume' });
    gated.open();
    expect(await dead).toBeInstanceOf(Error);
    const resumed = await refreshPrices(ctx.deps, { trigger: 'resume', catalogue: catalogueOf([variant('4005808158232', 900)]), jobId: resume!.id });
    expect(resumed).toMatchObject({ variants: 1 });
    await queue.complete(PRICE_REFRESH_QUEUE, resume!.id);
    expect(await enqueue(queue, priceRefreshJob, { trigger: 'admin' })).not.toBeNull(); // the next refresh is taken
    const rows = await ctx.deps.db.query<{ trigger: string; status: string; attempts: number }>('select trigger, status, attempts from price_refresh_runs');
    expect(rows).toEqual([{ trigger: 'schedule', status: 'succeeded', attempts: 2 }]);
  });
});

/** Two worker processes on one PostgreSQL: each its own connections and process lease. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two workers on one PostgreSQL', () => {
  let ctx: TestContext;
  let second: DbHandle;
  const leases: ProcessLease[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp({ clock: new TestClock(START) });
    second = await openPostgres(ctx.deps.dbHandle.url!, 3);
  });
  afterAll(async () => {
    await Promise.all(leases.map((lease) => lease.release()));
    await second.close();
    await ctx.close();
  });

  async function worker(handle: DbHandle): Promise<RefreshDeps & { lease: ProcessLease }> {
    const lease = await acquireProcessLease(ctx.deps.dbHandle.url!, silentLogger());
    leases.push(lease);
    const marketData = {
      ...ctx.deps.marketData,
      lookupListings: async () => ({ resolved: new Map(), notLookedUp: [], upstreamRequests: 0 }),
    } as MarketDataService;
    return { ...ctx.deps, db: handle.db, dbHandle: { ...handle, lease }, marketData, lease };
  }

  it('do not both run one refresh; when the one running it dies, the other takes it over and the dead one writes nothing', async () => {
    const [a, b] = await Promise.all([worker(ctx.deps.dbHandle), worker(second)]);
    const gtin = '4005808158232';
    const fromA = gatedCatalogue([variant(gtin, 1000)], [variant('3600523614431', 500)]);
    const fromB = gatedCatalogue([variant(gtin, 1000)], [variant('3600523614431', 500)]);
    const settle = (side: 'a' | 'b', promise: Promise<unknown>) =>
      promise.then(
        () => ({ side, error: null }),
        (error: unknown) => ({ side, error }),
      );
    // Both workers start a refresh at the same moment: one claims the run, the other is refused.
    const started = {
      a: settle('a', refreshPrices(a, { trigger: 'schedule', catalogue: fromA.catalogue })),
      b: settle('b', refreshPrices(b, { trigger: 'schedule', catalogue: fromB.catalogue })),
    };
    const refused = await Promise.race([started.a, started.b]);
    expect(refused.error).toMatchObject({ code: 'conflict' });
    const [winner, loser] = refused.side === 'a' ? [b, a] : [a, b];
    const [winning, losing] = refused.side === 'a' ? [fromB, fromA] : [fromA, fromB];
    expect(losing.state.read).toBe(false);
    await waitFor(() => winning.state.atGate);

    // The winner's process dies (PostgreSQL drops its lease with its connection); the other worker's sweep takes the run over.
    await winner.lease.release();
    expect(await createRefreshRuns(loser, async () => undefined).sweep({ everyProcessing: false, resendPending: false })).toEqual({ requeued: 1, failed: 0 });
    const result = await refreshPrices(loser, { trigger: 'resume', catalogue: catalogueOf([variant(gtin, 900)]) });
    expect(result).toMatchObject({ variants: 1, newProducts: 1 });

    winning.open(); // the dead run wakes up: its staging batch and its comparison are refused
    const dead = await (refused.side === 'a' ? started.b : started.a);
    expect(dead.error).toBeTruthy();

    const rows = await ctx.deps.db.query<{ trigger: string; status: string; attempts: number }>('select trigger, status, attempts from price_refresh_runs');
    expect(rows).toEqual([{ trigger: 'schedule', status: 'succeeded', attempts: 2 }]);
    const products = await ctx.deps.db.query<{ gtin: string; price: number }>('select gtin, price_excl_vat as price from wholesale_products order by gtin');
    expect(products).toEqual([{ gtin, price: 900 }]);
    expect(await ctx.deps.db.one('select count(*)::int as n from wholesale_snapshot_staging')).toEqual({ n: 0 });
  });
});
