import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { DROP_CATEGORIES, DROP_PRIORITIES } from '../drops.ts';
import { MAX_LENGTH } from '../input-limits.ts';
import { pagedSchema } from '../paging.ts';
import { feeLineSchema, profitBreakdownSchema, sellerProfileShape } from './scans.ts';
import { listingRestrictionFilterParam, listingRestrictionSchema } from './seller-account.ts';
import { minMonthlyProfitParam, minUnitsPerMonthParam, salesEstimateSchema } from './sales-estimate.ts';

/**
 * Payloads of the price-drop endpoints (SPEC §3, §7). Money is in the user's region currency
 * (EUR, or GBP for UK) as decimal major units with two decimals; percentages in percent.
 */
export const priceDropItemSchema = z.object({
  id: z.number().int(),
  /** The wholesale product's key: its GTIN. */
  productId: z.string(),
  productName: z.string(),
  productBrand: z.string(),
  productCategory: z.string().nullable(),
  /** EAN/GTIN. */
  productPrimaryIdentifier: z.string(),
  stock: z.number().int().nullable(),
  oldPriceExclVat: z.number(),
  oldPriceInclVat: z.number(),
  newPriceExclVat: z.number(),
  newPriceInclVat: z.number(),
  priceDropPercentage: z.number(),
  dropCategory: z.enum(DROP_CATEGORIES),
  priority: z.enum(DROP_PRIORITIES),
  dropIcon: z.string(),
  /** ISO time of detection (or of the better discount that updated it). */
  detectedAt: z.string(),
  expiresAt: z.string(),
  qogitaLink: z.string().nullable().optional(),
  productImageUrl: z.string().nullable().optional(),
  currency: z.enum(['EUR', 'GBP']),
  /**
   * Best ROI (percent) over the Amazon markets at the new price, when the Amazon side was known; else null. Computed
   * with the user's organization's match rules where they name the drop's EAN, else the shared figure.
   */
  bestRoiPercentage: z.number().nullable(),
  bestRoiMarket: z.string().nullable(),
  /**
   * When `currency` is not EUR, Qogita's own EUR prices (excl. VAT) and the EUR → `currency`
   * rate with its day the region prices were converted at, so a screen shows '€7.29 · £6.38 at 0.8745 on 28 Nov'.
   */
  newPriceExclVatEur: z.number().optional(),
  oldPriceExclVatEur: z.number().optional(),
  fxRate: z.number().optional(),
  fxDate: z.string().optional(),
  /**
   * Amazon's answer for the organization's connected seller account on the drop's listing in its Best-ROI market
   * (docs/seller-account.md); absent without a connected account.
   */
  listingRestriction: listingRestrictionSchema.nullable().optional(),
  /**
   * The Amazon listing that answer is for (the ASIN in the Best-ROI market), so a screen can ask Amazon again ("check
   * again"); null when the drop has no listing there, absent without a connected account.
   */
  listing: z.object({ asin: z.string(), market: z.string() }).nullable().optional(),
  /**
   * The sales estimate of the listing in the Best-ROI market (docs/sales-estimate.md "Price drops") and the seller's
   * estimated monthly profit (share × profit per unit at the new price) in `currency`; null when the refresh computed
   * none (no ROI, no sales data, or a drop not recomputed since).
   */
  salesEstimate: salesEstimateSchema.nullable().optional(),
  estimatedMonthlyProfit: z.number().nullable().optional(),
});
export type PriceDropItem = z.infer<typeof priceDropItemSchema>;

