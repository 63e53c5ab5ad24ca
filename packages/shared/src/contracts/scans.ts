import { z } from 'zod';
import { parseAmountText } from '../amount-text.ts';
import { parseDecimalInput } from '../decimal.ts';
import { listingFactsShape } from './listing-facts.ts';
import { hideWarningsParam, matchFactsShape } from './match-rules.ts';
import { marketChoiceSchema, marketComparisonSchema } from './market-comparison.ts';
import { PAGE_SIZE } from '../constants.ts';
import { MAX_LENGTH, tooLongMessage } from '../input-limits.ts';
import { scanTokensSchema } from '../keepa-tokens.ts';
import { MARKET_IDS } from '../markets.ts';
import { pagedSchema } from '../paging.ts';
import { listingRestrictionFilterParam, listingRestrictionSchema } from './seller-account.ts';
import { minMonthlyProfitParam, minUnitsPerMonthParam, salesEstimateShape } from './sales-estimate.ts';
import { MAX_SUPPLIER_VAT_RATE, SUPPLIER_CURRENCIES } from '../price-terms.ts';

/**
 * Payloads of SPEC §7 "CSV Template Analyzer" and "Supplier analyzer". Decisions: docs/scans.md.
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
  /** A shop-internal, restricted-circulation or coupon number (GS1 prefixes 020–029, 040–049, 200–299, 980–984, 99). */
  'internal_code',
  /** The units-per-price cell is not a whole number of at least 1. */
  'invalid_units',
] as const;
export type RowIssueReason = (typeof ROW_ISSUE_REASONS)[number];
export const rowIssueSchema = z.object({
  /** 1-based line number in the file (the header is line 1); for manual entry the 1-based row number. */
  line: z.number().int(),
  reason: z.enum(ROW_ISSUE_REASONS),
  /** The raw EAN cell (or '' when missing; the units cell for invalid_units). */
  value: z.string(),
  /** A sentence, e.g. 'Check digit is wrong.' */
  message: z.string(),
});
export type RowIssue = z.infer<typeof rowIssueSchema>;

/** Lines that are not products: title/date/blank lines above the header, totals and notes below the data. */
export const SKIPPED_LINE_REASONS = ['blank', 'title', 'total', 'note'] as const;
export const skippedLineSchema = z.object({
  line: z.number().int(),
  reason: z.enum(SKIPPED_LINE_REASONS),
  /** The line's text (non-empty cells joined by ' · '), at most 100 characters. */
  text: z.string(),
});
export type SkippedLineInfo = z.infer<typeof skippedLineSchema>;
/** The report lists at most this many skipped lines (skippedLineCount is exact). */
export const SKIPPED_LINES_LIMIT = 100;
/**
 * Unusable rows stored per scan for the report download (the counts are always exact); docs/scans.md. A real list
 * with more bad rows than this has a wrong column mapped, and each stored row costs the embedded database space
 * (docs/decisions/0029-stored-unusable-rows-bounded.md).
 */
export const STORED_ISSUES_LIMIT = 25_000;

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
  // Optional in the type only for older stored reports and the web's placeholders; always sent:
  /** 'csv' or 'xlsx' (read from the file's bytes, not its name). */
  fileFormat: z.enum(['csv', 'xlsx']).optional(),
  /** XLSX: the sheet that was read; null for CSV. */
  sheet: z.string().nullable().optional(),
  /** 1-based physical line (XLSX: sheet row) of the detected header. */
  headerLine: z.number().int().optional(),
  /** Lines that are not products (above the header, totals and notes below the data); at most SKIPPED_LINES_LIMIT. */
  skippedLines: z.array(skippedLineSchema).optional(),
  skippedLineCount: z.number().int().optional(),
  /** How many unusable rows are stored for the report download (all of them up to STORED_ISSUES_LIMIT). */
  issuesStored: z.number().int().optional(),
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
  /** Keepa tokens: absent when the data source charges none. */
  tokens: scanTokensSchema.optional(),
});
export type CsvScan = z.infer<typeof csvScanSchema>;
export const csvScanListSchema = z.array(csvScanSchema);

