import type { ScanReport, ScanStatus } from '@dealradar/shared/contracts/scans';
import type { MarketId } from '@dealradar/shared/markets';
import type { Db } from '../../db/client.ts';
import type { ScanProduct } from './deal-calculator.ts';
import type { ListingFactsRow } from '../../lib/listing-facts.ts';

export type ScanKind = 'csv_template' | 'supplier';

export interface ScanRow {
  id: string;
  kind: ScanKind;
  user_id: string;
  organization_id: string;
  file_name: string;
  source: 'upload' | 'manual';
  market: MarketId;
  ean_column: string;
  brand_column: string;
  price_column: string;
  upload_path: string | null;
  upload_bytes: number;
  status: ScanStatus;
  total_eans: number;
  allowed_eans: number | null;
  processed_eans: number;
  checkpoint: number;
  matched_products: number;
  deals_found: number;
  report: ScanReport | null;
  min_roi: number | null;
  error: string | null;
  cancel_requested: boolean;
  attempts: number;
  worker_token: string | null;
  heartbeat_at: Date | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface NewScan {
  id: string;
  kind: ScanKind;
  userId: string;
  organizationId: string;
  fileName: string;
  source: 'upload' | 'manual';
  market: MarketId;
  eanColumn: string;
  brandColumn: string;
  priceColumn: string;
  uploadPath: string;
  uploadBytes: number;
  totalEans: number;
  allowedEans: number | null;
  minRoi: number | null;
  report: ScanReport | null;
  now: Date;
}

export async function insertScan(db: Db, scan: NewScan): Promise<ScanRow> {
  return db.one<ScanRow>(
    `insert into scans (id, kind, user_id, organization_id, file_name, source, market, ean_column, brand_column, price_column,
                        upload_path, upload_bytes, total_eans, allowed_eans, min_roi, report, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) returning *`,
    [scan.id, scan.kind, scan.userId, scan.organizationId, scan.fileName, scan.source, scan.market, scan.eanColumn, scan.brandColumn,
      scan.priceColumn, scan.uploadPath, scan.uploadBytes, scan.totalEans, scan.allowedEans, scan.minRoi, scan.report ? JSON.stringify(scan.report) : null, scan.now],
  );
}

export async function findScan(db: Db, id: string): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>('select * from scans where id = $1', [id]);
}

/** The user's scan of that kind, unless it ended more than `retentionMs` before now. */
export async function findUserScan(db: Db, id: string, userId: string, kind: ScanKind, endedAfter: Date): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>(
    `select * from scans where id = $1 and user_id = $2 and kind = $3 and (completed_at is null or completed_at > $4)`,
    [id, userId, kind, endedAfter],
  );
}

export async function listActiveScans(db: Db, userId: string, kind: ScanKind): Promise<ScanRow[]> {
  return db.query<ScanRow>(
    `select * from scans where user_id = $1 and kind = $2 and status in ('PENDING', 'PROCESSING') order by queue_seq asc`,
    [userId, kind],
  );
}

/** Ended scans (COMPLETED or ERROR) of the last 24 h, last update first. */
export async function listEndedScans(db: Db, userId: string, kind: ScanKind, endedAfter: Date): Promise<ScanRow[]> {
  return db.query<ScanRow>(
    `select * from scans where user_id = $1 and kind = $2 and status in ('COMPLETED', 'ERROR') and completed_at > $3
      order by updated_at desc, created_at desc`,
    [userId, kind, endedAfter],
  );
}

/** Queue order: every PENDING/PROCESSING scan (all users), oldest first. */
export async function runningScanIds(db: Db): Promise<Array<{ id: string; status: ScanStatus }>> {
  return db.query(`select id, status from scans where status in ('PENDING', 'PROCESSING') order by queue_seq asc`);
}

/**
 * Takes the scan for one worker run: a PENDING scan, or a PROCESSING one whose owner stopped showing life
 * before `staleBefore`. Returns undefined when another run holds it or it has ended.
 */
