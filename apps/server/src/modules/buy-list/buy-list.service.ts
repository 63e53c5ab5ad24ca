import { Readable } from 'node:stream';
import { DEFAULT_BUY_LIST_WEEKS, lineTotal, suggestQuantity, supplierFigures } from '@dealradar/shared/buy-list';
import type { BuyLine, BuyList, PurchaseOrderFormat } from '@dealradar/shared/contracts/buy-list';
import { buildXlsx, XLSX_STYLE } from '@dealradar/shared/xlsx-writer';
import { unrecoverablePurchaseVatRate } from '@dealradar/shared/purchase-vat';
import { isExampleDataTier } from '@dealradar/shared/tiers';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { getEntitlements } from '../plans/entitlements.ts';
import { csvCell } from '../scans/result-files.ts';
import { newestOrganizationFavorites } from '../brand-analyzer/favorites.service.ts';
import { catalogueOfGtins, lastSucceededRun } from '../price-drops/price-drops.service.ts';
import { findUserSupplierDeal, newestSupplierDeals } from '../scans/deal-lookups.service.ts';
import { findSellerProfile } from '../settings/settings.service.ts';
import { dropChangeOf, favoriteChangeOf, listChangeOf } from './buy-list-changes.ts';
import * as repo from './buy-list.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'marketData'>>;

export const BUY_LIST_FORBIDDEN = 'The buy list is available on the Growth and Pro plans. Please upgrade to plan your purchases here.';
export const DEAL_NOT_FOUND = 'This deal is no longer available (deals expire 24 hours after the scan). Please scan the list again.';
export const LINE_NOT_FOUND = 'This line is no longer on the buy list.';
export const WATCHLIST_UNAVAILABLE =
  'Sending to the Qogita watchlist needs a Qogita account on this installation (QOGITA_EMAIL and QOGITA_PASSWORD); it runs on demo wholesale data.';

/** The buy list is for GROWTH and PRO (and administrators): FREE and STARTER get 403 with the upgrade sentence. */
export async function requireBuyList(deps: Deps, user: CurrentUser): Promise<void> {
  if (user.role === 'ADMIN') return;
  const { tier } = await getEntitlements(deps.db, user.organizationId, deps.clock.now());
  if (isExampleDataTier(tier)) throw forbidden(BUY_LIST_FORBIDDEN);
}

export async function weeksOf(deps: Deps, organizationId: string): Promise<number> {
  return (await repo.findWeeks(deps.db, organizationId)) ?? DEFAULT_BUY_LIST_WEEKS;
}

function toLine(row: repo.BuyLineRow, changed: BuyLine['changed']): BuyLine {
  const packs = Math.max(1, row.number_of_packs);
  return {
    id: row.id,
    dealId: row.deal_id,
    supplierName: row.supplier_name,
    market: row.market,
    ean: row.ean,
    asin: row.asin,
    productName: row.product_name,
    quantity: row.quantity,
    unitsPerCase: row.units_per_case,
    numberOfPacks: row.number_of_packs,
    unitPrice: row.unit_price,
    purchaseVatRate: row.purchase_vat_rate,
    lineTotal: lineTotal(row.quantity, row.unit_price),
    capital: Math.round(row.quantity * row.unit_price * (1 + row.purchase_vat_rate) * 100) / 100,
    profitPerListing: row.profit_per_listing,
    expectedProfit: row.profit_per_listing === null ? null : Math.round((row.quantity / packs) * row.profit_per_listing * 100) / 100,
    roiPercentage: row.roi_percentage,
    amazonPrice: row.amazon_price,
    sellerUnitsPerMonth: row.seller_units_per_month,
    addedAt: row.added_at.toISOString(),
    addedBy: row.added_by_name,
    changed,
    source: row.source,
    priceDropId: row.price_drop_id === null ? null : Number(row.price_drop_id),
    stock: row.stock,
    watchlist:
      row.watchlist_sent_at && row.watchlist_target_price !== null && row.watchlist_target_quantity !== null
        ? {
            targetPrice: row.watchlist_target_price,
            targetPriceCurrency: 'EUR',
            targetQuantity: row.watchlist_target_quantity,
            sentAt: row.watchlist_sent_at.toISOString(),
          }
        : null,
  };
}

