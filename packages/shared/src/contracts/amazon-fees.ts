import { z } from 'zod';
import { MAX_LENGTH } from '../input-limits.ts';
import { MARKETS } from '../markets.ts';
import { profitBreakdownSchema } from './scans.ts';
import { asinField } from './seller-account.ts';

/**
 * Amazon's own fee estimate (Product Fees v0) beside our fee rules, per organization, ASIN, market and price
 * (docs/seller-account.md). Money in major units of the market's currency, fees before VAT on fees.
 */
const marketIds = MARKETS.map((m) => m.id) as [string, ...string[]];

export const feePartsSchema = z.object({
  referralFee: z.number(),
  fbaFee: z.number(),
  /** Amazon's variable closing fee (and per-item fees); ours is always 0 for the categories we price. */
  closingFee: z.number(),
  digitalServicesFee: z.number(),
  total: z.number(),
});
export type FeePartsWire = z.infer<typeof feePartsSchema>;

export const AMAZON_FEE_CHOICES = ['RULES', 'AMAZON'] as const;
export type AmazonFeeChoice = (typeof AMAZON_FEE_CHOICES)[number];

/**
 * POST /amazon-fees/estimate: the listing of an opened breakdown (its ASIN, market, the EAN it was found for and the
 * breakdown the API sent). The server prices the comparison from its own cache of the listing (found through `ean`, or
 * the ASIN alone) at its buy box with our fee rules; the breakdown only gives the profit the fees are swapped into.
 */
export const amazonFeeEstimateBodySchema = z.object({
  asin: asinField,
  market: z.enum(marketIds, { error: 'Unknown market.' }),
  /** The EAN the listing was found for; one that is not a valid code is ignored (the ASIN's own entry is read). */
  ean: z.string().trim().max(MAX_LENGTH.code, 'The EAN is too long.').optional(),
  breakdown: profitBreakdownSchema,
});
export type AmazonFeeEstimateBody = z.infer<typeof amazonFeeEstimateBodySchema>;

/**
 * ESTIMATED: Amazon's parts beside ours. NOT_CONNECTED (no account: the dialog shows a hint at most), NEEDS_RECONNECT,
 * NOT_A_STORE (the market is not one of the seller's stores), NO_PRICE (no buy box), CLIENT_ERROR (Amazon's sentence
 * for this item, e.g. an unknown ASIN), UNAVAILABLE (Amazon could not be asked now).
 */
export const AMAZON_FEE_ESTIMATE_STATUSES = [
  'ESTIMATED',
  'NOT_CONNECTED',
  'NEEDS_RECONNECT',
  'NOT_A_STORE',
  'NO_PRICE',
  'CLIENT_ERROR',
  'UNAVAILABLE',
] as const;

export const amazonFeeEstimateSchema = z.object({
  status: z.enum(AMAZON_FEE_ESTIMATE_STATUSES),
  /** The sentence for every status but ESTIMATED. */
  message: z.string().nullable(),
  currency: z.string(),
  /** The buy-box price asked at. */
  price: z.number(),
  ours: feePartsSchema,
  amazon: feePartsSchema.extend({ otherFees: z.number() }).nullable(),
  /** Amazon's total − ours. */
  difference: z.number().nullable(),
  /** €0.05 in the market's currency. */
  threshold: z.number(),
  /** The totals differ by more than the threshold. */
  marked: z.boolean(),
  estimatedAt: z.string().nullable(),
  /** Answered from the day's cache (no call to Amazon). */
  cached: z.boolean(),
  /** What the organization uses for this listing (ASIN and market). */
  choice: z.enum(AMAZON_FEE_CHOICES),
  /** The breakdown's profit and ROI with our rules' fees and with Amazon's (null without a cost or an estimate). */
  profitWithRules: z.number().nullable(),
  roiWithRules: z.number().nullable(),
  profitWithAmazon: z.number().nullable(),
  roiWithAmazon: z.number().nullable(),
});
export type AmazonFeeEstimate = z.infer<typeof amazonFeeEstimateSchema>;

/** PUT /amazon-fees/choice: which fees the organization uses for this listing from now on. */
export const amazonFeeChoiceBodySchema = z.object({
  asin: amazonFeeEstimateBodySchema.shape.asin,
  market: amazonFeeEstimateBodySchema.shape.market,
  choice: z.enum(AMAZON_FEE_CHOICES, { error: 'Please choose our fee rules or Amazon’s estimate.' }),
});
export type AmazonFeeChoiceBody = z.infer<typeof amazonFeeChoiceBodySchema>;
export const amazonFeeChoiceSchema = z.object({ asin: z.string(), market: z.string(), choice: z.enum(AMAZON_FEE_CHOICES) });

/** GET /admin/amazon-fee-drifts: where our fee rules drift from Amazon's estimates. */
export const amazonFeeDriftQuerySchema = z.object({
  sort: z.enum(['biggest', 'recent'], { error: 'sort must be biggest or recent.' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export const amazonFeeDriftSchema = z.object({
  asin: z.string(),
  market: z.string(),
  currency: z.string(),
  price: z.number(),
  ourTotal: z.number(),
  amazonTotal: z.number(),
  /** Amazon's − ours, in the market's currency and in EUR. */
  difference: z.number(),
  differenceEur: z.number(),
  marked: z.boolean(),
  source: z.enum(['breakdown', 'scan']),
  comparedAt: z.string(),
});
export const amazonFeeDriftsSchema = z.object({
  /** Per market: comparisons, how many were marked, the mean difference in EUR. */
  markets: z.array(z.object({ market: z.string(), comparisons: z.number().int(), marked: z.number().int(), meanDifferenceEur: z.number() })),
  items: z.array(amazonFeeDriftSchema),
});
export type AmazonFeeDrifts = z.infer<typeof amazonFeeDriftsSchema>;
