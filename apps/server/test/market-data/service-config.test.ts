import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import { sendJson, startFake } from './fakes/http-fake.ts';
import { openDb, silentLog, testConfig } from './helpers.ts';

describe('MARKET_DATA selects the providers', () => {
  let handle: DbHandle;
  let clock: TestClock;
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
  });
  afterAll(async () => handle.close());
  const build = (env: Record<string, string>) => createMarketDataService({ config: testConfig(env), db: handle.db, clock, log: silentLog });

  it('demo by default', async () => {
    const md = build({});
    expect(md.source).toEqual({ retail: 'demo', wholesale: 'demo', isDemo: true });
    expect((await md.listWholesaleBrands()).length).toBeGreaterThanOrEqual(60);
    expect(await md.fxRate('EUR', 'EUR')).toMatchObject({ rate: 1 });
  });

  it('refuses a real mode without its credentials, naming the variable', () => {
    expect(() => build({ MARKET_DATA: 'keepa' })).toThrow(/KEEPA_API_KEY/);
    expect(() => build({ MARKET_DATA: 'real' })).toThrow(/KEEPA_API_KEY/);
    expect(() => build({ MARKET_DATA: 'qogita' })).toThrow(/QOGITA_EMAIL and QOGITA_PASSWORD/);
  });

  it('keepa with Qogita credentials is fully real', () => {
    const md = build({ MARKET_DATA: 'keepa', KEEPA_API_KEY: 'k', QOGITA_EMAIL: 'a@b.c', QOGITA_PASSWORD: 'p' });
    expect(md.source).toEqual({ retail: 'keepa', wholesale: 'qogita', isDemo: false });
  });

  it('qogita: wholesale from Qogita, Amazon only from imports (no upstream Amazon calls)', async () => {
    const fake = await startFake((req, res) => {
      if (req.path === '/auth/login/') return sendJson(res, 200, { accessToken: 't' });
      if (req.path === '/brands/') return sendJson(res, 200, { next: null, results: [{ name: 'Alpha' }] });
      return sendJson(res, 404, {});
    });
    try {
      const md = build({ MARKET_DATA: 'qogita', QOGITA_EMAIL: 'a@b.c', QOGITA_PASSWORD: 'p', QOGITA_BASE_URL: fake.url, FX_RATES: '2026-11-20;GBP=0.85' });
      expect(md.source).toEqual({ retail: 'import', wholesale: 'qogita', isDemo: false });
      expect(await md.listWholesaleBrands()).toEqual(['Alpha']);
      const lookup = await md.lookupListings(['4006381333931'], 'DE');
      expect(lookup).toMatchObject({ upstreamRequests: 0, notLookedUp: [] });
      expect(lookup.resolved.size).toBe(0);
    } finally {
      await fake.close();
    }
  });
});
