import type { Db } from '../../db/client.ts';
import type { SalesEstimate } from '@dealradar/shared/sales-estimate';
import type { WholesaleVariant } from '../market-data/market-data.types.ts';
import { categorySql, percentageSql, prioritySql } from './drop-rules.sql.ts';

/**
 * The write side of the monitor: staging load, set-wise comparison with the last snapshot, drops and
 * history. Every comparison is one SQL statement over the whole catalogue, never a loop over rows.
 */

export interface ApplyCounts {
  variants: number;
  newProducts: number;
  priceChanges: number;
  dropsCreated: number;
  dropsUpdated: number;
  dropsRemoved: number;
  dropsExpired: number;
}

export async function hasSnapshot(db: Db): Promise<boolean> {
  return (await db.one<{ any: boolean }>('select exists (select 1 from wholesale_products) as any')).any;
}

/**
 * Fresh planner statistics of the tables a refresh rewrites. PostgreSQL's autovacuum does this on a server; the
 * embedded database has no autovacuum (see maintenance.jobs.ts), and without statistics its pages of drops were slow.
 */
export async function analyzeSnapshotTables(db: Db): Promise<void> {
  await db.exec('analyze wholesale_products, wholesale_price_history, price_drops;');
}

export async function clearStaging(db: Db): Promise<void> {
  await db.exec('truncate wholesale_snapshot_staging; truncate wholesale_row_changes;');
}

/**
 * One batch into the staging table (a GTIN seen twice in one catalogue keeps its first row); answers the rows added.
 * With `run`, only while that refresh run still owns its row: a run that was taken over (its process looked gone)
 * adds nothing to the staging of the run that took over.
 */
export async function loadStagingBatch(db: Db, batch: WholesaleVariant[], run?: { id: string; token: string }): Promise<number> {
  if (batch.length === 0) return 0;
  const cols: unknown[][] = [[], [], [], [], [], [], [], [], []];
  for (const v of batch) {
    cols[0]!.push(v.gtin);
    cols[1]!.push(v.name);
    cols[2]!.push(v.brand);
    cols[3]!.push(v.category);
    cols[4]!.push(Math.round(v.priceExclVat));
    cols[5]!.push(Math.round(v.priceInclVat));
    cols[6]!.push(v.stock);
    cols[7]!.push(v.productUrl);
    cols[8]!.push(v.imageUrl);
  }
  return db.execute(
    `insert into wholesale_snapshot_staging (gtin, name, brand, category, price_excl_vat, price_incl_vat, stock, product_url, image_url)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::text[], $9::text[])
      where $10::bigint is null
         or exists (select 1 from price_refresh_runs r where r.id = $10::bigint and r.worker_token = $11::uuid and r.status = 'running')
     on conflict (gtin) do nothing`,
    [...cols, run?.id ?? null, run?.token ?? null],
  );
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const SNAPSHOT_FIELDS = 'name, brand, category, price_excl_vat, price_incl_vat, stock, product_url, image_url';

/**
 * Compares the staged catalogue with the last snapshot and applies the drop rules, in one transaction:
 * expire drops older than their expiry; a rise removes the active drop; a further fall updates it to the
 * better discount (against the original old price, detection time reset); a first fall creates a drop.
 * Then records the price history and updates the snapshot. `ttlMs` is the drop lifetime.
 * The whole catalogue is joined with the snapshot once; every later step reads only the differing rows.
 */
export async function applySnapshot(db: Db, now: Date, ttlMs: number): Promise<ApplyCounts> {
  return db.tx((tx) => applySnapshotIn(tx, now, ttlMs));
}

/** applySnapshot inside the caller's transaction (a refresh run stores its checkpoint in the same one). */
export async function applySnapshotIn(tx: Db, now: Date, ttlMs: number): Promise<ApplyCounts> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const dropsExpired = await tx.execute(`update price_drops set status = 'expired', ended_at = expires_at where status = 'active' and expires_at <= $1`, [now]);
  await tx.execute(
    `insert into wholesale_row_changes (gtin, old_excl, old_incl, new_excl, new_incl, is_new, price_changed)
     select s.gtin, p.price_excl_vat, p.price_incl_vat, s.price_excl_vat, s.price_incl_vat, p.gtin is null,
            p.gtin is not null and (s.price_excl_vat <> p.price_excl_vat or s.price_incl_vat <> p.price_incl_vat)
       from wholesale_snapshot_staging s left join wholesale_products p on p.gtin = s.gtin
      where p.gtin is null
         or (p.name, p.brand, p.category, p.price_excl_vat, p.price_incl_vat, p.stock, p.product_url, p.image_url)
            is distinct from (s.name, s.brand, s.category, s.price_excl_vat, s.price_incl_vat, s.stock, s.product_url, s.image_url)`,
  );
  await yieldToEventLoop();
  const dropsRemoved = await tx.execute(
    `update price_drops d set status = 'removed', ended_at = $1
       from wholesale_row_changes c
      where d.gtin = c.gtin and d.status = 'active' and c.price_changed and c.new_excl > c.old_excl`,
    [now],
  );
  const pct = percentageSql('d.old_price_excl_vat', 'c.new_excl');
  const dropsUpdated = await tx.execute(
    `update price_drops d
        set new_price_excl_vat = c.new_excl, new_price_incl_vat = c.new_incl,
            drop_percentage = ${pct}, drop_category = ${categorySql(pct)}, priority = ${prioritySql(pct)},
            detected_at = $1, expires_at = $2, best_roi_percentage = null, best_roi_market = null
       from wholesale_row_changes c
      where d.gtin = c.gtin and d.status = 'active' and c.price_changed and c.new_excl < c.old_excl`,
    [now, expiresAt],
  );
  const newPct = percentageSql('c.old_excl', 'c.new_excl');
  const dropsCreated = await tx.execute(
    `insert into price_drops (gtin, product_name, brand, category, stock, product_url, image_url,
                              old_price_excl_vat, old_price_incl_vat, new_price_excl_vat, new_price_incl_vat,
                              drop_percentage, drop_category, priority, first_detected_at, detected_at, expires_at)
     select c.gtin, s.name, s.brand, s.category, s.stock, s.product_url, s.image_url,
            c.old_excl, c.old_incl, c.new_excl, c.new_incl,
            ${newPct}, ${categorySql(newPct)}, ${prioritySql(newPct)}, $1, $1, $2
       from wholesale_row_changes c join wholesale_snapshot_staging s on s.gtin = c.gtin
      where c.price_changed and c.new_excl < c.old_excl and c.old_excl > 0
        and not exists (select 1 from price_drops d where d.gtin = c.gtin and d.status = 'active')`,
    [now, expiresAt],
  );
  // Keep what an active drop shows (name, stock, link, image) current with the catalogue.
  await tx.execute(
    `update price_drops d set product_name = s.name, brand = s.brand, category = s.category, stock = s.stock,
            product_url = s.product_url, image_url = s.image_url
       from wholesale_row_changes c join wholesale_snapshot_staging s on s.gtin = c.gtin
      where d.gtin = c.gtin and d.status = 'active' and not c.is_new`,
  );
  await yieldToEventLoop();
  const priceChanges = await tx.execute(
    `insert into wholesale_price_history (gtin, recorded_at, price_excl_vat, price_incl_vat)
     select gtin, $1, new_excl, new_incl from wholesale_row_changes where price_changed or is_new`,
    [now],
  );
  await tx.execute(
    `update wholesale_products p
        set name = s.name, brand = s.brand, category = s.category, price_excl_vat = s.price_excl_vat,
            price_incl_vat = s.price_incl_vat, stock = s.stock, product_url = s.product_url, image_url = s.image_url,
            price_changed_at = case when c.price_changed then $1 else p.price_changed_at end
       from wholesale_row_changes c join wholesale_snapshot_staging s on s.gtin = c.gtin
      where p.gtin = c.gtin and not c.is_new`,
    [now],
  );
  await yieldToEventLoop();
  const newProducts = await tx.execute(
    `insert into wholesale_products (gtin, ${SNAPSHOT_FIELDS}, first_seen_at, price_changed_at)
     select s.gtin, ${SNAPSHOT_FIELDS.split(', ')
       .map((f) => `s.${f}`)
       .join(', ')}, $1, $1
       from wholesale_row_changes c join wholesale_snapshot_staging s on s.gtin = c.gtin
      where c.is_new`,
    [now],
  );
  return { variants: 0, newProducts, priceChanges: priceChanges - newProducts, dropsCreated, dropsUpdated, dropsRemoved, dropsExpired };
}

