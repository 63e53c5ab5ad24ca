import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createFxService } from './fx/fx-service.ts';
import { createListingLookup } from './listing-lookup.ts';
import { findCachedListing } from './market-data.repository.ts';
import type { FxRate, MarketDataService } from './market-data.types.ts';
import { createDemoRetailProvider } from './providers/demo/demo-retail.ts';
import { createDemoWholesaleProvider } from './providers/demo/demo-wholesale.ts';
import { createImportOnlyRetailProvider } from './providers/import-only-retail.ts';
import { createKeepaProvider } from './providers/keepa/keepa-client.ts';
import type { RetailProvider, WholesaleProvider } from './providers/provider.types.ts';
import { createQogitaProvider } from './providers/qogita/qogita-client.ts';

export interface MarketDataDeps {
  config: Config;
  db: Db;
  clock: Clock;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Tests inject providers (fakes, counting wrappers); otherwise MARKET_DATA decides. */
  providers?: { retail?: RetailProvider; wholesale?: WholesaleProvider };
  fetchImpl?: typeof fetch;
  /** This process's lease on PostgreSQL (db/process-lease.ts): its look-up claims end with the process. */
  leaseId?: number | null;
}

/**
 * MARKET_DATA:
 * - demo (default): built-in demo catalogue for Amazon and wholesale;
 * - keepa / real: Keepa (KEEPA_API_KEY) for Amazon + Qogita (QOGITA_EMAIL/PASSWORD) for wholesale;
 * - qogita: Qogita for wholesale, Amazon data only from imported Keepa exports (no Keepa key needed).
 */
export function selectProviders(
  deps: MarketDataDeps,
  /** The day's reference rates, for a Qogita account in another currency than EUR. */
  fxRate?: (from: string, to: string) => Promise<FxRate>,
): { retail: RetailProvider; wholesale: WholesaleProvider } {
  const mode = deps.config.MARKET_DATA;
  let retail: RetailProvider;
  let wholesale: WholesaleProvider;
  if (mode === 'demo') {
    retail = createDemoRetailProvider(deps.clock, { latencyMs: deps.config.DEMO_LATENCY_MS });
    wholesale = createDemoWholesaleProvider(deps.clock);
  } else {
    const { config } = deps;
    if (mode === 'qogita') {
      retail = createImportOnlyRetailProvider();
    } else {
      if (!config.KEEPA_API_KEY) throw new Error(`MARKET_DATA=${mode} needs KEEPA_API_KEY (or use MARKET_DATA=qogita with imported Keepa exports).`);
      retail = createKeepaProvider({
        apiKey: config.KEEPA_API_KEY,
        baseUrl: config.KEEPA_BASE_URL,
        now: () => deps.clock.now(),
        log: deps.log,
        fetchImpl: deps.fetchImpl,
      });
    }
    if (config.QOGITA_EMAIL && config.QOGITA_PASSWORD) {
      wholesale = createQogitaProvider({
        email: config.QOGITA_EMAIL,
        password: config.QOGITA_PASSWORD,
        baseUrl: config.QOGITA_BASE_URL,
        log: deps.log,
        fetchImpl: deps.fetchImpl,
        fxRate,
      });
    } else if (mode === 'qogita') {
      throw new Error('MARKET_DATA=qogita needs QOGITA_EMAIL and QOGITA_PASSWORD.');
    } else {
      deps.log.warn({}, 'QOGITA_EMAIL/QOGITA_PASSWORD not set: wholesale data comes from the demo catalogue');
      wholesale = createDemoWholesaleProvider(deps.clock);
    }
  }
  return { retail: deps.providers?.retail ?? retail, wholesale: deps.providers?.wholesale ?? wholesale };
}

/** Builds the configured providers (MARKET_DATA) behind the shared cache. */
export function createMarketDataService(deps: MarketDataDeps): MarketDataService {
  // The FX service needs to know whether the providers are the demo's; the Qogita adapter asks it for rates later
  // (only when it downloads a catalogue, after this function has returned).
  const { retail, wholesale } = selectProviders(deps, (from, to) => fx.fxRate(from, to));
  const lookup = createListingLookup({
    db: deps.db,
    clock: deps.clock,
    provider: retail,
    ttlMs: deps.config.MARKET_CACHE_TTL_HOURS * 3_600_000,
    log: deps.log,
    leaseId: deps.leaseId,
  });
  const fx = createFxService({
    config: deps.config,
    db: deps.db,
    clock: deps.clock,
    offline: retail.isDemo && wholesale.isDemo,
    log: deps.log,
    fetchImpl: deps.fetchImpl,
  });
  return {
    source: { retail: retail.name, wholesale: wholesale.name, isDemo: retail.isDemo || wholesale.isDemo },
    lookupListings: lookup.lookupListings,
    estimateTokens: lookup.estimate,
    withBuyBoxHistory: lookup.withBuyBoxHistory,
    cachedListing: (asin, market, ean) => findCachedListing(deps.db, market, asin, ean ?? null),
    tokenAccount: async () => (retail.tokenAccount ? retail.tokenAccount() : { tokensLeft: null, refillRate: null }),
    listWholesaleBrands: () => wholesale.listBrands(),
    listWholesaleVariants: (brand) => wholesale.listVariants(brand),
    fetchWholesaleCatalogue: () => wholesale.fetchCatalogue(),
    fxRate: fx.fxRate,
    wholesaleOffers: wholesale.offersOf ? (variant) => wholesale.offersOf!(variant) : undefined,
    qogitaWatchlist: watchlistOf(deps, wholesale),
  };
}

/**
 * The buyer's Qogita watchlist (the buy list's "Send to Qogita watchlist"): the Qogita provider's. On demo wholesale data
 * an installation with QOGITA_EMAIL and QOGITA_PASSWORD still has that buyer account: its watchlist is used (real calls to
 * QOGITA_BASE_URL with that login) while the catalogue, offers and price drops stay the demo's. Without them: none.
 */
function watchlistOf(deps: MarketDataDeps, wholesale: WholesaleProvider): MarketDataService['qogitaWatchlist'] {
  if (!wholesale.isDemo) return wholesale.watchlist ?? null;
  const { QOGITA_EMAIL, QOGITA_PASSWORD, QOGITA_BASE_URL } = deps.config;
  if (!QOGITA_EMAIL || !QOGITA_PASSWORD) return null;
  deps.log.info({}, "Demo wholesale data with a Qogita account: the buy list's watchlist sends go to that account's Qogita watchlist");
  return (
    createQogitaProvider({ email: QOGITA_EMAIL, password: QOGITA_PASSWORD, baseUrl: QOGITA_BASE_URL, log: deps.log, fetchImpl: deps.fetchImpl }).watchlist ??
    null
  );
}
