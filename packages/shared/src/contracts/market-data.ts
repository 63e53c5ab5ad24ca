import { z } from 'zod';

/** GET /api/market-data/source: which providers are active (any logged-in user). */
export const marketDataSourceSchema = z.object({
  retail: z.string(),
  wholesale: z.string(),
  isDemo: z.boolean(),
});
export type MarketDataSource = z.infer<typeof marketDataSourceSchema>;