export const dashboardOverviewSchema = z.object({
  totalDrops: z.number().int(),
  /** Sum of (old − new price excl. VAT) over the active drops, region currency. */
  totalSavings: z.number(),
  /** Mean drop percentage of the active drops, one decimal. */
  avgDiscount: z.number(),
  topBrand: z.string().nullable(),
  /** Active drops detected in the last 2 hours. */
  recentDrops: z.number().int(),
  currency: z.enum(['EUR', 'GBP']),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const dailyTrendPointSchema = z.object({
  /** Calendar day (YYYY-MM-DD) in the schedule's time zone. */
  date: z.string(),
  /** Drops detected that day (whatever became of them since). */
  drops: z.number().int(),
  /** Mean drop percentage of those drops, one decimal; 0 on a day without drops. */
  avgDiscount: z.number(),
});
export type DailyTrendPoint = z.infer<typeof dailyTrendPointSchema>;

export const dashboardAnalyticsSchema = z.object({
  /** Minor, Small, Medium, Large, Huge → count of active drops. */
  dropsByCategory: z.record(z.string(), z.number().int()),
  /** Low, Medium, High, Very High, Critical → count of active drops. */
  dropsByPriority: z.record(z.string(), z.number().int()),
  topBrands: z.array(z.object({ brand: z.string(), dropCount: z.number().int() })),
  /** The last 14 days, oldest first, today included; days without drops are present with 0. */
  dailyTrend: z.array(dailyTrendPointSchema),
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalyticsSchema>;

export const PRICE_DROP_SORT_FIELDS = [
  'detectedAt',
  'priceDropPercentage',
  'newPriceExclVat',
  'oldPriceExclVat',
  'productName',
  'productBrand',
  'stock',
  /** The Best ROI the user's organization sees (its match rules applied); drops without one come last. */
  'bestRoiPercentage',
  /** The seller's estimated monthly profit (the organization's own figure where it has one); drops without one come last. */
  'estimatedMonthlyProfit',
] as const;
export type PriceDropSortField = (typeof PRICE_DROP_SORT_FIELDS)[number];

const optionalText = z
  .string()
  .trim()
  .max(MAX_LENGTH.search, 'The search text is too long.')
  .optional()
  .transform((v) => (v ? v : undefined));

/** Accepts 'VERY HIGH', 'very_high', 'Very High' … for VERY_HIGH. */
function enumParam<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .string()
    .max(MAX_LENGTH.code, message)
    .optional()
    .transform((v) =>
      v
        ? v
            .trim()
            .toUpperCase()
            .replace(/[\s-]+/g, '_')
        : undefined,
    )
    .refine((v) => v === undefined || (values as readonly string[]).includes(v), message)
    .transform((v) => v as T[number] | undefined);
}

export const priceDropsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int('page must be a whole number.').min(0, 'page must be 0 or more.').default(0),
  size: z.coerce
    .number({ error: 'size must be a number.' })
    .int('size must be a whole number.')
    .min(1, 'size must be between 1 and 1000.')
    .max(1000, 'size must be between 1 and 1000.')
    .default(PAGE_SIZE),
  sortBy: z.enum(PRICE_DROP_SORT_FIELDS, { error: `sortBy must be one of ${PRICE_DROP_SORT_FIELDS.join(', ')}.` }).default('detectedAt'),
  sortOrder: z
    .string()
    .max(MAX_LENGTH.code, 'sortOrder must be asc or desc.')
    .optional()
    .transform((v) => (v ?? 'desc').toLowerCase())
    .refine((v) => v === 'asc' || v === 'desc', 'sortOrder must be asc or desc.')
    .transform((v) => v as 'asc' | 'desc'),
  search: optionalText,
  dropCategory: enumParam(DROP_CATEGORIES, `dropCategory must be one of ${DROP_CATEGORIES.join(', ')}.`),
  priority: enumParam(DROP_PRIORITIES, `priority must be one of ${DROP_PRIORITIES.join(', ')}.`),
  brand: optionalText,
  /** Only drops whose Best ROI (the organization's own where its match rules touch the drop) is at least this percent. */
  minRoi: z
    .string()
    .max(MAX_LENGTH.code, 'minRoi must be a number of percent.')
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : Number(v.trim())))
    .refine((v) => v === undefined || (Number.isFinite(v) && v >= -100 && v <= 100_000), 'minRoi must be a number of percent between -100 and 100000.'),
  /** sellable: only drops Amazon said the organization can sell (in the Best-ROI market); hideNotEligible. */
  listingRestriction: listingRestrictionFilterParam,
  /** Only drops whose seller's share is at least this many units a month / whose monthly profit (region currency) is at least this. */
  minUnitsPerMonth: minUnitsPerMonthParam,
  minMonthlyProfit: minMonthlyProfitParam,
});
export type PriceDropsQuery = z.infer<typeof priceDropsQuerySchema>;

