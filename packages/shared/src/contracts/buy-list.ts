import { z } from 'zod';
import { MAX_BUY_LIST_QUANTITY, MAX_BUY_LIST_WEEKS } from '../buy-list.ts';
import { jsonBody } from './account.ts';
import { MAX_LENGTH } from '../input-limits.ts';

/**
 * The organization's buy list (docs/buy-list.md): lines added from supplier deals, grouped by supplier, with each
 * supplier's figures and minimum order value. Money in EUR major units; quantities in the supplier's units.
 */

const quantityField = z
  .number({ error: 'Please enter the quantity as a whole number of units.' })
  .int({ error: 'Please enter the quantity as a whole number of units.' })
  .min(1, { error: 'The quantity must be at least 1 unit.' })
  .max(MAX_BUY_LIST_QUANTITY, { error: `The quantity can be at most ${MAX_BUY_LIST_QUANTITY.toLocaleString('en-US')} units.` });

/** What made a line's deal change: a newer scan of the supplier's list, a newer brand scan, a newer Qogita price refresh. */
export const BUY_LINE_CHANGE_REASONS = ['list-scan', 'brand-scan', 'price-refresh'] as const;

/**
 * What the deal says now when something newer changed it (docs/buy-list.md "A changed line"); null: unchanged. Money in
 * EUR like the line. `stock`/`previousStock`: the Qogita catalogue's stock of the lowest offer now and when the line took
 * its figures (price refreshes only; null otherwise).
 */
export const buyLineChangeSchema = z.object({
  reason: z.enum(BUY_LINE_CHANGE_REASONS),
  scannedAt: z.string(),
  unitPrice: z.number().nullable(),
  profitPerListing: z.number().nullable(),
  roiPercentage: z.number().nullable(),
  amazonPrice: z.number().nullable(),
  sellerUnitsPerMonth: z.number().nullable(),
  stock: z.number().int().nullable(),
  previousStock: z.number().int().nullable(),
});
export type BuyLineChange = z.infer<typeof buyLineChangeSchema>;

export const buyLineSchema = z.object({
  id: z.string(),
  /** The supplier deal it was added from (gone once the deal expires). */
  dealId: z.string().nullable(),
  supplierName: z.string(),
  market: z.string(),
  ean: z.string(),
  asin: z.string(),
  productName: z.string().nullable(),
  quantity: z.number().int(),
  /** Units the supplier sells together (the list's units per price). */
  unitsPerCase: z.number().int(),
  numberOfPacks: z.number().int(),
  /** Supplier unit price, EUR excl. VAT, when added. */
  unitPrice: z.number(),
  /** Purchase VAT the seller cannot reclaim (seller profile), fraction. */
  purchaseVatRate: z.number(),
  lineTotal: z.number(),
  /** quantity × unit price × (1 + purchaseVatRate). */
  capital: z.number(),
  profitPerListing: z.number().nullable(),
  expectedProfit: z.number().nullable(),
  roiPercentage: z.number().nullable(),
  amazonPrice: z.number().nullable(),
  /** The seller's estimated units a month when added (estimate). */
  sellerUnitsPerMonth: z.number().nullable(),
  addedAt: z.string(),
  addedBy: z.string().nullable(),
  changed: buyLineChangeSchema.nullable(),
  /** 'list': a supplier deal; 'qogita': a Qogita price drop (supplier = the offer's seller). */
  source: z.enum(['list', 'qogita']),
  /** The price drop a Qogita line was added from. */
  priceDropId: z.number().int().nullable(),
  /** The offer's inventory in units when added (Qogita lines); null: unknown. */
  stock: z.number().int().nullable(),
  /** What the Qogita watchlist last accepted for the line (EUR); null: never sent. */
  watchlist: z.object({ targetPrice: z.number(), targetPriceCurrency: z.string(), targetQuantity: z.number().int(), sentAt: z.string() }).nullable(),
});
export type BuyLine = z.infer<typeof buyLineSchema>;

export const buyListSupplierSchema = z.object({
  supplierName: z.string(),
  units: z.number().int(),
  orderValue: z.number(),
  capital: z.number(),
  expectedProfit: z.number(),
  /** Fraction. */
  roi: z.number().nullable(),
  daysToSell: z.number().int().nullable(),
  linesWithoutShare: z.number().int(),
  minOrderValue: z.number().nullable(),
  movMet: z.boolean().nullable(),
  movShortfall: z.number().nullable(),
  /** 'qogita': a Qogita seller's group, its MOV the offer's (not editable here). */
  source: z.enum(['list', 'qogita']),
  /** The Qogita seller (supplier FID) of a Qogita group. */
  qogitaSeller: z.string().nullable(),
  lines: z.array(buyLineSchema),
});
export type BuyListSupplier = z.infer<typeof buyListSupplierSchema>;