/**
 * GET /catalog/scan/{id}/queue-position: position = how many unfinished scans are ahead of this PENDING one;
 * 0 when it is running (or has ended). queueSize = PENDING+PROCESSING scans of every user.
 */
export const queueInfoSchema = z.object({ position: z.number().int(), queueSize: z.number().int() });
export type QueueInfo = z.infer<typeof queueInfoSchema>;

/** Supplier files: CSV or XLSX, at most 52428800 bytes (SPEC §5 / §9). */
export const SUPPLIER_FILE_EXTENSIONS = ['.csv', '.xlsx'] as const;
export const WRONG_FILE_TYPE_MESSAGE = 'File type must be .csv or .xlsx.';

/** A column header or sheet name chosen in the mapping dialog; '' = not chosen. */
const columnName = () => z.string().max(MAX_LENGTH.columnName, tooLongMessage('The column name', MAX_LENGTH.columnName));
const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), columnName().trim().optional());
const flag = z.preprocess((v) => (v === undefined || v === '' ? false : v === true || v === 'true' || v === '1' || v === 'on'), z.boolean());
const unitsNumber = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'number') return v;
    const parsed = parseDecimalInput(String(v));
    return parsed.ok ? (parsed.value ?? undefined) : Number.NaN;
  },
  z
    .number({ error: 'Units per price must be a whole number of 1 or more.' })
    .int('Units per price must be a whole number of 1 or more.')
    .min(1, 'Units per price must be a whole number of 1 or more.')
    .max(100_000, 'Units per price must be at most 100000.')
    .optional(),
);

/**
 * The supplier price's currency and VAT (@dealradar/shared/price-terms, docs/scans.md): priceCurrency
 * (default EUR), priceIncludesVat (default false) and priceVatRate (the supplier's VAT in percent, 0–30; default the
 * currency's standard rate, SUPPLIER_VAT_DEFAULTS). Absent fields are EUR excl. VAT, as before.
 */
function priceTermsShape() {
  const vatMessage = `The supplier's VAT rate must be a number between 0 and ${MAX_SUPPLIER_VAT_RATE * 100} (percent).`;
  return {
    priceCurrency: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(SUPPLIER_CURRENCIES, { error: `The price currency must be one of ${SUPPLIER_CURRENCIES.join(', ')}.` }).default('EUR'),
    ),
    priceIncludesVat: flag.optional(),
    priceVatRate: z.preprocess(
      (v) => {
        if (v === undefined || v === null || v === '') return undefined;
        if (typeof v === 'number') return v;
        const parsed = parseDecimalInput(String(v));
        return parsed.ok ? (parsed.value ?? undefined) : Number.NaN;
      },
      z
        .number({ error: vatMessage })
        .min(0, vatMessage)
        .max(MAX_SUPPLIER_VAT_RATE * 100, vatMessage)
        .optional(),
    ),
  };
}

/**
 * The column mapping sent with an upload (both analyzers), by header name: eanColumn (required); brandColumn or
 * noBrandColumn=true (exactly one: without a brand column deals carry the Amazon listing's brand); priceColumn ('' =
 * none); unitsColumn or unitsPerPrice (at most one; the price is per case of that many units, unit cost = price ÷
 * units; absent → 1); sheet (XLSX: the sheet's name, default the first); priceCurrency, priceIncludesVat,
 * priceVatRate (priceTermsShape).
 */
const mappingShape = {
  eanColumn: z
    .string({ error: 'Please choose the EAN column.' })
    .max(MAX_LENGTH.columnName, tooLongMessage('The column name', MAX_LENGTH.columnName))
    .trim()
    .min(1, 'Please choose the EAN column.'),
  brandColumn: optionalText,
  noBrandColumn: flag,
  priceColumn: columnName().trim().optional().default(''),
  unitsColumn: optionalText,
  unitsPerPrice: unitsNumber,
  sheet: optionalText,
  ...priceTermsShape(),
};