const dealKey = (r: { supplier_name: string | null; market: string; ean: string; asin: string }) =>
  `${r.supplier_name}\u0000${r.market}\u0000${r.ean}\u0000${r.asin}`;
const productKey = (r: { market: string; ean: string; asin: string }) => `${r.market}\u0000${r.ean}\u0000${r.asin}`;

export async function buildList(deps: Deps, organizationId: string): Promise<BuyList> {
  const now = deps.clock.now();
  const rows = await repo.listLines(deps.db, organizationId);
  // What each line's source says now, read by the lines' keys: a supplier-list line by its newest deal, a favorite's
  // line by the newest favorite of its product, a price drop's line by the catalogue's row of its EAN.
  const listKeys = new Map<string, repo.BuyLineRow>();
  const favoriteKeys = new Map<string, repo.BuyLineRow>();
  const dropGtins = new Set<string>();
  for (const row of rows) {
    if (row.source === 'list') listKeys.set(dealKey(row), row);
    else if (row.price_drop_id === null) favoriteKeys.set(productKey(row), row);
    else dropGtins.add(row.ean);
  }
  const [movs, weeks, newest, favorites, catalogue, refresh] = await Promise.all([
    repo.supplierMovs(deps.db, organizationId),
    weeksOf(deps, organizationId),
    newestSupplierDeals(
      deps.db,
      organizationId,
      [...listKeys.values()].map((l) => ({ supplierName: l.supplier_name, market: l.market, ean: l.ean, asin: l.asin })),
      now,
    ),
    newestOrganizationFavorites(
      deps.db,
      organizationId,
      [...favoriteKeys.values()].map((l) => ({ market: l.market, ean: l.ean, asin: l.asin })),
    ),
    catalogueOfGtins(deps.db, [...dropGtins]),
    lastSucceededRun(deps.db),
  ]);
  const newestByKey = new Map(newest.map((r) => [dealKey(r), r]));
  const favoriteByKey = new Map(favorites.map((f) => [productKey(f), f]));
  const catalogueByGtin = new Map(catalogue.map((c) => [c.gtin, c]));
  const changeOf = (row: repo.BuyLineRow): BuyLine['changed'] => {
    if (row.source === 'list') return listChangeOf(row, newestByKey.get(dealKey(row)));
    if (row.price_drop_id === null) return favoriteChangeOf(row, favoriteByKey.get(productKey(row)));
    return dropChangeOf(row, catalogueByGtin.get(row.ean), refresh?.finishedAt ?? null);
  };
  const bySupplier = new Map<string, BuyLine[]>();
  const qogitaSellers = new Map<string, { seller: string | null; mov: number | null }>();
  for (const row of rows) {
    if (row.source === 'qogita') {
      // A Qogita seller's MOV is the offer's (the largest the lines were added with, should it have changed).
      const known = qogitaSellers.get(row.supplier_name);
      const mov = row.offer_mov === null ? (known?.mov ?? null) : Math.max(known?.mov ?? 0, row.offer_mov);
      qogitaSellers.set(row.supplier_name, { seller: row.qogita_seller, mov });
    }
    const lines = bySupplier.get(row.supplier_name) ?? [];
    lines.push(toLine(row, changeOf(row)));
    bySupplier.set(row.supplier_name, lines);
  }
  const suppliers = [...bySupplier.entries()].map(([supplierName, lines]) => ({
    supplierName,
    ...supplierFigures(
      lines.map((l) => ({
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        purchaseVatRate: l.purchaseVatRate,
        profitPerListing: l.profitPerListing,
        numberOfPacks: l.numberOfPacks,
        sellerUnitsPerMonth: l.sellerUnitsPerMonth,
      })),
      qogitaSellers.has(supplierName) ? qogitaSellers.get(supplierName)!.mov : (movs.get(supplierName) ?? null),
    ),
    source: qogitaSellers.has(supplierName) ? ('qogita' as const) : ('list' as const),
    qogitaSeller: qogitaSellers.get(supplierName)?.seller ?? null,
    lines,
  }));
  const watchlist = deps.marketData?.qogitaWatchlist ?? null;
  return {
    currency: 'EUR',
    weeks,
    suppliers,
    qogitaWatchlist: watchlist ? { available: true, reason: null } : { available: false, reason: WATCHLIST_UNAVAILABLE },
  };
}