export async function claimScan(db: Db, id: string, token: string, now: Date, heartbeat: Date, staleBefore: Date): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>(
    `update scans set status = 'PROCESSING', worker_token = $2, heartbeat_at = $4, attempts = attempts + 1,
            started_at = coalesce(started_at, $3), updated_at = $3
      where id = $1 and cancel_requested = false
        and (status = 'PENDING' or (status = 'PROCESSING' and (heartbeat_at is null or heartbeat_at < $5)))
      returning *`,
    [id, token, now, heartbeat, staleBefore],
  );
}

/** Totals after parsing (and the plan reservation). False when the run lost the scan. */
export async function saveTotals(
  db: Db,
  id: string,
  token: string,
  fields: { totalEans: number; allowedEans: number; minRoi: number; report: ScanReport; now: Date; heartbeat: Date },
): Promise<boolean> {
  const n = await db.execute(
    `update scans set total_eans = $3, allowed_eans = $4, min_roi = $5, report = $6, updated_at = $7, heartbeat_at = $8
      where id = $1 and worker_token = $2 and status = 'PROCESSING' and cancel_requested = false`,
    [id, token, fields.totalEans, fields.allowedEans, fields.minRoi, JSON.stringify(fields.report), fields.now, fields.heartbeat],
  );
  return n === 1;
}

/** Commits one batch's progress; false when the run no longer owns the scan (canceled, deleted, taken over). */
export async function saveProgress(
  db: Db,
  id: string,
  token: string,
  fields: { processed: number; checkpoint: number; matched: number; deals: number; report: ScanReport; now: Date; heartbeat: Date },
): Promise<boolean> {
  const n = await db.execute(
    `update scans set processed_eans = $3, checkpoint = $4, matched_products = $5, deals_found = $6, report = $7,
            updated_at = $8, heartbeat_at = $9
      where id = $1 and worker_token = $2 and status = 'PROCESSING' and cancel_requested = false`,
    [id, token, fields.processed, fields.checkpoint, fields.matched, fields.deals, JSON.stringify(fields.report), fields.now, fields.heartbeat],
  );
  return n === 1;
}

export async function finishScan(
  db: Db,
  id: string,
  token: string | null,
  fields: { status: 'COMPLETED' | 'ERROR'; error: string | null; now: Date; report?: ScanReport },
): Promise<boolean> {
  const n = await db.execute(
    `update scans set status = $3, error = $4, completed_at = $5, updated_at = $5, upload_path = null,
            report = coalesce($6::jsonb, report), worker_token = null
      where id = $1 and ($2::text is null or worker_token = $2) and status in ('PENDING', 'PROCESSING')`,
    [id, token, fields.status, fields.error, fields.now, fields.report ? JSON.stringify(fields.report) : null],
  );
  return n === 1;
}

/** Cancel: an unfinished scan ends as ERROR at once; the running worker sees it at its next batch. */
export async function cancelScan(db: Db, id: string, now: Date, message: string): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>(
    `update scans set cancel_requested = true, status = 'ERROR', error = $3, completed_at = $2, updated_at = $2
      where id = $1 and status in ('PENDING', 'PROCESSING') returning *`,
    [id, now, message],
  );
}

export async function deleteScan(db: Db, id: string): Promise<void> {
  await db.execute('delete from scans where id = $1', [id]);
}

/** The user's VAT status for the profit engine (registered unless said otherwise). */
export async function userVatRegistered(db: Db, userId: string): Promise<boolean> {
  const row = await db.maybeOne<{ vat_registered: boolean }>('select vat_registered from users where id = $1', [userId]);
  return row?.vat_registered ?? true;
}

export async function touchHeartbeat(db: Db, id: string, token: string, heartbeat: Date): Promise<void> {
  await db.execute('update scans set heartbeat_at = $3 where id = $1 and worker_token = $2', [id, token, heartbeat]);
}