export const priceDropsPageSchema = pagedSchema(priceDropItemSchema);

export const priceAlertStatsSchema = z.object({
  /** Variants in the last wholesale snapshot. */
  totalProducts: z.number().int(),
  /** Active drops. */
  totalPriceDrops: z.number().int(),
  /** 'Hourly', 'Every 3 hours' or 'Every 6 hours': the cadence in force now. */
  currentUpdateFrequency: z.string(),
  /** ISO time the last successful refresh finished; null before the first. */
  lastUpdateTime: z.string().nullable(),
  /** ISO time of the next scheduled refresh (the countdown's target). */
  nextUpdateTime: z.string(),
  /** True while a refresh is running. */
  refreshing: z.boolean(),
  timeZone: z.string(),
});
export type PriceAlertStats = z.infer<typeof priceAlertStatsSchema>;

export const priceDropBrandsSchema = z.array(z.string());

/** POST /price-alerts/refresh (admin): the refresh was queued. */
export const startRefreshResponseSchema = z.object({ jobId: z.string(), message: z.string() });

/** GET /price-alerts/price-drops/:id/profit — the path parameter. */
export const priceDropIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The price drop id must be a number.' })
    .int('The price drop id must be a whole number.')
    .min(1, 'The price drop id must be a positive whole number.')
    .max(Number.MAX_SAFE_INTEGER, 'The price drop id is too large.'),
});

/**
 * The basis of a drop's ROI: the profit engine's breakdown at the new wholesale price in
 * the drop's best market (or Germany when no ROI was computed). Money in major units of `currency` (the Amazon market's).
 */
export const priceDropProfitSchema = z.object({
  dropId: z.number().int(),
  market: z.string(),
  currency: z.string(),
  /** False when the market-data layer knows no Amazon listing with a buy box for this EAN in `market`. */
  available: z.boolean(),
  asin: z.string().nullable(),
  vatRegistered: z.boolean(),
  /** The seller profile the fees were computed for, and the day whose fee rules were used. */
  seller: sellerProfileShape,
  rulesDate: z.string(),
  buyBoxSellerId: z.string().nullable(),
  /** The buy-box holder is Amazon's own seller id for `market`. */
  amazonHoldsBuyBox: z.boolean(),
  /** Every Amazon fee line with the rule that produced it (market currency). */
  feeLines: z.array(feeLineSchema),
  /** Purchase VAT a non-registered seller cannot reclaim (the wholesale assumption, purchase-vat.ts). */
  purchaseVat: z.number().nullable(),
  /** The new wholesale price excl. VAT in EUR, and the EUR → market rate used to convert it. */
  unitCostEur: z.number(),
  fxRate: z.number(),
  fxDate: z.string(),
  salePrice: z.number().nullable(),
  vatRate: z.number(),
  vat: z.number().nullable(),
  revenue: z.number().nullable(),
  referralFee: z.number().nullable(),
  fbaFee: z.number().nullable(),
  numberOfPacks: z.number().int(),
  unitCost: z.number().nullable(),
  totalCost: z.number().nullable(),
  profit: z.number().nullable(),
  roiPercentage: z.number().nullable(),
  /** Amazon's answer for the organization's connected seller account on `asin` in `market`; absent without one. */
  listingRestriction: listingRestrictionSchema.nullable().optional(),
  /**
   * The same breakdown in the shape supplier deals carry (profitBreakdownSchema), for Amazon's fee estimate beside ours
   * (POST /amazon-fees/estimate takes it); null when `available` is false.
   */
  breakdown: profitBreakdownSchema.nullable().optional(),
  /**
   * The listing's sales estimate and the seller's estimated monthly profit (share × `profit`) in `currency`, for the
   * viewer's seller profile; null when there is no listing or no sales data.
   */
  salesEstimate: salesEstimateSchema.nullable().optional(),
  estimatedMonthlyProfit: z.number().nullable().optional(),
});
export type PriceDropProfit = z.infer<typeof priceDropProfitSchema>;