export async function getBuyList(deps: Deps, user: CurrentUser): Promise<BuyList> {
  await requireBuyList(deps, user);
  return buildList(deps, user.organizationId);
}

/**
 * Adds one of the caller's supplier deals with its figures as they are now; without a quantity, the suggested one
 * (the organization's weeks of the seller's share, whole cases; supplier deals carry no stock, so no stock cap).
 */
export async function addLine(deps: Deps, user: CurrentUser, body: { dealId: string; quantity?: number | undefined }): Promise<BuyList> {
  await requireBuyList(deps, user);
  const now = deps.clock.now();
  const deal = await findUserSupplierDeal(deps.db, user.id, body.dealId, now);
  if (!deal || deal.supplier_price === null) throw notFound(DEAL_NOT_FOUND);
  const breakdown = deal.breakdown;
  // The purchase VAT as the deal's profit counted it: none for a VAT-registered seller, else the supplier's VAT rate.
  const vatRegistered = breakdown?.seller?.vatRegistered ?? (await findSellerProfile(deps.db, user.id)).vatRegistered;
  const purchaseVatRate = vatRegistered ? 0 : (breakdown?.supplierCost?.vatRate ?? unrecoverablePurchaseVatRate(false));
  const numberOfPacks = Math.max(1, breakdown?.numberOfPacks ?? 1);
  const unitsPerCase = Math.max(1, deal.units_per_price ?? 1);
  const share = deal.sales_estimate?.sellerUnitsPerMonth ?? null;
  const quantity =
    body.quantity ??
    suggestQuantity({ sellerUnitsPerMonth: share, weeks: await weeksOf(deps, user.organizationId), numberOfPacks, unitsPerCase, stock: null }).quantity;
  if (quantity < 1) throw badRequest('The quantity must be at least 1 unit.');
  await repo.upsertLine(
    deps.db,
    {
      organization_id: user.organizationId,
      added_by: user.id,
      deal_id: deal.id,
      supplier_name: deal.supplier_name ?? 'Unknown supplier',
      market: deal.market,
      ean: deal.ean,
      asin: deal.asin,
      product_name: deal.product_name,
      quantity,
      units_per_case: unitsPerCase,
      number_of_packs: numberOfPacks,
      unit_price: deal.supplier_price,
      purchase_vat_rate: purchaseVatRate,
      amazon_price: deal.amazon_price,
      profit_per_listing: deal.estimated_profit,
      roi_percentage: deal.roi_percentage,
      seller_units_per_month: share,
    },
    now,
  );
  return buildList(deps, user.organizationId);
}

export async function updateLine(deps: Deps, user: CurrentUser, id: string, quantity: number): Promise<BuyList> {
  await requireBuyList(deps, user);
  if (!isUuid(id) || !(await repo.updateQuantity(deps.db, user.organizationId, id, quantity, deps.clock.now()))) throw notFound(LINE_NOT_FOUND);
  return buildList(deps, user.organizationId);
}

export async function removeLine(deps: Deps, user: CurrentUser, id: string): Promise<BuyList> {
  await requireBuyList(deps, user);
  if (!isUuid(id) || !(await repo.deleteLine(deps.db, user.organizationId, id))) throw notFound(LINE_NOT_FOUND);
  return buildList(deps, user.organizationId);
}

export async function setSupplierMov(deps: Deps, user: CurrentUser, supplierName: string, mov: number | null): Promise<BuyList> {
  await requireBuyList(deps, user);
  if ((await repo.listLines(deps.db, user.organizationId)).some((l) => l.supplier_name === supplierName && l.source === 'qogita'))
    throw badRequest("A Qogita seller's minimum order value comes from its Qogita offer and cannot be changed here.");
  await repo.saveSupplierMov(deps.db, user.organizationId, supplierName, mov === null ? null : Math.round(mov * 100) / 100, deps.clock.now());
  return buildList(deps, user.organizationId);
}

