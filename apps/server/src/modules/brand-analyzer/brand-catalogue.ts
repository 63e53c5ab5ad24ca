import type { Clock } from '../../lib/clock.ts';
import type { MarketDataService } from '../market-data/market-data.types.ts';

/** How long the wholesale brand list is reused: Qogita pages through every brand (many requests) for each listing. */
export const BRAND_LIST_TTL_MS = 60 * 60 * 1000;

interface Entry {
  at: number;
  brands: Promise<string[]>;
}
const cache = new WeakMap<MarketDataService, Entry>();

/** The wholesale catalogue's brand names, shared by concurrent callers and reused for an hour; a failure is not kept. */
export function listCatalogueBrands(marketData: MarketDataService, clock: Clock): Promise<string[]> {
  const now = clock.now().getTime();
  const hit = cache.get(marketData);
  if (hit && now - hit.at < BRAND_LIST_TTL_MS) return hit.brands;
  const brands = marketData.listWholesaleBrands();
  cache.set(marketData, { at: now, brands });
  brands.catch(() => {
    if (cache.get(marketData)?.brands === brands) cache.delete(marketData);
  });
  return brands;
}
