import { z } from 'zod';
import { listingFactsShape } from './listing-facts.ts';
import { hideWarningsParam, matchFactsShape } from './match-rules.ts';
import { PAGE_SIZE } from '../constants.ts';
import { MAX_LENGTH } from '../input-limits.ts';
import { MARKETS, type Market, type MarketId } from '../markets.ts';
import { pagedSchema } from '../paging.ts';
import { hideAmazonBuyBoxParam, minProfitableShareParam, profitBreakdownSchema } from './scans.ts';
import { listingRestrictionFilterParam, listingRestrictionSchema } from './seller-account.ts';
import { minMonthlyProfitParam, minUnitsPerMonthParam, salesEstimateShape } from './sales-estimate.ts';

/** Payloads of SPEC §7 "Brand analyzer". Money is in units of `currency` (2 decimals); ROI in percent. */

/** The markets a brand scan can cover: the European ones, whose favorites show GBP (UK) or EUR (SPEC §9). */
export const BRAND_SCAN_MARKET_IDS = ['DE', 'UK', 'FR', 'IT', 'ES'] as const satisfies readonly MarketId[];
export type BrandScanMarketId = (typeof BRAND_SCAN_MARKET_IDS)[number];
export const BRAND_SCAN_MARKETS: readonly Market[] = MARKETS.filter((m) => (BRAND_SCAN_MARKET_IDS as readonly string[]).includes(m.id));

export const BRAND_SCAN_REQUIRED_MESSAGE = 'Please select at least one brand and one market';
export const BRAND_SCAN_POLL_INTERVAL_MS = 2000;

export const BRAND_SCAN_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'ERROR'] as const;
export type BrandScanStatus = (typeof BRAND_SCAN_STATUSES)[number];

/** A query value given once, repeated (`brands=A&brands=B`) or absent → a list of trimmed, non-empty values. */
const listValue = z.string().max(MAX_LENGTH.brand, `A brand or market name is too long (at most ${MAX_LENGTH.brand} characters).`);
const listParam = z
  .union([listValue, z.array(listValue).max(MAX_LENGTH.listItems, `At most ${MAX_LENGTH.listItems} values can be given.`)])
  .optional()
  .transform((value) => [...new Set((value === undefined ? [] : Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean))]);

/** Markets may also come comma-separated (`markets=DE,UK`): market ids contain no commas. */
const marketListParam = listParam.transform((values) => [
  ...new Set(
    values
      .flatMap((v) => v.split(','))
      .map((v) => v.trim().toUpperCase())
      .filter(Boolean),
  ),
]);

export const startBrandScanQuerySchema = z.object({ brands: listParam, markets: marketListParam });
export type StartBrandScanQuery = z.infer<typeof startBrandScanQuerySchema>;

export const startBrandScanResponseSchema = z.object({
  scanId: z.string(),
  id: z.string(),
  totalBrands: z.number().int(),
  totalMarkets: z.number().int(),
});
export type StartBrandScanResponse = z.infer<typeof startBrandScanResponseSchema>;