/** PROCESSING scans whose worker stopped showing life before staleBefore (all of them when staleBefore is null). */
export async function findOrphanedScans(db: Db, staleBefore: Date | null): Promise<ScanRow[]> {
  return db.query<ScanRow>(
    `select * from scans where status = 'PROCESSING' and ($1::timestamptz is null or heartbeat_at is null or heartbeat_at < $1)`,
    [staleBefore],
  );
}

/** PENDING scans, oldest first (their jobs are re-sent at start-up in case a job was lost). */
export async function findPendingScans(db: Db): Promise<ScanRow[]> {
  return db.query<ScanRow>(`select * from scans where status = 'PENDING' order by queue_seq asc`);
}

/** Puts an orphaned scan back to PENDING so a new job can claim it. */
export async function requeueScan(db: Db, id: string, now: Date): Promise<boolean> {
  const n = await db.execute(
    `update scans set status = 'PENDING', worker_token = null, updated_at = $2 where id = $1 and status = 'PROCESSING'`,
    [id, now],
  );
  return n === 1;
}

/** Scans (and their results) that ended before `endedBefore`; returns the upload paths to remove. */
export async function deleteEndedScans(db: Db, endedBefore: Date): Promise<number> {
  return db.execute(`delete from scans where completed_at is not null and completed_at < $1`, [endedBefore]);
}

export async function deleteExpiredResults(db: Db, now: Date): Promise<number> {
  return db.execute('delete from scan_results where expires_at <= $1', [now]);
}

/** Stores products of one batch in one statement. Re-running a batch after a restart changes nothing (unique scan+ean). */
export async function insertResults(
  db: Db,
  scan: { id: string; userId: string; kind: ScanKind },
  products: ScanProduct[],
  createdAt: Date,
  expiresAt: Date,
): Promise<void> {
  if (!products.length) return;
  const rows = products.map((p) => ({
    ean: p.ean, asin: p.asin, market: p.market, line: p.line, product_name: p.productName, brand: p.brand,
    supplier_name: p.supplierName, supplier_price: p.supplierPrice, amazon_price: p.amazonPrice, estimated_profit: p.estimatedProfit,
    roi_percentage: p.roiPercentage, max_buy_price: p.maxBuyPrice, min_roi: p.minRoi, is_deal: p.isDeal,
    main_category_rank: p.mainCategoryRank, beauty_category_rank: p.beautyCategoryRank, estimated_monthly_sales: p.estimatedMonthlySales,
    rating: p.rating, review_count: p.reviewCount, number_of_sellers: p.numberOfSellers, buy_box_seller_id: p.buyBoxSellerId,
    amazon_image_url: p.amazonImageUrl, breakdown: p.breakdown,
  }));
  await db.execute(
    `insert into scan_results (scan_id, user_id, kind, created_at, expires_at, ean, asin, market, line, product_name, brand, supplier_name,
            supplier_price, amazon_price, estimated_profit, roi_percentage, max_buy_price, min_roi, is_deal, main_category_rank,
            beauty_category_rank, estimated_monthly_sales, rating, review_count, number_of_sellers, buy_box_seller_id, amazon_image_url, breakdown)
     select $1, $2, $3, $4, $5, r.ean, r.asin, r.market, r.line, r.product_name, r.brand, r.supplier_name,
            r.supplier_price, r.amazon_price, r.estimated_profit, r.roi_percentage, r.max_buy_price, r.min_roi, r.is_deal, r.main_category_rank,
            r.beauty_category_rank, r.estimated_monthly_sales, r.rating, r.review_count, r.number_of_sellers, r.buy_box_seller_id, r.amazon_image_url, r.breakdown
       from jsonb_to_recordset($6::jsonb) as r(ean text, asin text, market text, line integer, product_name text, brand text, supplier_name text,
            supplier_price numeric, amazon_price numeric, estimated_profit numeric, roi_percentage numeric, max_buy_price numeric, min_roi numeric,
            is_deal boolean, main_category_rank integer, beauty_category_rank integer, estimated_monthly_sales integer, rating numeric,
            review_count integer, number_of_sellers integer, buy_box_seller_id text, amazon_image_url text, breakdown jsonb)
     on conflict (scan_id, ean) do nothing`,
    [scan.id, scan.userId, scan.kind, createdAt, expiresAt, JSON.stringify(rows)],
  );
}

