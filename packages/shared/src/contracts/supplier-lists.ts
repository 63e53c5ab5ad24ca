import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { MARKET_IDS } from '../markets.ts';
import { DEFAULT_PROFIT_CHANGE_THRESHOLD, MAX_PROFIT_CHANGE_THRESHOLD, RUN_CHANGE_KINDS } from '../rerun-diff.ts';

/**
 * Supplier lists (the screen's "Kept supplier lists") and their re-runs (docs/trusted-deals.md "Re-running a
 * supplier's list"). A completed supplier scan keeps its list for the plan's retention; re-running it scans the same
 * list with the same mapping and minimum ROI against today's Amazon data, and the re-run's changes compare it with the
 * run it re-ran. Money in EUR.
 */

const page = z.coerce.number({ error: 'page must be a number.' }).int('page must be a whole number.').min(0, 'page must be 0 or more.').default(0);
const size = z.coerce
  .number({ error: 'size must be a number.' })
  .int('size must be a whole number.')
  .min(1, `size must be between 1 and ${PAGE_SIZE}.`)
  .max(PAGE_SIZE, `size must be between 1 and ${PAGE_SIZE}.`)
  .default(PAGE_SIZE);

export const runChangeCountsSchema = z.object({
  new: z.number().int(),
  gone: z.number().int(),
  moved: z.number().int(),
  unchanged: z.number().int(),
});
export type RunChangeCountsWire = z.infer<typeof runChangeCountsSchema>;

/** One supplier list: a completed supplier scan whose list can be re-run until `keptUntil`. */
export const supplierListSchema = z.object({
  scanId: z.string(),
  fileName: z.string(),
  source: z.enum(['upload', 'manual']),
  /** The market; for an all-markets scan (allMarkets), the region's home market it was started from. */
  market: z.enum(MARKET_IDS),
  allMarkets: z.boolean(),
  completedAt: z.string(),
  /** When the list is deleted (the plan's retention after completedAt, with the organization's plan today). */
  keptUntil: z.string(),
  /** Distinct valid EANs of the list; analyzedEans of them were analyzed (the plan's allowance). */
  totalEans: z.number().int(),
  analyzedEans: z.number().int(),
  dealsFound: z.number().int(),
  /** The scan this one re-ran (null for an upload or manual entry), and when that run completed (null once it is gone). */
  rerunOf: z.string().nullable(),
  previousRunAt: z.string().nullable(),
  /** A re-run's changes at the default threshold (€1.00); null for a first run. */
  changes: runChangeCountsSchema.nullable(),
});
export type SupplierList = z.infer<typeof supplierListSchema>;

/** GET /supplier-analyzer/lists?page&size: the organization's supplier lists, newest first, and the plan's retention in days. */
export const supplierListsQuerySchema = z.object({ page, size });
export const supplierListsSchema = z.object({
  retentionDays: z.number().int(),
  content: z.array(supplierListSchema),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type SupplierLists = z.infer<typeof supplierListsSchema>;

/** POST /supplier-analyzer/lists/{id}/rerun answers like the upload, plus the scan it re-runs. */
export const rerunResponseSchema = z.object({
  scanId: z.string(),
  allowedEans: z.number().int(),
  totalEans: z.number().int(),
  status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'ERROR']),
  rerunOf: z.string(),
});
export type RerunResponse = z.infer<typeof rerunResponseSchema>;

/** ?threshold=1.00 (EUR, "profit moved by more than"), ?change=new|gone|moved (default: all three). */
const thresholdParam = z.coerce
  .number({ error: 'threshold must be a number.' })
  .min(0, `threshold must be between 0 and ${MAX_PROFIT_CHANGE_THRESHOLD}.`)
  .max(MAX_PROFIT_CHANGE_THRESHOLD, `threshold must be between 0 and ${MAX_PROFIT_CHANGE_THRESHOLD}.`)
  .default(DEFAULT_PROFIT_CHANGE_THRESHOLD);
const changeParam = z.enum(RUN_CHANGE_KINDS, { error: `change must be one of ${RUN_CHANGE_KINDS.join(', ')}.` }).optional();

export const runChangesQuerySchema = z.object({ threshold: thresholdParam, change: changeParam, page, size });
export type RunChangesQuery = z.infer<typeof runChangesQuerySchema>;
export const runChangesDownloadQuerySchema = z.object({ threshold: thresholdParam, change: changeParam });

export const runChangeSchema = z.object({
  kind: z.enum(RUN_CHANGE_KINDS),
  ean: z.string(),
  asin: z.string(),
  productName: z.string().nullable(),
  brand: z.string().nullable(),
  previousProfit: z.number().nullable(),
  currentProfit: z.number().nullable(),
  profitChange: z.number().nullable(),
  previousRoi: z.number().nullable(),
  currentRoi: z.number().nullable(),
  /** 'wrong-match': a deal gone because the organization marked its listing a wrong match. */
  goneReason: z.enum(['wrong-match']).optional(),
});
export type RunChangeWire = z.infer<typeof runChangeSchema>;

/** GET /supplier-analyzer/lists/{id}/changes: a completed re-run against the run it re-ran. */
export const runChangesSchema = z.object({
  scanId: z.string(),
  rerunOf: z.string().nullable(),
  /** When the compared runs completed (previousRunAt: null once that scan is gone; its deals are kept with this one). */
  previousRunAt: z.string().nullable(),
  completedAt: z.string(),
  threshold: z.number(),
  counts: runChangeCountsSchema,
  /** EANs the previous run had as deals that this run could not look up (not counted as gone). */
  notChecked: z.number().int(),
  content: z.array(runChangeSchema),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
});
export type RunChanges = z.infer<typeof runChangesSchema>;
