import { describe, expect, it } from 'vitest';
import { regionMarket } from '../../lib/region-market.ts';
import { allowedMarketChoice, readPreferredMarket, readRememberedMarket, SUPPLIER_MARKET_KEY, writePreferredMarket } from './market-preference.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('supplier market preference', () => {
  it('defaults to the first market (DE)', () => {
    expect(readPreferredMarket(memoryStorage())).toBe('DE');
    expect(readPreferredMarket(undefined)).toBe('DE');
  });
  it('remembers the last chosen market', () => {
    const storage = memoryStorage();
    writePreferredMarket(storage, 'CA');
    expect(readPreferredMarket(storage)).toBe('CA');
  });
  it('ignores an unknown stored value', () => {
    expect(readPreferredMarket(memoryStorage({ [SUPPLIER_MARKET_KEY]: 'XX' }))).toBe('DE');
  });
  it('remembers All markets, used only while the plan allows it', () => {
    const storage = memoryStorage();
    writePreferredMarket(storage, 'ALL');
    expect(readPreferredMarket(storage)).toBe('ALL');
    expect(allowedMarketChoice('ALL', true)).toBe('ALL');
    expect(allowedMarketChoice('ALL', false)).toBe('DE');
    expect(allowedMarketChoice('UK', false)).toBe('UK');
  });
  it("starts on the region's market when nothing was chosen; a remembered choice still wins", () => {
    expect(regionMarket('UK')).toBe('UK');
    for (const country of ['DE', 'FR', 'IT', 'ES'] as const) expect(regionMarket(country)).toBe(country);
    expect(regionMarket(null)).toBe('DE');
    expect(readRememberedMarket(memoryStorage())).toBeNull();
    expect(readPreferredMarket(memoryStorage(), regionMarket('UK'))).toBe('UK');
    expect(readPreferredMarket(memoryStorage({ [SUPPLIER_MARKET_KEY]: 'FR' }), regionMarket('UK'))).toBe('FR');
    expect(allowedMarketChoice('ALL', false, 'UK')).toBe('UK');
  });
});