function checkMapping(value: { brandColumn?: string; noBrandColumn: boolean; unitsColumn?: string; unitsPerPrice?: number }, ctx: z.RefinementCtx): void {
  if (!value.brandColumn && !value.noBrandColumn) ctx.addIssue({ code: 'custom', message: 'Please choose the Brand column.', path: ['brandColumn'] });
  if (value.brandColumn && value.noBrandColumn) {
    ctx.addIssue({ code: 'custom', message: 'Choose a brand column or "No brand column", not both.', path: ['noBrandColumn'] });
  }
  if (value.unitsColumn && value.unitsPerPrice !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'Choose a units column or a number of units per price, not both.', path: ['unitsPerPrice'] });
  }
}

/**
 * POST /catalog/scan/start (admin), multipart/form-data fields (send the text fields BEFORE the file):
 * marketplaceId (Amazon marketplace id, optional when marketId is given), marketId, the mapping fields above, file.
 * Answer: text/plain, the scanId.
 */
export const csvScanStartFieldsSchema = z
  .object({
    marketplaceId: z.string().max(MAX_LENGTH.code, 'Unknown marketplaceId.').trim().optional(),
    /** Either marketId or marketplaceId names the market; when both are sent they must agree. */
    marketId: z.preprocess((v) => (v === '' ? undefined : v), marketIdSchema.optional()),
    ...mappingShape,
  })
  .superRefine(checkMapping);
export type CsvScanStartFields = z.infer<typeof csvScanStartFieldsSchema>;

/**
 * POST /supplier-analyzer/start, multipart/form-data fields (text fields BEFORE the file):
 * marketId (a market, or ALL: every market, plans with multi-market analysis only), the mapping fields
 * above, file. Price is required in the dialog (SPEC §5) but the server
 * accepts '' (then every product is listed with its max buy price only and none can be a deal).
 */
export const supplierScanStartFieldsSchema = z.object({ marketId: marketChoiceSchema, ...mappingShape }).superRefine(checkMapping);

/**
 * POST /supplier-analyzer/token-estimate (any logged-in user; both analyzers' upload dialogs), multipart/form-data:
 * marketId, eanColumn, optional sheet, then the file. Answers tokenEstimateSchema (@dealradar/shared/keepa-tokens):
 * the expected Keepa tokens of the file's distinct valid EANs that are not in the shared cache, and the time.
 */
export const tokenEstimateFieldsSchema = z.object({ marketId: marketChoiceSchema, eanColumn: mappingShape.eanColumn, sheet: optionalText });
export type SupplierScanStartFields = z.infer<typeof supplierScanStartFieldsSchema>;

/**
 * A manual-entry row (SPEC §3): ean and brand required (unless the body says noBrand), price optional, numeric, minimum 0.
 * The price may be a number or the text the user typed ("4,20" is 4.20, "1.234,56" is 1234.56, "4,2,0" is refused:
 * parseAmountText). Its currency and VAT are the body's priceCurrency/priceIncludesVat/priceVatRate (default EUR net).
 */
export const manualEntryRowSchema = z.object({
  ean: z.string({ error: 'EAN and Brand are required' }).max(MAX_LENGTH.code, 'The EAN is too long.').trim().min(1, 'EAN and Brand are required'),
  /** Required unless the body says noBrand (then deals carry the Amazon listing's brand, as uploads without a brand column). */
  brand: z.string({ error: 'EAN and Brand are required' }).max(MAX_LENGTH.brand, tooLongMessage('The brand', MAX_LENGTH.brand)).trim().optional().default(''),
  price: z
    .union([z.number(), z.string().max(MAX_LENGTH.number, 'Price must be a number.'), z.null()], { error: 'Price must be a number.' })
    .optional()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value;
      const parsed = parseAmountText(value, { allowNegative: true });
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: 'Price must be a number.' });
        return z.NEVER;
      }
      return parsed.value;
    })
    .pipe(z.number({ error: 'Price must be a number.' }).min(0, 'Price must be 0 or more.').nullable().optional()),
});
export type ManualEntryRow = z.infer<typeof manualEntryRowSchema>;