/** A newer supplier scan replaces the user's older deals for the same products in the same market. */
export async function deleteSupersededDeals(db: Db, userId: string, scanId: string, market: string, eans: string[]): Promise<void> {
  if (!eans.length) return;
  await db.execute(
    `delete from scan_results where user_id = $1 and kind = 'supplier' and market = $3 and scan_id <> $2 and ean = any($4::text[])`,
    [userId, scanId, market, eans],
  );
}

export interface ResultRow extends ListingFactsRow {
  id: string;
  scan_id: string;
  market: MarketId;
  ean: string;
  asin: string;
  line: number | null;
  product_name: string | null;
  brand: string | null;
  supplier_name: string | null;
  supplier_price: number | null;
  amazon_price: number | null;
  estimated_profit: number | null;
  roi_percentage: number | null;
  max_buy_price: number | null;
  min_roi: number;
  is_deal: boolean;
  breakdown: ScanProduct['breakdown'];
  created_at: Date;
  expires_at: Date;
}

/** Results of one scan in file order, in pages (for the streamed CSV download). */
export async function scanResultsPage(db: Db, scanId: string, afterLine: number, afterEan: string, limit: number): Promise<ResultRow[]> {
  return db.query<ResultRow>(
    `select * from scan_results where scan_id = $1 and (coalesce(line, 0), ean) > ($2, $3)
      order by coalesce(line, 0), ean limit $4`,
    [scanId, afterLine, afterEan, limit],
  );
}

export const DEAL_SORT_COLUMNS = {
  mainCategoryRank: 'main_category_rank',
  roi: 'roi_percentage',
  estimatedProfit: 'estimated_profit',
  buyBoxPrice: 'amazon_price',
  supplierPrice: 'supplier_price',
  estimatedMonthlySales: 'estimated_monthly_sales',
  numberOfSellers: 'number_of_sellers',
  rating: 'rating',
  reviewCount: 'review_count',
} as const;

export async function queryDeals(
  db: Db,
  filter: { userId: string; now: Date; brands: string[]; markets: string[] },
  order: { column: (typeof DEAL_SORT_COLUMNS)[keyof typeof DEAL_SORT_COLUMNS]; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<{ rows: ResultRow[]; total: number }> {
  const where = `user_id = $1 and kind = 'supplier' and is_deal and expires_at > $2
     and (cardinality($3::text[]) = 0 or lower(brand) = any($3::text[]))
     and (cardinality($4::text[]) = 0 or market = any($4::text[]))`;
  const params = [filter.userId, filter.now, filter.brands.map((b) => b.toLowerCase()), filter.markets];
  const dir = order.direction === 'desc' ? 'desc' : 'asc';
  const [rows, count] = await Promise.all([
    db.query<ResultRow>(
      `select * from scan_results where ${where} order by ${order.column} ${dir} nulls last, created_at desc, id limit $5 offset $6`,
      [...params, page.limit, page.offset],
    ),
    db.one<{ n: number }>(`select count(*)::int as n from scan_results where ${where}`, params),
  ]);
  return { rows, total: count.n };
}

export async function deleteUserDeals(db: Db, userId: string): Promise<number> {
  return db.execute(`delete from scan_results where user_id = $1 and kind = 'supplier'`, [userId]);
}

/** Brands and markets of the user's live deals (filter options of the deals list). */
export async function dealFacets(db: Db, userId: string, now: Date): Promise<{ brands: string[]; markets: string[] }> {
  const rows = await db.query<{ brand: string | null; market: string }>(
    `select distinct brand, market from scan_results where user_id = $1 and kind = 'supplier' and is_deal and expires_at > $2`,
    [userId, now],
  );
  const brands = [...new Set(rows.map((r) => r.brand).filter((b): b is string => !!b))].sort((a, b) => a.localeCompare(b));
  const markets = [...new Set(rows.map((r) => r.market))].sort();
  return { brands, markets };
}