export const buyListSchema = z.object({
  currency: z.literal('EUR'),
  weeks: z.number().int(),
  suppliers: z.array(buyListSupplierSchema),
  /** Whether Qogita groups can be sent to the buyer's Qogita watchlist, and why not. */
  qogitaWatchlist: z.object({ available: z.boolean(), reason: z.string().nullable() }),
});
export type BuyList = z.infer<typeof buyListSchema>;

/** POST /buy-list/lines: a supplier deal; quantity absent → the suggested quantity. Adding a deal again adds to its line. */
export const addBuyLineBodySchema = jsonBody({
  dealId: z.string({ error: 'Please choose a deal.' }).min(1, 'Please choose a deal.').max(64, 'Please choose a deal.'),
  quantity: quantityField.optional(),
});
/** POST /buy-list/favorites: one of the caller's brand favorites; supplier = the Qogita offer's seller (docs/buy-list.md). */
export const addFavoriteLineBodySchema = jsonBody({
  favoriteId: z.uuid({ error: 'Please choose a favorite.' }).max(MAX_LENGTH.id, 'Please choose a favorite.'),
  quantity: quantityField.optional(),
});
/** POST /buy-list/price-drops: a Qogita price drop; quantity absent → the suggestion capped by the offer's inventory. */
export const addPriceDropLineBodySchema = jsonBody({
  priceDropId: z
    .number({ error: 'Please choose a price drop.' })
    .int({ error: 'Please choose a price drop.' })
    .positive({ error: 'Please choose a price drop.' }),
  quantity: quantityField.optional(),
});

/** POST /buy-list/qogita-watchlist: put one Qogita group's lines on the buyer's Qogita watchlist. */
export const sendToWatchlistBodySchema = jsonBody({
  supplierName: z.string({ error: 'Please choose a supplier.' }).trim().min(1, 'Please choose a supplier.').max(500, 'The supplier name is too long.'),
});

/** One line's outcome: what was sent (target price EUR, quantity) and whether Qogita took it. */
export const watchlistLineResultSchema = z.object({
  lineId: z.string(),
  ean: z.string(),
  productName: z.string().nullable(),
  targetPrice: z.number().nullable(),
  targetPriceCurrency: z.string(),
  targetQuantity: z.number().int(),
  /** created / updated: on the watchlist; refused: Qogita said no (error); skipped: nothing sent (error says why). */
  outcome: z.enum(['created', 'updated', 'refused', 'skipped']),
  error: z.string().nullable(),
});
export type WatchlistLineResult = z.infer<typeof watchlistLineResultSchema>;

export const sendToWatchlistResultSchema = z.object({
  supplierName: z.string(),
  results: z.array(watchlistLineResultSchema),
  list: buyListSchema,
});
export type SendToWatchlistResult = z.infer<typeof sendToWatchlistResultSchema>;

export const updateBuyLineBodySchema = jsonBody({ quantity: quantityField });

export const buyListSettingsSchema = z.object({ weeks: z.number().int() });
export const updateBuyListSettingsBodySchema = jsonBody({
  weeks: z
    .number({ error: 'Please enter the weeks as a whole number.' })
    .int({ error: 'Please enter the weeks as a whole number.' })
    .min(1, { error: 'A buy covers at least 1 week.' })
    .max(MAX_BUY_LIST_WEEKS, { error: `A buy covers at most ${MAX_BUY_LIST_WEEKS} weeks here.` }),
});

/** PUT /buy-list/suppliers/mov: the supplier's minimum order value (EUR excl. VAT); null clears it. */
export const updateSupplierMovBodySchema = jsonBody({
  supplierName: z.string({ error: 'Please choose a supplier.' }).trim().min(1, 'Please choose a supplier.').max(500, 'The supplier name is too long.'),
  minOrderValue: z
    .number({ error: 'Please enter the minimum order value as a number of euros.' })
    .min(0, { error: 'The minimum order value cannot be negative.' })
    .max(10_000_000, { error: 'The minimum order value is too large.' })
    .nullable(),
});

/**
 * csv: comma-separated, dot decimals (what UK/US Excel and other tools read); excel-csv: "CSV for Excel" as a continental
 * European Excel (DE, FR, IT, ES, NL) opens it by double-click: semicolons, decimal commas, codes kept as text; xlsx.
 */
export const PURCHASE_ORDER_FORMATS = ['csv', 'excel-csv', 'xlsx'] as const;
export type PurchaseOrderFormat = (typeof PURCHASE_ORDER_FORMATS)[number];

/** GET /buy-list/order?supplier=…&format=csv|excel-csv|xlsx: one supplier's purchase order (default CSV). */
export const purchaseOrderQuerySchema = z.object({
  supplier: z.string({ error: 'Please choose a supplier.' }).min(1, 'Please choose a supplier.').max(500, 'The supplier name is too long.'),
  format: z.enum(PURCHASE_ORDER_FORMATS, { error: 'format must be csv, excel-csv or xlsx.' }).default('csv'),
});