/**
 * Manual entry: POST /supplier-analyzer/start with Content-Type application/json (same endpoint as the upload,
 * the content type decides). Answer: supplierStartResponseSchema, like the upload.
 */
export const MANUAL_ENTRY_MAX_ROWS = 1000;
export const manualEntryBodySchema = z
  .object({
    marketId: marketChoiceSchema,
    rows: z
      .array(manualEntryRowSchema, { error: 'Please add at least one row.' })
      .min(1, 'Please add at least one row.')
      .max(MANUAL_ENTRY_MAX_ROWS, `At most ${MANUAL_ENTRY_MAX_ROWS} rows can be entered manually; upload a CSV for more.`),
    /** "No brand: use the brand from the marketplace": rows may leave the brand empty. */
    noBrand: flag.optional(),
    /** The prices' currency and VAT, as an upload's. */
    ...priceTermsShape(),
  })
  .superRefine((body, ctx) => {
    if (body.noBrand) return;
    body.rows.forEach((row, i) => {
      if (row.brand === '') ctx.addIssue({ code: 'custom', message: 'EAN and Brand are required', path: ['rows', i, 'brand'] });
    });
  });
export type ManualEntryBody = z.infer<typeof manualEntryBodySchema>;

/**
 * Uploads (docs/scans.md "How an upload flows"): a supplier file is sent once, stored, and named by its id afterwards.
 * POST /uploads (multipart: one file) or POST /uploads/manual (JSON rows) answers uploadSchema; the preview, the token
 * estimate and the start of a scan name the id and the mapping. Another user's, an unknown or an expired id: 404.
 */
export const uploadIdSchema = z
  .string({ error: 'Please upload the file first (uploadId).' })
  .max(MAX_LENGTH.id, 'Upload not found.')
  .trim()
  .min(1, 'Please upload the file first (uploadId).');

/** POST /uploads/manual: the manual entry's rows as an upload (columns ean, brand, price; prices with a '.' decimal point). */
export const manualUploadBodySchema = z
  .object({
    rows: manualRowsSchema(),
    /** "No brand: use the brand from the marketplace": rows may leave the brand empty. */
    noBrand: flag.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.noBrand) return;
    body.rows.forEach((row, i) => {
      if (row.brand === '') ctx.addIssue({ code: 'custom', message: 'EAN and Brand are required', path: ['rows', i, 'brand'] });
    });
  });
export type ManualUploadBody = z.infer<typeof manualUploadBodySchema>;

/** A manual upload's columns, to name in its mapping. */
export const MANUAL_UPLOAD_COLUMNS = { ean: 'ean', brand: 'brand', price: 'price' } as const;

function manualRowsSchema() {
  return z
    .array(manualEntryRowSchema, { error: 'Please add at least one row.' })
    .min(1, 'Please add at least one row.')
    .max(MANUAL_ENTRY_MAX_ROWS, `At most ${MANUAL_ENTRY_MAX_ROWS} rows can be entered manually; upload a CSV for more.`);
}

/** GET /uploads/{id}/preview?sheet=: the header and first rows of another sheet of an XLSX upload. */
export const uploadPreviewQuerySchema = z.object({ sheet: optionalText });

/** POST /uploads/{id}/token-estimate: the expected Keepa tokens of the upload's EAN column in a market (or ALL). */
export const uploadTokenEstimateBodySchema = z.object({ marketId: marketChoiceSchema, eanColumn: mappingShape.eanColumn, sheet: optionalText });
export type UploadTokenEstimateBody = z.infer<typeof uploadTokenEstimateBodySchema>;

/** POST /supplier-analyzer/scans: a scan of an upload with its mapping (the fields of the multipart start, as JSON). */
export const supplierScanFromUploadBodySchema = z.object({ uploadId: uploadIdSchema, marketId: marketChoiceSchema, ...mappingShape }).superRefine(checkMapping);
export type SupplierScanFromUploadBody = z.infer<typeof supplierScanFromUploadBodySchema>;

