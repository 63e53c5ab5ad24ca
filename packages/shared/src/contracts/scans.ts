import { z } from 'zod';
import { listingFactsShape } from './listing-facts.ts';
import { PAGE_SIZE } from '../constants.ts';
import { MARKET_IDS } from '../markets.ts';
import { pagedSchema } from '../paging.ts';

/**
 * Payloads of SPEC §7 "CSV Template Analyzer" and "Supplier analyzer" (issue 5). Decisions: docs/scans.md.
 * Money in answers is a decimal number in major units (12.5 = 12.50) of the stated currency.
 * Dates are ISO-8601 strings. Ids are strings.
 */

export const SCAN_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'ERROR'] as const;
export const scanStatusSchema = z.enum(SCAN_STATUSES);
export type ScanStatus = z.infer<typeof scanStatusSchema>;

export const marketIdSchema = z.enum(MARKET_IDS, { error: 'Please choose a market (DE, UK, FR, IT, ES, US or CA).' });

/** Why a row of a supplier file could not be used. */
export const ROW_ISSUE_REASONS = [
  'missing_ean',
  'invalid_ean',
  'missing_brand',
  'invalid_price',
  'duplicate_ean',
  'over_plan_limit',
  'not_looked_up',
] as const;
export type RowIssueReason = (typeof ROW_ISSUE_REASONS)[number];
export const rowIssueSchema = z.object({
  /** 1-based line number in the file (the header is line 1); for manual entry the 1-based row number. */
  line: z.number().int(),
  reason: z.enum(ROW_ISSUE_REASONS),
  /** The raw EAN cell (or '' when missing). */
  value: z.string(),
  /** A sentence, e.g. 'Check digit is wrong.' */
  message: z.string(),
});
export type RowIssue = z.infer<typeof rowIssueSchema>;

/** What the parser made of the file; filled in as the scan goes, final when the scan ends. */
export const scanReportSchema = z.object({
  /** Data rows read (blank lines not counted). */
  rowsRead: z.number().int(),
  /** Distinct valid EANs found in the file (= totalEans once parsing is done). */
  validEans: z.number().int(),
  duplicateRows: z.number().int(),
  invalidRows: z.number().int(),
  /** Count per reason (keys of ROW_ISSUE_REASONS). */
  issueCounts: z.record(z.string(), z.number().int()),
  /** The first 50 unusable rows, with line number and reason. */
  issueSamples: z.array(rowIssueSchema),
  /** EANs with an Amazon listing in the market. */
  matchedProducts: z.number().int(),
  /** Products meeting the user's minimum ROI. */
  dealsFound: z.number().int(),
});
export type ScanReport = z.infer<typeof scanReportSchema>;

/** Csv scan (SPEC §3) + the report. GET /catalog/scan/active|history (arrays) and /catalog/scan/{id}/status. */
export const csvScanSchema = z.object({
  scanId: z.string(),
  fileName: z.string(),
  status: scanStatusSchema,
  processedEans: z.number().int(),
  totalEans: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the worker started (null while PENDING). */
  startTime: z.string().nullable(),
  lastUpdateTime: z.string(),
  /** Market id (DE, UK, …). */
  market: marketIdSchema,
  /** When the scan ended (COMPLETED or ERROR); results are removed 24 h after completion. */
  completedAt: z.string().nullable(),
  error: z.string().optional(),
  report: scanReportSchema,
});
export type CsvScan = z.infer<typeof csvScanSchema>;
export const csvScanListSchema = z.array(csvScanSchema);

/**
 * GET /catalog/scan/{id}/queue-position: position = how many unfinished scans are ahead of this PENDING one;
 * 0 when it is running (or has ended). queueSize = PENDING+PROCESSING scans of every user.
 */
export const queueInfoSchema = z.object({ position: z.number().int(), queueSize: z.number().int() });
export type QueueInfo = z.infer<typeof queueInfoSchema>;

/**
 * POST /catalog/scan/start (admin), multipart/form-data fields (send the text fields BEFORE the file):
 * marketplaceId (Amazon marketplace id, optional when marketId is given), marketId, eanColumn, priceColumn ('' = none), brandColumn, file.
 * Answer: text/plain, the scanId.
 */
export const csvScanStartFieldsSchema = z.object({
  marketplaceId: z.string().trim().optional(),
  /** Either marketId or marketplaceId names the market; when both are sent they must agree. */
  marketId: z.preprocess((v) => (v === '' ? undefined : v), marketIdSchema.optional()),
  eanColumn: z.string({ error: 'Please choose the EAN column.' }).trim().min(1, 'Please choose the EAN column.'),
  brandColumn: z.string({ error: 'Please choose the Brand column.' }).trim().min(1, 'Please choose the Brand column.'),
  priceColumn: z.string().trim().optional().default(''),
});
export type CsvScanStartFields = z.infer<typeof csvScanStartFieldsSchema>;