export async function getSettings(deps: Deps, user: CurrentUser): Promise<{ weeks: number }> {
  await requireBuyList(deps, user);
  return { weeks: await weeksOf(deps, user.organizationId) };
}

export async function saveSettings(deps: Deps, user: CurrentUser, weeks: number): Promise<{ weeks: number }> {
  await requireBuyList(deps, user);
  await repo.saveWeeks(deps.db, user.organizationId, weeks, deps.clock.now());
  return { weeks };
}

export const PURCHASE_ORDER_COLUMNS = [
  'EAN',
  'Product name',
  'ASIN',
  'Quantity',
  'Unit price (EUR excl. VAT)',
  'Line total (EUR excl. VAT)',
  'Order total (EUR excl. VAT)',
  'Supplier MOV (EUR excl. VAT)',
];

/**
 * One supplier's purchase order, every amount EUR excl. VAT (one currency). CSV: comma-separated, dot decimals, numbers
 * as plain numbers. CSV for Excel (excel-csv): semicolons and decimal commas, so a continental European Excel opens it by
 * double-click with number cells, and the EAN (and an all-digit ASIN) as ="…" so Excel keeps it as text (leading zeros,
 * no 4,00638E+12). Both UTF-8 with BOM, so Excel shows accents. XLSX: one sheet, the EAN as text, every figure a number
 * cell. Order total and MOV are repeated on every line so each row reads on its own in a spreadsheet.
 */
export async function purchaseOrder(
  deps: Deps,
  user: CurrentUser,
  supplierName: string,
  format: PurchaseOrderFormat = 'csv',
): Promise<{ fileName: string; contentType: string; body: Readable }> {
  const list = await getBuyList(deps, user);
  const supplier = list.suppliers.find((s) => s.supplierName === supplierName);
  if (!supplier) throw notFound(`There is no line of "${supplierName}" on the buy list.`);
  const rows = supplier.lines.map(
    (l) => [l.ean, l.productName ?? '', l.asin, l.quantity, l.unitPrice, l.lineTotal, supplier.orderValue, supplier.minOrderValue] as const,
  );
  const safe =
    supplierName
      .replace(/\.[A-Za-z0-9]+$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .slice(0, 60) || 'supplier';
  const base = `purchase_order_${safe}_${deps.clock.now().toISOString().slice(0, 10)}`;
  if (format === 'xlsx') {
    const header = PURCHASE_ORDER_COLUMNS.map((text) => ({ t: 'inlineStr' as const, text, s: XLSX_STYLE.header }));
    const body = rows.map(([ean, name, asin, ...numbers]) => [{ t: 'inlineStr' as const, text: ean }, name, asin, ...numbers]);
    const bytes = buildXlsx([{ name: 'Purchase order', rows: [header, ...body] }], { inlineStrings: true });
    return { fileName: `${base}.xlsx`, contentType: XLSX_CONTENT_TYPE, body: Readable.from([Buffer.from(bytes)]) };
  }
  const excel = format === 'excel-csv';
  const separator = excel ? ';' : ',';
  const cell = (value: string | number | null, code = false): string => {
    if (!excel) return csvCell(value);
    if (typeof value === 'number') return String(value).replace('.', ',');
    if (code && typeof value === 'string' && /^\d+$/.test(value)) return `="${value}"`;
    return csvCell(value, ';');
  };
  const lines = rows.map(([ean, name, asin, ...numbers]) => [cell(ean, true), cell(name), cell(asin, true), ...numbers.map((n) => cell(n))].join(separator));
  const text = `\uFEFF${PURCHASE_ORDER_COLUMNS.map((c) => cell(c)).join(separator)}\r\n${lines.join('\r\n')}\r\n`;
  return { fileName: excel ? `${base}_excel.csv` : `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: Readable.from([text]) };
}

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