/** POST /catalog/scans (admin): a CSV Template scan of an upload (marketId or marketplaceId, and the mapping). */
export const csvScanFromUploadBodySchema = z
  .object({
    uploadId: uploadIdSchema,
    marketplaceId: z.string().max(MAX_LENGTH.code, 'Unknown marketplaceId.').trim().optional(),
    marketId: z.preprocess((v) => (v === '' ? undefined : v), marketIdSchema.optional()),
    ...mappingShape,
  })
  .superRefine(checkMapping);
export type CsvScanFromUploadBody = z.infer<typeof csvScanFromUploadBodySchema>;

export const csvScanStartedSchema = z.object({ scanId: z.string() });

/** The header and first rows of a stored upload, as the column-mapping dialog shows them (@dealradar/shared/spreadsheet-preview). */
export const uploadPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  delimiter: z.enum([';', ',']),
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  headerLine: z.number().int(),
  skippedLines: z.array(skippedLineSchema),
  sampleRows: z.array(z.array(z.string())).optional(),
  sheets: z.array(z.string()).optional(),
  sheet: z.string().optional(),
});

/** Answer of POST /uploads and POST /uploads/manual. */
export const uploadSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  source: z.enum(['upload', 'manual']),
  /** When the upload is removed with its file if no scan starts from it (each preview or estimate moves it on). */
  expiresAt: z.string(),
  preview: uploadPreviewSchema,
});
export type Upload = z.infer<typeof uploadSchema>;

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
 * Time left of a running supplier scan, worked out by the server on every status answer:
 * - `tokens`: before the first EANs are done, from the scan's Keepa token estimate at the account's refill rate;
 * - `measured`: once EANs are done, from the rate measured since the scan started (with a real Keepa account never less
 *   than what its refill rate allows for the tokens still expected);
 * - `unknown`: no estimate and no progress yet (`seconds` null).
 */
export const scanTimeRemainingSchema = z.object({
  seconds: z.number().nonnegative().nullable(),
  basis: z.enum(['tokens', 'measured', 'unknown']),
});
export type ScanTimeRemaining = z.infer<typeof scanTimeRemainingSchema>;

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
  /** Keepa tokens: absent when the data source charges none. */
  tokens: scanTokensSchema.optional(),
  /** True for an all-markets scan (every EAN looked up in the seven markets). */
  allMarkets: z.boolean().optional(),
  /** A re-run of a supplier list: the scan it re-ran; absent for a scan of an upload or manual entry. */
  rerunOf: z.string().optional(),
  /**
   * Cancelled by its user: the status stays ERROR with 'The scan was canceled.' (SPEC §4 keeps four
   * statuses), the screen shows it as cancelled, and the deals found before the cancel stay in the list.
   */
  canceled: z.boolean().optional(),
  /** While PENDING or PROCESSING: the expected time left. */
  timeRemaining: scanTimeRemainingSchema.optional(),
});
export type SupplierScanStatus = z.infer<typeof supplierScanStatusSchema>;

/** GET /supplier-analyzer/active-scan: 204 (no body) when the user has no PENDING/PROCESSING scan, else this. */
export const supplierActiveScanSchema = supplierScanStatusSchema;
export type SupplierActiveScan = SupplierScanStatus;

/** One Amazon fee line of a profit breakdown (amount in the market currency, major units; negative = reclaimed). */
export const feeLineSchema = z.object({
  kind: z.enum(['referral', 'referral-dsf', 'fba', 'fba-dsf', 'closing', 'fee-vat', 'fee-vat-reclaimed']),
  label: z.string().max(MAX_LENGTH.sentence),
  amount: z.number(),
  rule: z.string().max(MAX_LENGTH.sentence),
});
export type FeeLineWire = z.infer<typeof feeLineSchema>;
export const sellerProfileShape = z.object({ country: z.string().max(MAX_LENGTH.code), vatRegistered: z.boolean() });

