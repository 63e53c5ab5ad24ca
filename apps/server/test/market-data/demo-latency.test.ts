import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { abortableSleep } from '../../src/lib/abortable-sleep.ts';
import { createDemoRetailProvider } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import { openDb, silentLog, testConfig } from './helpers.ts';

/** DEMO_LATENCY_MS: the demo provider waits per upstream batch, like Keepa would; cached look-ups never wait. */
describe('DEMO_LATENCY_MS', () => {
  let handle: DbHandle;
  let clock: TestClock;
  const gtins = demoCatalogue().variants.map((v) => v.gtin);
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
  });
  afterAll(async () => handle.close());

  it('defaults to 0 and must be a non-negative integer', () => {
    expect(testConfig().DEMO_LATENCY_MS).toBe(0);
    expect(testConfig({ DEMO_LATENCY_MS: '1500' }).DEMO_LATENCY_MS).toBe(1500);
    expect(() => testConfig({ DEMO_LATENCY_MS: '-1' })).toThrow(/DEMO_LATENCY_MS/);
    expect(() => testConfig({ DEMO_LATENCY_MS: 'slow' })).toThrow(/DEMO_LATENCY_MS/);
  });

  it('every uncached batch sleeps the configured time once; cached keys cost no sleep', async () => {
    const sleeps: number[] = [];
    const sleep = async (ms: number) => void sleeps.push(ms);
    const retail = createDemoRetailProvider(clock, { latencyMs: 750, sleep });
    const md = createMarketDataService({ config: testConfig(), db: handle.db, clock, log: silentLog, providers: { retail } });
    const eans = gtins.slice(0, 250);

    const cold = await md.lookupListings(eans, 'DE');
    expect(cold.upstreamRequests).toBe(3); // 100 + 100 + 50
    expect(sleeps).toEqual([750, 750, 750]);

    const warm = await md.lookupListings(eans, 'DE');
    expect(warm.upstreamRequests).toBe(0);
    expect(sleeps).toHaveLength(3);

    // 50 new keys next to 250 cached ones: one batch, one sleep
    await md.lookupListings(gtins.slice(0, 300), 'DE');
    expect(sleeps).toHaveLength(4);

    // no latency configured: the sleep is never called
    const none: number[] = [];
    await createDemoRetailProvider(clock, { sleep: async (ms) => void none.push(ms) }).lookupEans(gtins.slice(0, 10), 'DE');
    expect(none).toEqual([]);
  });

  it('is wired from the configuration into the demo provider (real time)', async () => {
    const md = createMarketDataService({ config: testConfig({ DEMO_LATENCY_MS: '60' }), db: handle.db, clock, log: silentLog });
    const eans = gtins.slice(1000, 1150); // two batches, not looked up by the other tests

    const started = performance.now();
    const cold = await md.lookupListings(eans, 'UK');
    const coldMs = performance.now() - started;
    expect(cold.upstreamRequests).toBe(2);
    expect(coldMs).toBeGreaterThanOrEqual(2 * 60 - 5); // timers may fire a millisecond early, never 60 ms early

    const warm = await md.lookupListings(eans, 'UK');
    expect(warm.upstreamRequests).toBe(0);
  });

  it('a cancelled look-up stops waiting at once (the scan cancel does not sit out the latency)', async () => {
    const md = createMarketDataService({ config: testConfig({ DEMO_LATENCY_MS: '60000' }), db: handle.db, clock, log: silentLog });
    const controller = new AbortController();
    const started = performance.now();
    const pending = md.lookupListings(gtins.slice(2000, 2100), 'FR', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('canceled')), 20);
    await expect(pending).rejects.toThrow('canceled');
    expect(performance.now() - started).toBeLessThan(10_000);

    await expect(abortableSleep(60_000, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    await expect(abortableSleep(1)).resolves.toBeUndefined();
  });
});
