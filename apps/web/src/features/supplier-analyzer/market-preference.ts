import { ALL_MARKETS, isMarketChoice, type MarketChoice } from '@dealradar/shared/best-market';
import { MARKETS } from '@dealradar/shared/markets';

/** Local-storage key of the Supplier Level Analyzer's last chosen market (SPEC §2). */
export const SUPPLIER_MARKET_KEY = 'supplierAnalyzer.market';

/** The remembered market (or ALL, issue 17) when it is still a known choice, else the first market (DE). */
export function readPreferredMarket(storage: Pick<Storage, 'getItem'> | undefined): MarketChoice {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(SUPPLIER_MARKET_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isMarketChoice(stored) ? stored : MARKETS[0]!.id;
}

/** The choice the screen uses: ALL only on plans with multi-market analysis, else the first market. */
export function allowedMarketChoice(choice: MarketChoice, allowAllMarkets: boolean): MarketChoice {
  return choice === ALL_MARKETS && !allowAllMarkets ? MARKETS[0]!.id : choice;
}

export function writePreferredMarket(storage: Pick<Storage, 'setItem'> | undefined, market: MarketChoice): void {
  try {
    storage?.setItem(SUPPLIER_MARKET_KEY, market);
  } catch {
    /* private mode or full storage: the choice is simply not remembered */
  }
}