/**
 * The supplier's price as written in its currency and its way to the EUR unit cost: per unit,
 * VAT taken off when the price included it (at vatRate), then converted at fxRate (1 EUR = fxRate units of currency) of
 * fxDate. Amounts in `currency`, major units.
 */
export const supplierCostSchema = z.object({
  currency: z.string().max(MAX_LENGTH.code),
  /** The price as written (per case of unitsPerPrice units). */
  price: z.number(),
  /** Per unit as written (price ÷ unitsPerPrice), incl. VAT when includesVat. */
  unitPrice: z.number(),
  includesVat: z.boolean(),
  /** The supplier's VAT rate (fraction): taken off a VAT-inclusive price; a non-registered seller pays it on top of the net. */
  vatRate: z.number(),
  /** VAT taken off the unit price (0 when the price was net). */
  vatRemoved: z.number(),
  /** The unit price excl. VAT in `currency`. */
  netUnitPrice: z.number(),
  /** EUR → currency (1 for EUR) and the rates' day. */
  fxRate: z.number(),
  fxDate: z.string().max(MAX_LENGTH.code),
});
export type SupplierCostWire = z.infer<typeof supplierCostSchema>;

/** How the profit was computed (SPEC "show the basis"); amounts in the MARKET currency, per sold listing. */
export const profitBreakdownSchema = z.object({
  currency: z.string().max(MAX_LENGTH.code),
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
  fxDate: z.string().max(MAX_LENGTH.code),
  /** Every Amazon fee line with the rule that produced it (market currency); absent on older stored deals. */
  feeLines: z.array(feeLineSchema).optional(),
  /** The seller profile the fees were computed for. */
  seller: sellerProfileShape.optional(),
  /** The day whose fee rules were used (YYYY-MM-DD). */
  rulesDate: z.string().max(MAX_LENGTH.code).optional(),
  /** The supplier's price as written and how it became the EUR cost; absent without a price. */
  supplierCost: supplierCostSchema.optional(),
  /**
   * The lowest buy-box price (market currency, as the buyer pays it) at which this cost makes no loss;
   * null without a supplier price; absent on deals stored before it.
   */
  breakEvenPrice: z.number().nullable().optional(),
  /**
   * Present when the fee lines are Amazon's own estimate (the organization chose it for this listing,
   * docs/seller-account.md): when Amazon made it, and our fee rules' fees at this price before VAT on fees.
   */
  amazonFees: z
    .object({
      estimatedAt: z.string().max(MAX_LENGTH.code),
      rules: z.object({ referralFee: z.number(), fbaFee: z.number(), closingFee: z.number(), digitalServicesFee: z.number(), total: z.number() }).nullable(),
    })
    .optional(),
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
  /** The UNIT cost (EUR excl. VAT): the price as written ÷ unitsPerPrice. */
  supplierPrice: z.number().nullable(),
  /** The supplier's price as written (per case of unitsPerPrice units), EUR excl. VAT. */
  casePrice: z.number().nullable(),
  /** Units the supplier's price is for (1 unless the list quotes cases). */
  unitsPerPrice: z.number().int(),
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
  ...matchFactsShape,
  /**
   * All-markets scans: the best market (this deal's market and figures) and the runner-up, compared in the
   * region's currency; null for a deal of a single-market scan.
   */
  marketComparison: marketComparisonSchema.nullable().optional(),
  /** Amazon's listing restriction for the organization's connected seller account; absent without one. */
  listingRestriction: listingRestrictionSchema.nullable().optional(),
  /** Units a month with their basis, the seller's share and its monthly profit (estimates, docs/sales-estimate.md). */
  ...salesEstimateShape,
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
  /** Beyond SPEC §9's nine: the share of the last 90 days the deal was profitable. */
  'profitableShare',
  /** The seller's estimated monthly profit (docs/sales-estimate.md). */
  'estimatedMonthlyProfit',
] as const;
export type SupplierSortOption = (typeof SUPPLIER_SORT_OPTIONS)[number];

/** Query lists arrive as repeated params (?brands=a&brands=b) or comma-separated (?brands=a,b); both accepted. */
const listValue = z.string().max(MAX_LENGTH.brand, `A brand or market name is too long (at most ${MAX_LENGTH.brand} characters).`);
const listParam = z
  .union([listValue, z.array(listValue).max(MAX_LENGTH.listItems, `At most ${MAX_LENGTH.listItems} values can be given.`)])
  .optional()
  .transform((value) => {
    if (value === undefined) return [] as string[];
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
    return parts.map((v) => v.trim()).filter((v) => v.length > 0);
  });

/** ?hideAmazonBuyBox=true leaves out the products whose buy box Amazon itself holds (default false). */
export const hideAmazonBuyBoxParam = z
  .enum(['true', 'false'], { error: 'hideAmazonBuyBox must be true or false.' })
  .optional()
  .transform((value) => value === 'true');

/** ?minProfitableShare=0…100: only products profitable on at least this percentage of the last 90 days. */
export const minProfitableShareParam = z.coerce
  .number({ error: 'minProfitableShare must be a number.' })
  .min(0, 'minProfitableShare must be between 0 and 100.')
  .max(100, 'minProfitableShare must be between 0 and 100.')
  .optional();

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
  hideAmazonBuyBox: hideAmazonBuyBoxParam,
  /** Leave out deals with any of these warnings. */
  hideWarnings: hideWarningsParam,
  /** Only deals profitable on at least this percentage (0–100) of the last 90 days. */
  minProfitableShare: minProfitableShareParam,
  /** Sellable = only deals Amazon says the seller can sell; hideNotEligible = leave out the not eligible ones. */
  listingRestriction: listingRestrictionFilterParam,
  /** Only deals with at least this estimated monthly profit (EUR) / this estimated share in units a month. */
  minMonthlyProfit: minMonthlyProfitParam,
  minUnitsPerMonth: minUnitsPerMonthParam,
});
export type SupplierResultsQuery = z.infer<typeof supplierResultsQuerySchema>;
export const supplierResultsPageSchema = pagedSchema(dealProductSchema);
/** GET /supplier-analyzer/results/filters: the brands and markets of the user's live deals (filter options). */
export const dealFiltersSchema = z.object({ brands: z.array(z.string()), markets: z.array(z.string()) });
/** DELETE /supplier-analyzer/results answers { deleted }. */
export const clearDealsResponseSchema = z.object({ deleted: z.number().int() });

