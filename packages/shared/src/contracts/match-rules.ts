import { z } from 'zod';
import { PAGE_SIZE } from '../constants.ts';
import { MAX_LENGTH, tooLongMessage } from '../input-limits.ts';
import { MARKET_IDS } from '../markets.ts';
import { pagedSchema } from '../paging.ts';
import { DEAL_WARNING_CODES } from '../deal-warnings.ts';
import { ASIN_PATTERN, eanField } from './market-data.ts';

/**
 * Match rules (docs/trusted-deals.md): an organization's own EAN → ASIN decisions.
 * - never  ("Wrong match"): this EAN is never matched to this ASIN;
 * - always ("Always match"): this EAN is matched to this ASIN, with numberOfPacks units per Amazon listing.
 * Kept per organization, applied to every later scan, brand scan and a price drop's profit basis of its members.
 * Precedence for an organization: its always rule > the admin's EAN-ASIN mapping (unless a never rule names the
 * mapping's ASIN) > the best-ranked listing that no never rule excludes.
 */

export const MATCH_RULE_KINDS = ['never', 'always'] as const;
export type MatchRuleKind = (typeof MATCH_RULE_KINDS)[number];

/** How a deal's or favorite's listing was chosen. */
export const MATCH_SOURCES = ['rule', 'mapping', 'rank'] as const;
export type MatchSource = (typeof MATCH_SOURCES)[number];

const asinField = z
  .string({ error: 'ASIN is required' })
  .max(MAX_LENGTH.code, 'ASIN must be 10 letters or digits (for example B08N5WRWNW).')
  .trim()
  .toUpperCase()
  .min(1, 'ASIN is required')
  .regex(ASIN_PATTERN, 'ASIN must be 10 letters or digits (for example B08N5WRWNW).');

const packsField = z
  .number({ error: 'Number of packs must be a number.' })
  .int('Number of packs must be a whole number.')
  .min(1, 'Number of packs must be at least 1.')
  .max(1000, 'Number of packs must be at most 1000.');

/**
 * POST /api/match-rules. An always rule needs numberOfPacks; a never rule takes none. Saving a rule replaces the
 * organization's rule for the same EAN and ASIN, and an always rule replaces the EAN's previous always rule
 * (switching the match). Answer 201: matchRuleSchema.
 */
export const matchRuleBodySchema = z
  .object({
    ean: eanField,
    asin: asinField,
    kind: z.enum(MATCH_RULE_KINDS, { error: 'kind must be never or always.' }),
    numberOfPacks: packsField.optional(),
    /** The listing's title as the member saw it (shown in the review list). */
    productName: z.string().trim().max(MAX_LENGTH.productName, tooLongMessage('The product name', MAX_LENGTH.productName)).nullish(),
    market: z.enum(MARKET_IDS, { error: 'Unknown market.' }).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'always' && value.numberOfPacks === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Please give the number of packs of an always-match rule.', path: ['numberOfPacks'] });
    }
    if (value.kind === 'never' && value.numberOfPacks !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'A wrong-match rule has no number of packs.', path: ['numberOfPacks'] });
    }
  });
export type MatchRuleBody = z.input<typeof matchRuleBodySchema>;

export const matchRuleSchema = z.object({
  id: z.string(),
  ean: z.string(),
  asin: z.string(),
  kind: z.enum(MATCH_RULE_KINDS),
  /** Always rules only (null for never). */
  numberOfPacks: z.number().int().nullable(),
  productName: z.string().nullable(),
  market: z.string().nullable(),
  /** Username of the member who made it (null when that user was deleted). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type MatchRule = z.infer<typeof matchRuleSchema>;

/** GET /api/match-rules?page&size&search (newest first, page zero-based; search: part of an EAN or ASIN). */
export const matchRulesQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(0, 'Page must be 0 or more.').default(0),
  size: z.coerce
    .number({ error: 'Size must be a number.' })
    .int('Size must be a whole number.')
    .min(1, `Size must be between 1 and ${PAGE_SIZE}.`)
    .max(PAGE_SIZE, `Size must be between 1 and ${PAGE_SIZE}.`)
    .default(PAGE_SIZE),
  search: z.string().max(MAX_LENGTH.code, 'The search is too long.').trim().optional(),
});
export type MatchRulesQuery = z.infer<typeof matchRulesQuerySchema>;
export const matchRulesPageSchema = pagedSchema(matchRuleSchema);

/** DELETE /api/match-rules/{id} (204). Another organization's id answers 404. */
export const matchRuleIdParamsSchema = z.object({ id: z.string().max(MAX_LENGTH.id, 'The address is too long.') });

/** Another listing of the same EAN in the same market, kept on a deal or favorite so the card can offer it. */
export const matchAlternativeSchema = z.object({
  asin: z.string(),
  title: z.string().nullable(),
  /** Units in that listing (its package quantity). */
  numberOfPacks: z.number().int(),
  mainCategoryRank: z.number().int().nullable(),
  /** Buy-box price in the market currency (major units); null: none or not fetched. */
  buyBoxPrice: z.number().nullable(),
  /**
   * What the listing sells for now, market currency (major units): its buy box, or — when the buy box was
   * not fetched (a two-phase Keepa look-up asks for it only for the chosen listing) — its lowest FBA offer, else its
   * lowest merchant offer; `priceKind` says which. Null: no offer known, or stored without it.
   */
  price: z.number().nullable().default(null),
  priceKind: z.enum(['buy-box', 'lowest-fba', 'lowest-fbm']).nullable().default(null),
  /** ROI in percent of the deal's supplier cost at that price on this listing (its fees and pack count); null: unknown. */
  roiPercentage: z.number().nullable().default(null),
});
export type MatchAlternative = z.infer<typeof matchAlternativeSchema>;

/** At most this many alternatives are kept per deal (best rank first). */
export const MAX_ALTERNATIVES = 5;

/** One warning of a deal (@dealradar/shared/deal-warnings): its code and a one-line reason. */
export const dealWarningSchema = z.object({ code: z.enum(DEAL_WARNING_CODES), reason: z.string() });

/**
 * ?hideWarnings=pack,high_roi (or repeated): leave out deals / favorites carrying any of these warnings.
 * Unknown codes answer 400.
 */
export const hideWarningsParam = z
  .union([z.string().max(200, 'hideWarnings is too long.'), z.array(z.string().max(40)).max(DEAL_WARNING_CODES.length * 2)])
  .optional()
  .transform((value) => [
    ...new Set(
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.enum(DEAL_WARNING_CODES, { error: `hideWarnings takes ${DEAL_WARNING_CODES.join(', ')}.` })));

/** Fields every deal and favorite carries about its match and its trustworthiness (spread into both schemas). */
export const matchFactsShape = {
  /** Warnings (pack, bundle, high ROI, buy box, several ASINs, price spike) with one-line reasons; [] on rows stored without warnings. */
  warnings: z.array(dealWarningSchema).default([]),
  /** Average buy box over the last 30 / 90 days (Keepa stats), in the row's money currency; null: unknown. */
  buyBoxAvg30: z.number().nullable().default(null),
  buyBoxAvg90: z.number().nullable().default(null),
  /** Share (0–1) of the last 90 days on which the product would have met the minimum ROI at this cost; null: unknown. */
  profitableShare90: z.number().nullable().default(null),
  /** Other listings of the EAN in the market, best rank first (at most MAX_ALTERNATIVES). */
  alternatives: z.array(matchAlternativeSchema).default([]),
  /** How the listing was chosen: the organization's rule, the admin's mapping, or the best rank. Null: stored without it. */
  matchSource: z.enum(MATCH_SOURCES).nullable().default(null),
};
