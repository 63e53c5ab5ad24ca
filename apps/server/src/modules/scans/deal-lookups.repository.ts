import type { Db } from '../../db/client.ts';
import type { ResultRow } from './scans.repository.ts';

/** Supplier deals as other modules look them up (the buy list): by id, and the newest of given products. */

/** A supplier deal of the user (not expired), by id; undefined when it is not theirs, gone or expired. */
export async function findUserSupplierDeal(db: Db, userId: string, dealId: string, now: Date): Promise<ResultRow | undefined> {
  const rows = await db.query<ResultRow>(
    `select * from scan_results where id::text = $2 and user_id = $1 and kind = 'supplier' and supplier_price is not null and expires_at > $3`,
    [userId, dealId, now],
  );
  return rows[0];
}

/** A product of a supplier's list in one market. */
export interface SupplierDealKey {
  supplierName: string;
  market: string;
  ean: string;
  asin: string;
}

/**
 * The organization's newest supplier deal (any member's scan, not expired) for each of these supplier, market, EAN and
 * ASIN keys: what the newest scan of the list says of the product now. One statement for all keys.
 */
export async function newestSupplierDeals(db: Db, organizationId: string, keys: SupplierDealKey[], now: Date): Promise<ResultRow[]> {
  if (keys.length === 0) return [];
  return db.query<ResultRow>(
    `select distinct on (r.supplier_name, r.market, r.ean, r.asin) r.*
       from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as k(supplier_name, market, ean, asin)
       join scan_results r on r.supplier_name = k.supplier_name and r.market = k.market and r.ean = k.ean and r.asin = k.asin
       join scans s on s.id = r.scan_id
      where s.organization_id = $1 and r.kind = 'supplier' and r.expires_at > $6
      order by r.supplier_name, r.market, r.ean, r.asin, r.created_at desc, r.id`,
    [organizationId, keys.map((k) => k.supplierName), keys.map((k) => k.market), keys.map((k) => k.ean), keys.map((k) => k.asin), now],
  );
}
