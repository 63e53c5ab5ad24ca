import { z } from 'zod';
import { ALL_MARKETS } from '../best-market.ts';
import { MARKET_IDS } from '../markets.ts';

/**
 * "All markets" (docs/trusted-deals.md "Best market across all markets"): what a deal of an all-markets
 * scan carries besides the best market's own figures. Money in major units of `currency`, the region's currency
 * (UK → GBP, continental Europe → EUR) when the scan started.
 */

/** The Supplier Level Analyzer's market choice: one market, or ALL (plans with multi-market analysis). */
export const marketChoiceSchema = z.enum([...MARKET_IDS, ALL_MARKETS], {
  error: 'Please choose a market (DE, UK, FR, IT, ES, US or CA) or ALL for all markets.',
});

export const marketResultSchema = z.object({
  market: z.enum(MARKET_IDS),
  /** Profit per sold listing in the comparison currency (converted from the market's currency). */
  profit: z.number(),
  /** ROI as a percentage (25.3 = 25.3 %). */
  roiPercentage: z.number(),
  /** The same profit in the market's own currency, and that currency. */
  marketProfit: z.number(),
  marketCurrency: z.string(),
  /** The buy box in the market's currency. */
  buyBoxPrice: z.number(),
  /**
   * The profit in the list's currency (EUR, the supplier deals' currency: the market's profit
   * ÷ fxRate, to the cent, as the deal's own figures) and the EUR → market-currency rate used; absent on deals stored
   * before them.
   */
  listProfit: z.number().optional(),
  fxRate: z.number().optional(),
  asin: z.string(),
});
export type MarketResult = z.infer<typeof marketResultSchema>;

export const marketComparisonSchema = z.object({
  /** The region's currency the profits are compared in. */
  currency: z.string(),
  /** The date of the reference rates used (YYYY-MM-DD). */
  fxDate: z.string(),
  /** 1 EUR in `currency` on fxDate (the card shows the region's amounts beside the list's EUR); absent before. */
  fxRate: z.number().optional(),
  best: marketResultSchema,
  /** The second market where the product meets the minimum ROI; null when only the best one does. */
  runnerUp: marketResultSchema.nullable(),
  /** Every market where the product meets the minimum ROI, best first. */
  dealMarkets: z.array(marketResultSchema),
  /** Markets where the EAN has an Amazon listing (of the seven looked up). */
  listedIn: z.array(z.enum(MARKET_IDS)),
});
export type MarketComparison = z.infer<typeof marketComparisonSchema>;
