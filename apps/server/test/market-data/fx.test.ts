import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import type { TestClock } from '../../src/lib/clock.ts';
import { parseEcbDailyXml } from '../../src/modules/market-data/fx/ecb-client.ts';
import { BUILT_IN_RATES, crossRate, parseFxRates } from '../../src/modules/market-data/fx/fx-rates.ts';
import { createFxService } from '../../src/modules/market-data/fx/fx-service.ts';
import { startFake } from './fakes/http-fake.ts';
import { openDb, silentLog } from './helpers.ts';

const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time='2026-11-19'>
      <Cube currency='USD' rate='1.0821'/>
      <Cube currency='JPY' rate='162.47'/>
      <Cube currency='GBP' rate='0.85120'/>
      <Cube currency='CAD' rate='1.5123'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe('FX rates', () => {
  it('parses FX_RATES with its date', () => {
    const table = parseFxRates('2026-11-18;GBP=0.85;USD=1.08,CAD=1.47', '2026-11-20');
    expect(table).toEqual({ date: '2026-11-18', rates: { EUR: 1, GBP: 0.85, USD: 1.08, CAD: 1.47 }, source: 'config' });
    expect(crossRate(table, 'EUR', 'GBP')).toEqual({ from: 'EUR', to: 'GBP', rate: 0.85, date: '2026-11-18', source: 'config' });
    expect(crossRate(table, 'GBP', 'USD')!.rate).toBeCloseTo(1.08 / 0.85, 10);
    expect(crossRate(table, 'EUR', 'EUR')!.rate).toBe(1);
    expect(() => parseFxRates('GBP=abc', '2026-11-20')).toThrow(/FX_RATES: cannot read "GBP=abc"/);
  });

  it('parses the ECB daily file', () => {
    expect(parseEcbDailyXml(ECB_XML)).toEqual({ date: '2026-11-19', rates: { EUR: 1, USD: 1.0821, JPY: 162.47, GBP: 0.8512, CAD: 1.5123 } });
    expect(() => parseEcbDailyXml('<html>maintenance</html>')).toThrow(/no reference date/);
  });
});

describe('FX service', () => {
  let handle: DbHandle;
  let clock: TestClock;
  let fake: Awaited<ReturnType<typeof startFake>> | undefined;
  let ecbUp = true;
  beforeAll(async () => {
    ({ handle, clock } = await openDb());
  });
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });
  afterAll(async () => handle.close());

  it('demo without FX_RATES uses the built-in table, offline', async () => {
    const fx = createFxService({ config: { FX_RATES: undefined, ECB_BASE_URL: 'http://127.0.0.1:9' }, db: handle.db, clock, offline: true, log: silentLog });
    expect(await fx.fxRate('EUR', 'GBP')).toEqual({ from: 'EUR', to: 'GBP', rate: BUILT_IN_RATES.rates.GBP, date: BUILT_IN_RATES.date, source: 'built-in' });
  });

  it('FX_RATES wins and states its date', async () => {
    const fx = createFxService({
      config: { FX_RATES: '2026-11-18;GBP=0.9', ECB_BASE_URL: 'http://127.0.0.1:9' },
      db: handle.db,
      clock,
      offline: false,
      log: silentLog,
    });
    expect(await fx.fxRate('EUR', 'GBP')).toMatchObject({ rate: 0.9, date: '2026-11-18', source: 'config' });
    // a currency FX_RATES doesn't list falls back to the built-in table
    expect((await fx.fxRate('EUR', 'USD')).source).toBe('built-in');
  });

  it('real mode fetches the ECB feed once, stores it, and falls back to the stored day when the feed fails', async () => {
    fake = await startFake((req, res) => {
      if (!ecbUp || req.path !== '/stats/eurofxref/eurofxref-daily.xml') {
        res.writeHead(503);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(ECB_XML);
    });
    const fx = createFxService({ config: { FX_RATES: undefined, ECB_BASE_URL: fake.url }, db: handle.db, clock, offline: false, log: silentLog });
    expect(await fx.fxRate('EUR', 'USD')).toEqual({ from: 'EUR', to: 'USD', rate: 1.0821, date: '2026-11-19', source: 'ecb' });
    await fx.fxRate('EUR', 'CAD');
    expect(fake.requests).toHaveLength(1);

    ecbUp = false;
    const restarted = createFxService({ config: { FX_RATES: undefined, ECB_BASE_URL: fake.url }, db: handle.db, clock, offline: false, log: silentLog });
    expect(await restarted.fxRate('EUR', 'GBP')).toMatchObject({ rate: 0.8512, date: '2026-11-19', source: 'ecb' });
  });
});
