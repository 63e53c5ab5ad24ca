import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketDataService } from './market-data.types.ts';

export interface MarketDataDeps {
  config: Config;
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** Builds the configured providers (MARKET_DATA) behind the shared cache. Built by the market-data issue. */
export function createMarketDataService(deps: MarketDataDeps): MarketDataService {
  void deps;
  const missing = (): never => {
    throw new Error('The market-data layer is not built yet.');
  };
  return {
    source: { retail: 'none', wholesale: 'none', isDemo: true },
    lookupListings: async () => missing(),
    listWholesaleBrands: async () => missing(),
    listWholesaleVariants: async () => missing(),
    fetchWholesaleCatalogue: () => missing(),
    fxRate: async () => missing(),
  };
}