/** Drops created or improved by the refresh at `now` (their ROI is computed next). */
export async function listDropsDetectedAt(db: Db, now: Date, limit: number): Promise<Array<{ id: number; gtin: string; newPriceExclVat: number }>> {
  return db.query(
    `select id, gtin, new_price_excl_vat as "newPriceExclVat" from price_drops
      where status = 'active' and detected_at = $1 order by drop_percentage desc, id limit $2`,
    [now, limit],
  );
}

export async function saveBestRoi(
  db: Db,
  rows: Array<{ id: number; roi: number; market: string; salesEstimate?: SalesEstimate | null; monthlyProfitEur?: number | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `update price_drops d set best_roi_percentage = r.roi, best_roi_market = r.market, sales_estimate = r.est::jsonb, estimated_monthly_profit = r.mp
       from unnest($1::bigint[], $2::numeric[], $3::text[], $4::text[], $5::numeric[]) as r(id, roi, market, est, mp) where d.id = r.id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.roi),
      rows.map((r) => r.market),
      rows.map((r) => (r.salesEstimate ? JSON.stringify(r.salesEstimate) : null)),
      rows.map((r) => r.monthlyProfitEur ?? null),
    ],
  );
}

/**
 * The per-market ROI of the drops a refresh created or improved at `detectedAt`: what they had before (at an older
 * price) is replaced.
 */
export async function saveMarketRoi(
  db: Db,
  detectedAt: Date,
  rows: Array<{ dropId: number; market: string; roi: number; asin?: string | null }>,
): Promise<void> {
  await db.execute(`delete from price_drop_market_roi m using price_drops d where d.id = m.drop_id and d.status = 'active' and d.detected_at = $1`, [
    detectedAt,
  ]);
  if (rows.length === 0) return;
  await db.execute(
    `insert into price_drop_market_roi (drop_id, market, roi_percentage, asin)
     select * from unnest($1::bigint[], $2::text[], $3::numeric[], $4::text[])
     on conflict (drop_id, market) do update set roi_percentage = excluded.roi_percentage, asin = excluded.asin`,
    [rows.map((r) => r.dropId), rows.map((r) => r.market), rows.map((r) => r.roi), rows.map((r) => r.asin ?? null)],
  );
}
