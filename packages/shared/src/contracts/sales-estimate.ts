import { z } from 'zod';
import { DEFAULT_UNGATING_INVOICE_UNITS, MAX_UNGATING_INVOICE_UNITS } from '../sales-estimate.ts';
import { jsonBody } from './account.ts';

/**
 * The sales estimate of a deal's listing and the seller's share (@dealradar/shared/sales-estimate,
 * docs/sales-estimate.md). Every figure is an estimate; basisText says what it rests on.
 */
export const salesEstimateSchema = z.object({
  /** Units the listing sells per month (all sellers). */
  unitsPerMonth: z.number().int(),
  basis: z.enum(['monthlySold', 'rankDrops30', 'rankDrops90', 'rank']),
  /** "≥ 300 bought last month", "≈ 45 from 90-day rank drops", "≈ 20 from rank". */
  basisText: z.string(),
  /** Third-party FBA offers + 1 (the seller). */
  competitors: z.number().int(),
  /** Amazon's share of the buy box taken off first (0–1); null: unknown. */
  amazonShare: z.number().nullable(),
  /** The seller's units per month (one decimal); null: Amazon holds the buy box almost always (no FBA estimate). */
  sellerUnitsPerMonth: z.number().nullable(),
  noShareReason: z.string().nullable(),
});
export type SalesEstimateWire = z.infer<typeof salesEstimateSchema>;

/** Spread into the deal schema: the estimate and the seller's estimated monthly profit (share × profit, EUR). */
export const salesEstimateShape = {
  salesEstimate: salesEstimateSchema.nullable().optional(),
  estimatedMonthlyProfit: z.number().nullable().optional(),
};

/** GET/PUT /user/settings/ungating-invoice: units to buy for an ungating invoice (at the supplier price). */
export const ungatingInvoiceSettingsSchema = z.object({ units: z.number().int() });
export const updateUngatingInvoiceBodySchema = jsonBody({
  units: z
    .number({ error: 'Please enter the units of an ungating invoice as a whole number.' })
    .int({ error: 'Please enter the units of an ungating invoice as a whole number.' })
    .min(1, { error: 'An ungating invoice has at least 1 unit.' })
    .max(MAX_UNGATING_INVOICE_UNITS, { error: `An ungating invoice has at most ${MAX_UNGATING_INVOICE_UNITS} units here.` }),
});
export { DEFAULT_UNGATING_INVOICE_UNITS };

/** ?minMonthlyProfit=…: only deals whose estimated monthly profit (EUR) is at least this. */
export const minMonthlyProfitParam = z.coerce
  .number({ error: 'minMonthlyProfit must be a number (euros a month).' })
  .min(0, 'minMonthlyProfit must be 0 or more.')
  .max(10_000_000, 'minMonthlyProfit is too large.')
  .optional();
/** ?minUnitsPerMonth=…: only deals whose estimated share of the sales is at least this many units a month. */
export const minUnitsPerMonthParam = z.coerce
  .number({ error: 'minUnitsPerMonth must be a number (units a month).' })
  .min(0, 'minUnitsPerMonth must be 0 or more.')
  .max(10_000_000, 'minUnitsPerMonth is too large.')
  .optional();
