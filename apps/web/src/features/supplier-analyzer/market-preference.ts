import { useState } from 'react';
import { ALL_MARKETS, isMarketChoice, type MarketChoice } from '@dealradar/shared/best-market';
import { MARKETS, type MarketId } from '@dealradar/shared/markets';
import { useRegionMarket } from '../../lib/region-market.ts';

/** Local-storage key of the Supplier Level Analyzer's last chosen market (SPEC §2). */
export const SUPPLIER_MARKET_KEY = 'supplierAnalyzer.market';

/** The remembered market (or ALL) when it is still a known choice, else null (nothing chosen yet). */
export function readRememberedMarket(storage: Pick<Storage, 'getItem'> | undefined): MarketChoice | null {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(SUPPLIER_MARKET_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isMarketChoice(stored) ? stored : null;
}

/**
 * The market the screen starts with: the remembered choice wins; without one, the region's market (a UK user
 * starts on UK, not DE), else the first market (DE).
 */
export function readPreferredMarket(storage: Pick<Storage, 'getItem'> | undefined, regionDefault: MarketId = MARKETS[0]!.id): MarketChoice {
  return readRememberedMarket(storage) ?? regionDefault;
}

/** The choice the screen uses: ALL only on plans with multi-market analysis, else the region's (or the first) market. */
export function allowedMarketChoice(choice: MarketChoice, allowAllMarkets: boolean, regionDefault: MarketId = MARKETS[0]!.id): MarketChoice {
  return choice === ALL_MARKETS && !allowAllMarkets ? regionDefault : choice;
}

export function writePreferredMarket(storage: Pick<Storage, 'setItem'> | undefined, market: MarketChoice): void {
  try {
    storage?.setItem(SUPPLIER_MARKET_KEY, market);
  } catch {
    /* private mode or full storage: the choice is simply not remembered */
  }
}

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The Supplier Level Analyzer's market and its setter: the remembered choice, else the region's market once the region
 * is known (DE until then); a choice is remembered locally (SPEC §2).
 */
export function usePreferredMarket(allowAllMarkets: boolean): [MarketChoice, (market: MarketChoice) => void] {
  const [chosen, setChosen] = useState<MarketChoice | null>(() => readRememberedMarket(browserStorage()));
  const regionDefault = useRegionMarket() ?? MARKETS[0]!.id;
  const choose = (market: MarketChoice) => {
    setChosen(market);
    writePreferredMarket(browserStorage(), market);
  };
  return [allowedMarketChoice(chosen ?? regionDefault, allowAllMarkets, regionDefault), choose];
}
