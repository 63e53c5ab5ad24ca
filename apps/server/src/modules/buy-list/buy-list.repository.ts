import { MAX_BUY_LIST_QUANTITY } from '@dealradar/shared/buy-list';
import type { Db } from '../../db/client.ts';

/** A stored buy-list line (migration 0036); money in EUR major units. */
export interface BuyLineRow {
  id: string;
  organization_id: string;
  added_by: string | null;
  added_by_name: string | null;
  deal_id: string | null;
  supplier_name: string;
  market: string;
  ean: string;
  asin: string;
  product_name: string | null;
  quantity: number;
  units_per_case: number;
  number_of_packs: number;
  unit_price: number;
  purchase_vat_rate: number;
  amazon_price: number | null;
  profit_per_listing: number | null;
  roi_percentage: number | null;
  seller_units_per_month: number | null;
  added_at: Date;
  updated_at: Date;
  /** Migration 0038: Qogita lines (buy-list-qogita.repository.ts). */
  source: 'list' | 'qogita';
  price_drop_id: string | number | null;
  qogita_seller: string | null;
  offer_mov: number | null;
  stock: number | null;
  watchlist_target_price: number | null;
  watchlist_target_quantity: number | null;
  watchlist_sent_at: Date | null;
  /** Migration 0043: the catalogue's stock of the lowest offer when a price-drop line took its figures. */
  catalogue_stock: number | null;
}

export type NewBuyLine = Omit<
  BuyLineRow,
  | 'id'
  | 'added_by_name'
  | 'added_at'
  | 'updated_at'
  | 'source'
  | 'price_drop_id'
  | 'qogita_seller'
  | 'offer_mov'
  | 'stock'
  | 'watchlist_target_price'
  | 'watchlist_target_quantity'
  | 'watchlist_sent_at'
  | 'catalogue_stock'
>;

/** The organization's lines, by supplier then by when they were added. */
export async function listLines(db: Db, organizationId: string): Promise<BuyLineRow[]> {
  return db.query<BuyLineRow>(
    `select l.*, u.username as added_by_name from buy_list_lines l left join users u on u.id = l.added_by
      where l.organization_id = $1 order by lower(l.supplier_name), l.supplier_name, l.added_at, l.id`,
    [organizationId],
  );
}

/** A line from a Qogita offer (a price drop or a brand favorite): the offer's seller, MOV (EUR) and inventory too. */
export interface NewQogitaLine extends NewBuyLine {
  /** The price drop it was added from; null for a line from a brand favorite. */
  price_drop_id: number | null;
  qogita_seller: string;
  offer_mov: number | null;
  stock: number | null;
  /** A price drop's: the catalogue's stock of the lowest offer at the last refresh (what a newer refresh is compared with). */
  catalogue_stock?: number | null;
}

/**
 * Adds the line, or adds its quantity to the organization's line of the same supplier, market, EAN and ASIN — never
 * beyond the offer's inventory when it is a Qogita line, nor beyond MAX_BUY_LIST_QUANTITY — whose figures (and a
 * Qogita line's MOV and stock) then become those of the deal or offer as it is now.
 */
export async function upsertLine(db: Db, line: NewBuyLine | NewQogitaLine, now: Date): Promise<void> {
  const qogita = 'qogita_seller' in line ? line : null;
  await db.execute(
    `insert into buy_list_lines (organization_id, added_by, deal_id, supplier_name, market, ean, asin, product_name, quantity,
        units_per_case, number_of_packs, unit_price, purchase_vat_rate, amazon_price, profit_per_listing, roi_percentage,
        seller_units_per_month, source, price_drop_id, qogita_seller, offer_mov, stock, catalogue_stock, added_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $25, $23, $23)
     on conflict (organization_id, supplier_name, market, ean, asin) do update set
        quantity = least(buy_list_lines.quantity + excluded.quantity, coalesce(excluded.stock, $24), $24),
        deal_id = excluded.deal_id, price_drop_id = excluded.price_drop_id, product_name = excluded.product_name,
        units_per_case = excluded.units_per_case, number_of_packs = excluded.number_of_packs, unit_price = excluded.unit_price,
        purchase_vat_rate = excluded.purchase_vat_rate, amazon_price = excluded.amazon_price,
        profit_per_listing = excluded.profit_per_listing, roi_percentage = excluded.roi_percentage,
        seller_units_per_month = excluded.seller_units_per_month, offer_mov = excluded.offer_mov, stock = excluded.stock,
        catalogue_stock = excluded.catalogue_stock, updated_at = excluded.updated_at`,
    [
      line.organization_id,
      line.added_by,
      line.deal_id,
      line.supplier_name,
      line.market,
      line.ean,
      line.asin,
      line.product_name,
      line.quantity,
      line.units_per_case,
      line.number_of_packs,
      line.unit_price,
      line.purchase_vat_rate,
      line.amazon_price,
      line.profit_per_listing,
      line.roi_percentage,
      line.seller_units_per_month,
      qogita ? 'qogita' : 'list',
      qogita?.price_drop_id ?? null,
      qogita?.qogita_seller ?? null,
      qogita?.offer_mov ?? null,
      qogita?.stock ?? null,
      now,
      MAX_BUY_LIST_QUANTITY,
      qogita?.catalogue_stock ?? null,
    ],
  );
}

/** Changes the quantity of one of the organization's lines; false when it has no such line. */
export async function updateQuantity(db: Db, organizationId: string, id: string, quantity: number, now: Date): Promise<boolean> {
  const n = await db.execute('update buy_list_lines set quantity = $3, updated_at = $4 where organization_id = $1 and id = $2', [
    organizationId,
    id,
    quantity,
    now,
  ]);
  return n > 0;
}

export async function deleteLine(db: Db, organizationId: string, id: string): Promise<boolean> {
  return (await db.execute('delete from buy_list_lines where organization_id = $1 and id = $2', [organizationId, id])) > 0;
}

/** Minimum order values by supplier name. */
export async function supplierMovs(db: Db, organizationId: string): Promise<Map<string, number | null>> {
  const rows = await db.query<{ supplier_name: string; min_order_value: number | null }>(
    'select supplier_name, min_order_value from buy_list_suppliers where organization_id = $1',
    [organizationId],
  );
  return new Map(rows.map((r) => [r.supplier_name, r.min_order_value]));
}

export async function saveSupplierMov(db: Db, organizationId: string, supplierName: string, mov: number | null, now: Date): Promise<void> {
  await db.execute(
    `insert into buy_list_suppliers (organization_id, supplier_name, min_order_value, updated_at) values ($1, $2, $3, $4)
     on conflict (organization_id, supplier_name) do update set min_order_value = excluded.min_order_value, updated_at = excluded.updated_at`,
    [organizationId, supplierName, mov, now],
  );
}

export async function findWeeks(db: Db, organizationId: string): Promise<number | null> {
  const row = await db.maybeOne<{ weeks: number }>('select weeks from buy_list_settings where organization_id = $1', [organizationId]);
  return row?.weeks ?? null;
}

export async function saveWeeks(db: Db, organizationId: string, weeks: number, now: Date): Promise<void> {
  await db.execute(
    `insert into buy_list_settings (organization_id, weeks, updated_at) values ($1, $2, $3)
     on conflict (organization_id) do update set weeks = excluded.weeks, updated_at = excluded.updated_at`,
    [organizationId, weeks, now],
  );
}
