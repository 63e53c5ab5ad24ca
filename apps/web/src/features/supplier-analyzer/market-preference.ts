import { MARKETS, isMarketId, type MarketId } from '@dealradar/shared/markets';

/** Local-storage key of the Supplier Level Analyzer's last chosen market (SPEC §2). */
export const SUPPLIER_MARKET_KEY = 'supplierAnalyzer.market';

/** The remembered market when it is still a known market, else the first market (DE). */
export function readPreferredMarket(storage: Pick<Storage, 'getItem'> | undefined): MarketId {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(SUPPLIER_MARKET_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isMarketId(stored) ? stored : MARKETS[0]!.id;
}

export function writePreferredMarket(storage: Pick<Storage, 'setItem'> | undefined, market: MarketId): void {
  try {
    storage?.setItem(SUPPLIER_MARKET_KEY, market);
  } catch {
    /* private mode or full storage: the choice is simply not remembered */
  }
}
