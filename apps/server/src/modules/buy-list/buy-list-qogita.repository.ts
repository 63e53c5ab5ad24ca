import type { Db } from '../../db/client.ts';
import type { NewBuyLine } from './buy-list.repository.ts';

/** A line from a Qogita price drop: the offer's seller, MOV (EUR) and inventory besides the figures of every line. */
export interface NewQogitaLine extends NewBuyLine {
  /** The price drop it was added from; null for a line from a brand favorite. */
  price_drop_id: number | null;
  qogita_seller: string;
  offer_mov: number | null;
  stock: number | null;
}

/**
 * Adds the Qogita line, or adds its quantity to the organization's line of the same seller, market, EAN and ASIN —
 * never beyond the offer's inventory — whose figures, MOV and stock then become the offer's as it is now.
 */
export async function upsertQogitaLine(db: Db, line: NewQogitaLine, now: Date): Promise<void> {
  await db.execute(
    `insert into buy_list_lines (organization_id, added_by, deal_id, supplier_name, market, ean, asin, product_name, quantity,
        units_per_case, number_of_packs, unit_price, purchase_vat_rate, amazon_price, profit_per_listing, roi_percentage,
        seller_units_per_month, source, price_drop_id, qogita_seller, offer_mov, stock, added_at, updated_at)
     values ($1, $2, null, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'qogita', $17, $18, $19, $20, $21, $21)
     on conflict (organization_id, supplier_name, market, ean, asin) do update set
        quantity = least(buy_list_lines.quantity + excluded.quantity, coalesce(excluded.stock, 1000000), 1000000),
        price_drop_id = excluded.price_drop_id, product_name = excluded.product_name, number_of_packs = excluded.number_of_packs,
        unit_price = excluded.unit_price, purchase_vat_rate = excluded.purchase_vat_rate, amazon_price = excluded.amazon_price,
        profit_per_listing = excluded.profit_per_listing, roi_percentage = excluded.roi_percentage,
        seller_units_per_month = excluded.seller_units_per_month, offer_mov = excluded.offer_mov, stock = excluded.stock,
        updated_at = excluded.updated_at`,
    [
      line.organization_id,
      line.added_by,
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
      line.price_drop_id,
      line.qogita_seller,
      line.offer_mov,
      line.stock,
      now,
    ],
  );
}

/** Records what the Qogita watchlist accepted for a line (EUR target price, quantity). */
export async function saveWatchlistSent(db: Db, organizationId: string, id: string, targetPrice: number, targetQuantity: number, now: Date): Promise<void> {
  await db.execute(
    `update buy_list_lines set watchlist_target_price = $3, watchlist_target_quantity = $4, watchlist_sent_at = $5
      where organization_id = $1 and id = $2`,
    [organizationId, id, targetPrice, targetQuantity, now],
  );
}