/**
 * POST /supplier-analyzer/start, multipart/form-data fields (text fields BEFORE the file):
 * marketId, eanColumn, priceColumn, brandColumn, file. Price is required in the dialog (SPEC §5) but the server
 * accepts '' (then every product is listed with its max buy price only and none can be a deal).
 */
export const supplierScanStartFieldsSchema = z.object({
  marketId: marketIdSchema,
  eanColumn: z.string({ error: 'Please choose the EAN column.' }).trim().min(1, 'Please choose the EAN column.'),
  brandColumn: z.string({ error: 'Please choose the Brand column.' }).trim().min(1, 'Please choose the Brand column.'),
  priceColumn: z.string().trim().optional().default(''),
});
export type SupplierScanStartFields = z.infer<typeof supplierScanStartFieldsSchema>;

/** A manual-entry row (SPEC §3): ean and brand required, price optional, numeric, minimum 0 (EUR, excl. VAT). */
export const manualEntryRowSchema = z.object({
  ean: z.string({ error: 'EAN and Brand are required' }).trim().min(1, 'EAN and Brand are required'),
  brand: z.string({ error: 'EAN and Brand are required' }).trim().min(1, 'EAN and Brand are required'),
  price: z.number({ error: 'Price must be a number.' }).min(0, 'Price must be 0 or more.').nullable().optional(),
});
export type ManualEntryRow = z.infer<typeof manualEntryRowSchema>;

/**
 * Manual entry: POST /supplier-analyzer/start with Content-Type application/json (same endpoint as the upload,
 * the content type decides). Answer: supplierStartResponseSchema, like the upload.
 */
export const MANUAL_ENTRY_MAX_ROWS = 1000;
export const manualEntryBodySchema = z.object({
  marketId: marketIdSchema,
  rows: z
    .array(manualEntryRowSchema, { error: 'Please add at least one row.' })
    .min(1, 'Please add at least one row.')
    .max(MANUAL_ENTRY_MAX_ROWS, `At most ${MANUAL_ENTRY_MAX_ROWS} rows can be entered manually; upload a CSV for more.`),
});
export type ManualEntryBody = z.infer<typeof manualEntryBodySchema>;

/**
 * Answer of POST /supplier-analyzer/start. totalEans = distinct valid EANs of the file; allowedEans = how many the plan
 * allowed (the first ones in file order). allowedEans < totalEans: toast 'Scan Started (Partial)'.
 * Errors: 400 (bad file/fields), 403 (EAN Upload Limit Exhausted), 413 (over 52428800 bytes).
 */
export const supplierStartResponseSchema = z.object({
  scanId: z.string(),
  allowedEans: z.number().int(),
  totalEans: z.number().int(),
  status: scanStatusSchema,
});
export type SupplierStartResponse = z.infer<typeof supplierStartResponseSchema>;

/**
 * GET /supplier-analyzer/{id}/status. totalEans = allowedEans = the EANs this run analyzes (the plan's allowance of
 * the file's distinct valid EANs); report.validEans is every distinct valid EAN of the file.
 */
export const supplierScanStatusSchema = z.object({
  scanId: z.string(),
  processedEans: z.number().int(),
  totalEans: z.number().int(),
  allowedEans: z.number().int(),
  status: scanStatusSchema,
  error: z.string().optional(),
  report: scanReportSchema,
});
export type SupplierScanStatus = z.infer<typeof supplierScanStatusSchema>;

/** GET /supplier-analyzer/active-scan: 204 (no body) when the user has no PENDING/PROCESSING scan, else this. */
export const supplierActiveScanSchema = supplierScanStatusSchema;
export type SupplierActiveScan = SupplierScanStatus;

/** How the profit was computed (SPEC "show the basis"); amounts in the MARKET currency, per sold listing. */
export const profitBreakdownSchema = z.object({
  currency: z.string(),
  /** Buy-box price as the buyer pays it. */
  price: z.number(),
  vat: z.number(),
  referralFee: z.number(),
  fbaFee: z.number(),
  /** numberOfPacks × supplier unit cost, converted to the market currency (null without a supplier price). */
  cost: z.number().nullable(),
  profit: z.number().nullable(),
  /** Fraction (0.25 = 25 %). */
  roi: z.number().nullable(),
  numberOfPacks: z.number().int(),
  /** EUR → market currency rate used, and the date it is valid for. */
  fxRate: z.number(),
  fxDate: z.string(),
});
export type ProfitBreakdown = z.infer<typeof profitBreakdownSchema>;

