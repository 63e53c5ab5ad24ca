import { z } from 'zod';
import { normalizeEan } from '../ean.ts';
import { MAX_LENGTH } from '../input-limits.ts';
import { MARKET_IDS } from '../markets.ts';
import { pagedSchema } from '../paging.ts';

/** GET /api/market-data/source: which providers are active (any logged-in user). */
export const marketDataSourceSchema = z.object({
  retail: z.string(),
  wholesale: z.string(),
  isDemo: z.boolean(),
});
export type MarketDataSource = z.infer<typeof marketDataSourceSchema>;

// ---- EAN-ASIN mappings (SPEC §3, §5, §7) ----

/** An EAN as typed: normalized to the canonical key, or refused with the reason. */
export const eanField = z
  .string({ error: 'EAN is required' })
  .max(MAX_LENGTH.code, 'The EAN is too long.')
  .trim()
  .min(1, 'EAN is required')
  .transform((value, ctx) => {
    const result = normalizeEan(value);
    if (!result.valid) {
      ctx.addIssue({ code: 'custom', message: result.reason });
      return z.NEVER;
    }
    return result.ean;
  });

export const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

/** Body of POST /ean-asin-mapping and PUT /ean-asin-mapping/{id}: every field required, numberOfPacks an integer ≥ 1. */
export const mappingBodySchema = z.object({
  ean: eanField,
  asin: z
    .string({ error: 'ASIN is required' })
    .max(MAX_LENGTH.code, 'ASIN must be 10 letters or digits (for example B08N5WRWNW).')
    .trim()
    .toUpperCase()
    .min(1, 'ASIN is required')
    .regex(ASIN_PATTERN, 'ASIN must be 10 letters or digits (for example B08N5WRWNW).'),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(MAX_LENGTH.productName, `Name is too long (at most ${MAX_LENGTH.productName} characters).`),
  brand: z
    .string({ error: 'Brand is required' })
    .trim()
    .min(1, 'Brand is required')
    .max(MAX_LENGTH.brand, `Brand is too long (at most ${MAX_LENGTH.brand} characters).`),
  numberOfPacks: z
    .number({ error: 'Number of packs is required' })
    .int('Number of packs must be a whole number.')
    .min(1, 'Number of packs must be at least 1.')
    .max(1000, 'Number of packs must be at most 1000.'),
});
export type MappingBody = z.input<typeof mappingBodySchema>;

export const mappingSchema = z.object({
  id: z.string(),
  ean: z.string(),
  asin: z.string(),
  name: z.string(),
  brand: z.string(),
  numberOfPacks: z.number().int(),
  createdAt: z.string(),
});
export type Mapping = z.infer<typeof mappingSchema>;
export const mappingPageSchema = pagedSchema(mappingSchema);

// ---- Keepa export import (admin) ----

export const importQuerySchema = z.object({
  fileName: z
    .string()
    .trim()
    .max(MAX_LENGTH.fileName, `The file name is too long (at most ${MAX_LENGTH.fileName} characters).`)
    .optional()
    .default('keepa-export.csv'),
  /** Market of the export when it has no Locale column. */
  market: z.enum(MARKET_IDS, { error: 'Choose the market of the export (DE, UK, FR, IT, ES, US or CA).' }).optional(),
});

export const importResultSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  market: z.string().nullable(),
  rowsRead: z.number().int(),
  listingsImported: z.number().int(),
  eansImported: z.number().int(),
  rowsSkipped: z.number().int(),
  createdAt: z.string(),
  /** First few reasons rows were skipped (line: reason). */
  problems: z.array(z.string()).optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** GET /api/market-data/admin/status: the admin data-source card. */
export const marketDataStatusSchema = z.object({
  source: marketDataSourceSchema,
  mode: z.string(),
  cacheTtlHours: z.number(),
  fx: z.object({ from: z.string(), to: z.string(), rate: z.number(), date: z.string(), source: z.string().optional() }).array(),
  cache: z.array(z.object({ source: z.string(), market: z.string(), entries: z.number(), fresh: z.number() })),
  imports: z.array(importResultSchema),
});
export type MarketDataStatus = z.infer<typeof marketDataStatusSchema>;

/** GET /market-data/fee-rules?date=YYYY-MM-DD (admin): the fee rules in force on that day (default today). */
export const feeRulesQuerySchema = z.object({
  date: z
    .string()
    .max(10, 'date must be a day as YYYY-MM-DD.')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a day as YYYY-MM-DD.')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'date must be a real day (YYYY-MM-DD).')
    .optional(),
});
const referralRuleSchema = z.object({
  id: z.number(),
  market: z.string(),
  category: z.string(),
  categoryName: z.string(),
  isDefault: z.boolean(),
  effectiveFrom: z.string(),
  lowRate: z.number(),
  highRate: z.number(),
  threshold: z.number(),
  minimumFee: z.number(),
  source: z.string(),
});
const dsfRuleSchema = z.object({
  id: z.number(),
  sellerCountry: z.string(),
  market: z.string(),
  effectiveFrom: z.string(),
  referralRate: z.number(),
  fbaRate: z.number(),
  source: z.string(),
});
const feeVatRuleSchema = z.object({
  id: z.number(),
  sellerCountry: z.string(),
  effectiveFrom: z.string(),
  vatRate: z.number(),
  amazonChargesLocalVat: z.boolean(),
  source: z.string(),
});
const feeRulesSchema = z.object({ referral: z.array(referralRuleSchema), dsf: z.array(dsfRuleSchema), feeVat: z.array(feeVatRuleSchema) });
export const feeRulesTableSchema = z.object({ date: z.string(), inForce: feeRulesSchema, all: feeRulesSchema });
export type FeeRulesTable = z.infer<typeof feeRulesTableSchema>;