export const brandScanStateSchema = z.object({
  id: z.string(),
  status: z.enum(BRAND_SCAN_STATUSES),
  totalBrands: z.number().int(),
  processedBrands: z.number().int(),
  currentBrand: z.string().nullable(),
  totalMarkets: z.number().int(),
  processedMarkets: z.number().int(),
  currentMarket: z.string().nullable(),
  error: z.string().nullable(),
  brands: z.array(z.string()),
  markets: z.array(z.string()),
  favoritesFound: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BrandScanState = z.infer<typeof brandScanStateSchema>;

/** SPEC §9's five, plus the share of the last 90 days the favorite was profitable. */
export const FAVORITE_SORT_OPTIONS = [
  'mainCategoryRank',
  'roi',
  'amazonPrice',
  'supplierPrice',
  'createdAt',
  'profitableShare',
  'estimatedMonthlyProfit',
] as const;
export type FavoriteSortBy = (typeof FAVORITE_SORT_OPTIONS)[number];
export const FAVORITE_SORT_LABELS: Record<FavoriteSortBy, string> = {
  mainCategoryRank: 'Main category rank',
  roi: 'ROI',
  amazonPrice: 'Amazon price',
  supplierPrice: 'Supplier price',
  createdAt: 'Date found',
  profitableShare: '90-day stability',
  estimatedMonthlyProfit: 'Monthly profit (estimate)',
};

export const favoritesQuerySchema = z.object({
  brands: listParam,
  markets: marketListParam,
  page: z.coerce.number({ error: 'page must be a number.' }).int('page must be a whole number.').min(0, 'page must be 0 or more.').default(0),
  size: z.coerce
    .number({ error: 'size must be a number.' })
    .int('size must be a whole number.')
    .min(1, 'size must be between 1 and 100.')
    .max(PAGE_SIZE, 'size must be between 1 and 100.')
    .default(PAGE_SIZE),
  sortBy: z.enum(FAVORITE_SORT_OPTIONS, { error: `sortBy must be one of ${FAVORITE_SORT_OPTIONS.join(', ')}.` }).default('mainCategoryRank'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc.' }).default('asc'),
  hideAmazonBuyBox: hideAmazonBuyBoxParam,
  /** Leave out favorites with any of these warnings. */
  hideWarnings: hideWarningsParam,
  /** Only favorites profitable on at least this percentage (0–100) of the last 90 days. */
  minProfitableShare: minProfitableShareParam,
  /** Amazon's listing restrictions for the organization's seller account: sellable (only what I can sell) | hideNotEligible. */
  listingRestriction: listingRestrictionFilterParam,
  /** Only favorites with at least this estimated monthly profit (in their currency) / estimated share in units a month. */
  minMonthlyProfit: minMonthlyProfitParam,
  minUnitsPerMonth: minUnitsPerMonthParam,
});
export type FavoritesQuery = z.infer<typeof favoritesQuerySchema>;

export const favoriteSchema = z.object({
  id: z.string(),
  ean: z.string(),
  asin: z.string(),
  market: z.string(),
  /** Currency of supplierPrice, amazonPrice and estimatedProfit: GBP in UK, EUR elsewhere. */
  currency: z.string(),
  productName: z.string().nullable(),
  brand: z.string(),
  supplierName: z.string(),
  supplierUrl: z.string().nullable(),
  supplierPrice: z.number(),
  amazonPrice: z.number(),
  estimatedProfit: z.number(),
  roiPercentage: z.number(),
  ...listingFactsShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  ...matchFactsShape,
  /**
   * How the profit was computed: the supplier deals' breakdown, in `currency` (the market's), fxRate = 1 EUR
   * in that currency on fxDate; null for favorites stored before it (until their next scan).
   */
  breakdown: profitBreakdownSchema.nullable().optional(),
  /** The wholesale price excl. VAT as Qogita gives it, in EUR (supplierPrice is it in `currency`); null on favorites stored without it. */
  supplierPriceEur: z.number().nullable().optional(),
  /** Amazon's answer "may I sell it?" for the organization's connected seller account; absent without one. */
  listingRestriction: listingRestrictionSchema.nullable().optional(),
  /** Units a month, basis, the seller's share and its monthly profit in `currency` (estimates, docs/sales-estimate.md). */
  ...salesEstimateShape,
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoritesPageSchema = pagedSchema(favoriteSchema);

/** GET /brand-analyzer/favorites/download: every favorite with the list's filters and order (no paging). */
export const favoritesDownloadQuerySchema = favoritesQuerySchema.omit({ page: true, size: true });
export type FavoritesDownloadQuery = z.infer<typeof favoritesDownloadQuerySchema>;

/** The columns of the favorites CSV, in order (money in the favorite's `currency`, major units). */
export const FAVORITE_CSV_COLUMNS = [
  'ean',
  'asin',
  'market',
  'currency',
  'productName',
  'brand',
  'supplierName',
  'supplierUrl',
  'supplierPrice',
  'amazonPrice',
  'estimatedProfit',
  'roiPercentage',
  'mainCategoryRank',
  'beautyCategoryRank',
  'estimatedMonthlySales',
  'numberOfSellers',
  'profitableDays90Percentage',
  'listingRestriction',
  'listingApprovalUrl',
  'estimatedUnitsPerMonth',
  'salesEstimateBasis',
  'estimatedSellerUnitsPerMonth',
  'estimatedMonthlyProfit',
  'foundAt',
  'updatedAt',
] as const;
export type FavoriteCsvColumn = (typeof FAVORITE_CSV_COLUMNS)[number];

export const brandListSchema = z.array(z.string());
export const marketSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  vatRate: z.number(),
  marketplaceId: z.string(),
});
export const marketListSchema = z.array(marketSchema);

export const deleteFavoritesResponseSchema = z.object({ deleted: z.number().int() });