/**
 * Favorite / deal product (SPEC §3) as the supplier analyzer lists it (and the CSV results file exports it).
 * supplierPrice, amazonPrice, estimatedProfit and maxBuyPrice are in EUR (SPEC §9 "supplier deals in EUR");
 * the breakdown is in the market currency. roiPercentage is a percentage (25.3 = 25.3 %).
 */
export const dealProductSchema = z.object({
  id: z.string(),
  ean: z.string(),
  asin: z.string(),
  market: marketIdSchema,
  productName: z.string().nullable(),
  brand: z.string().nullable(),
  /** The uploaded file's name, or 'Manual entry'. */
  supplierName: z.string().nullable(),
  supplierPrice: z.number().nullable(),
  amazonPrice: z.number().nullable(),
  estimatedProfit: z.number().nullable(),
  roiPercentage: z.number().nullable(),
  ...listingFactsShape,
  createdAt: z.string(),
  /** Amazon product page for the market (SPEC §9 marketplace links). */
  marketplaceUrl: z.string(),
  /** Highest supplier unit price (EUR, excl. VAT) that still reaches the user's minimum ROI; null without a buy box. */
  maxBuyPrice: z.number().nullable(),
  /** The minimum ROI (fraction) maxBuyPrice was computed for. */
  minRoi: z.number(),
  /** When the deal disappears (createdAt + 24 h). */
  expiresAt: z.string(),
  breakdown: profitBreakdownSchema,
});
export type DealProduct = z.infer<typeof dealProductSchema>;

/** The nine supplier sort options of SPEC §9. */
export const SUPPLIER_SORT_OPTIONS = [
  'mainCategoryRank',
  'roi',
  'estimatedProfit',
  'buyBoxPrice',
  'supplierPrice',
  'estimatedMonthlySales',
  'numberOfSellers',
  'rating',
  'reviewCount',
] as const;
export type SupplierSortOption = (typeof SUPPLIER_SORT_OPTIONS)[number];

/** Query lists arrive as repeated params (?brands=a&brands=b) or comma-separated (?brands=a,b); both accepted. */
const listParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    if (value === undefined) return [] as string[];
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
    return parts.map((v) => v.trim()).filter((v) => v.length > 0);
  });

/** GET /supplier-analyzer/results?page&size&sortBy&sortOrder&brands&markets (page zero-based, size ≤ 100). Default: rank ascending. */
export const supplierResultsQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(0, 'Page must be 0 or more.').default(0),
  size: z.coerce
    .number({ error: 'Size must be a number.' })
    .int('Size must be a whole number.')
    .min(1, `Size must be between 1 and ${PAGE_SIZE}.`)
    .max(PAGE_SIZE, `Size must be between 1 and ${PAGE_SIZE}.`)
    .default(PAGE_SIZE),
  sortBy: z.enum(SUPPLIER_SORT_OPTIONS, { error: `sortBy must be one of ${SUPPLIER_SORT_OPTIONS.join(', ')}.` }).default('mainCategoryRank'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc.' }).default('asc'),
  brands: listParam,
  markets: listParam.pipe(z.array(marketIdSchema)),
});
export type SupplierResultsQuery = z.infer<typeof supplierResultsQuerySchema>;
export const supplierResultsPageSchema = pagedSchema(dealProductSchema);
/** GET /supplier-analyzer/results/filters: the brands and markets of the user's live deals (filter options). */
export const dealFiltersSchema = z.object({ brands: z.array(z.string()), markets: z.array(z.string()) });
/** DELETE /supplier-analyzer/results answers { deleted }. */
export const clearDealsResponseSchema = z.object({ deleted: z.number().int() });

/** Columns of the CSV Template result file (GET /catalog/scan/{id}/results), in order. */
export const CSV_RESULT_COLUMNS = [
  'ean',
  'asin',
  'market',
  'productName',
  'brand',
  'supplierName',
  'supplierPrice',
  'amazonPrice',
  'estimatedProfit',
  'roiPercentage',
  'maxBuyPrice',
  'minRoiPercentage',
  'isDeal',
  'mainCategoryRank',
  'beautyCategoryRank',
  'estimatedMonthlySales',
  'rating',
  'reviewCount',
  'numberOfSellers',
  'buyBoxSellerId',
  'numberOfPacks',
  'currency',
  'amazonPriceMarketCurrency',
  'vat',
  'referralFee',
  'fbaFee',
  'marketplaceUrl',
  'imageUrl',
  'createdAt',
] as const;