/**
 * Result downloads: csv = comma-separated, dot decimals (SPEC); excel-csv = "CSV for Excel" (semicolon, decimal
 * comma, as a European spreadsheet opens it); xlsx = a workbook with number cells. Every money column in EUR.
 */
export const DOWNLOAD_FORMATS = ['csv', 'excel-csv', 'xlsx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
const downloadFormat = z.enum(DOWNLOAD_FORMATS, { error: 'format must be csv, excel-csv or xlsx.' }).default('csv');
/** GET /catalog/scan/{id}/results?format= (default csv, SPEC). */
export const resultsDownloadQuerySchema = z.object({ format: downloadFormat });
/** GET /supplier-analyzer/results/download?format&brands&markets&sortBy&sortOrder: the user's live deals, every page. */
export const supplierResultsDownloadQuerySchema = supplierResultsQuerySchema.omit({ page: true, size: true }).extend({ format: downloadFormat });
export type SupplierResultsDownloadQuery = z.infer<typeof supplierResultsDownloadQuerySchema>;
/**
 * GET /supplier-analyzer/{id}/report and GET /catalog/scan/{id}/report: text/csv of the stored unusable rows,
 * columns REPORT_COLUMNS, in line order (own scans only; 404 'Scan not found').
 */
export const REPORT_COLUMNS = ['line', 'reason', 'value', 'message'] as const;

/**
 * Columns of the result files (GET /catalog/scan/{id}/results, GET /supplier-analyzer/results/download), in order.
 * One currency per file: every money column (supplierPrice, casePrice, amazonPrice, estimatedProfit, maxBuyPrice,
 * vat, referralFee, fbaFee) is EUR and `currency` says EUR; fxRate/fxDate give the EUR → market rate used;
 * amazonPriceMarketCurrency is the buy box as the market shows it, in marketCurrency. warnings = the warning
 * codes joined by ' | ', warningReasons = their one-line reasons joined the same way, buyBoxAvg30/buyBoxAvg90 = the
 * buy box's 30/90-day averages in EUR, profitableDays90Percentage = the percentage of the last 90 days the deal
 * would have met the minimum ROI. All markets (empty for single-market deals): comparisonCurrency = the
 * region's currency of the comparison, bestMarket/bestMarketProfit/bestMarketRoiPercentage and runnerUp… = the best
 * market (the row's market) and the runner-up with their profit in that currency, dealMarkets = every market where
 * the product meets the minimum ROI, best first, joined by ' | '. Supplier prices: supplierCurrency =
 * the currency the supplier's price was written in, supplierPriceOriginal = that price as written (per case),
 * supplierPriceIncludesVat = yes/no, supplierVatRatePercentage = the supplier's VAT rate, supplierFxRate/supplierFxDate =
 * the EUR → supplierCurrency rate and day the price was converted with (supplierPrice and casePrice are the EUR net).
 * The market-currency amounts beside the EUR ones, in marketCurrency at fxRate of fxDate
 * (EUR amount = market amount ÷ fxRate, to the cent): estimatedProfitMarketCurrency, costMarketCurrency,
 * vatMarketCurrency, referralFeeMarketCurrency, fbaFeeMarketCurrency, breakEvenPriceMarketCurrency (with
 * amazonPriceMarketCurrency); all markets: comparisonFxRate = 1 EUR in comparisonCurrency on fxDate, runnerUpProfitEur
 * = the runner-up's profit in EUR (the best market's is estimatedProfit); empty for deals stored before them.
 * ListingRestriction = Amazon's answer for the organization's seller account (Can sell, Approval required,
 * Not eligible, Not checked, Checking…; empty without a connected account), listingApprovalUrl = Amazon's approval link.
 * Estimates (docs/sales-estimate.md): estimatedUnitsPerMonth of the listing, salesEstimateBasis ('estimate: ≥ 300 bought
 * last month'), estimatedSellerUnitsPerMonth (the seller's share), estimatedMonthlyProfit (share × profit, EUR).
 */
export const CSV_RESULT_COLUMNS = [
  'ean',
  'asin',
  'market',
  'productName',
  'brand',
  'supplierName',
  'supplierPrice',
  'casePrice',
  'unitsPerPrice',
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
  'amazonHoldsBuyBox',
  'numberOfPacks',
  'warnings',
  'warningReasons',
  'buyBoxAvg30',
  'buyBoxAvg90',
  'profitableDays90Percentage',
  'currency',
  'fxRate',
  'fxDate',
  'marketCurrency',
  'amazonPriceMarketCurrency',
  'supplierCurrency',
  'supplierPriceOriginal',
  'supplierPriceIncludesVat',
  'supplierVatRatePercentage',
  'supplierFxRate',
  'supplierFxDate',
  'vat',
  'referralFee',
  'fbaFee',
  'estimatedProfitMarketCurrency',
  'costMarketCurrency',
  'vatMarketCurrency',
  'referralFeeMarketCurrency',
  'fbaFeeMarketCurrency',
  'breakEvenPriceMarketCurrency',
  'marketplaceUrl',
  'imageUrl',
  'createdAt',
  'comparisonCurrency',
  'bestMarket',
  'bestMarketProfit',
  'bestMarketRoiPercentage',
  'runnerUpMarket',
  'runnerUpProfit',
  'runnerUpRoiPercentage',
  'dealMarkets',
  'comparisonFxRate',
  'runnerUpProfitEur',
  'listingRestriction',
  'listingApprovalUrl',
  'estimatedUnitsPerMonth',
  'salesEstimateBasis',
  'estimatedSellerUnitsPerMonth',
  'estimatedMonthlyProfit',
] as const;
