import type { RowIssue, ScanReport, ScanStatus } from '@dealradar/shared/contracts/scans';
import type { MarketId } from '@dealradar/shared/markets';
import type { PriceTerms } from '@dealradar/shared/price-terms';
import type { Db } from '../../db/client.ts';
import { leaseGoneSql } from '../../db/process-lease.ts';
import type { ScanProduct } from './deal-calculator.ts';
import { notAmazonBuyBoxSql } from '../../lib/amazon-buy-box.sql.ts';
import { notWrongMatchSql } from '../../lib/wrong-match.sql.ts';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';
import { listingRestrictionFilterSql } from '../seller-account/listing-restrictions.sql.ts';
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
  /** '' = no brand column. */
  brand_column: string;
  price_column: string;
  /** '' = none. */
  units_column: string;
  units_per_price: number | null;
  sheet: string | null;
  /** Unusable rows stored in scan_issues by the parse (null until stored). */
  issues_stored: number | null;
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
  /** Keepa tokens (migration 0014). */
  tokens_estimated: number | null;
  tokens_spent: number;
  token_refill_rate: number | null;
  tokens_left: number | null;
  token_wait_until: Date | null;
  token_wait_reason: string | null;
  /** All markets (migration 0018): every EAN in the seven markets, compared in comparison_currency. */
  all_markets: boolean;
  comparison_currency: string | null;
  /** Kept supplier list and re-runs (migration 0019, supplier-lists.service.ts). */
  list_path: string | null;
  rerun_of: string | null;
  rerun_previous_completed_at: Date | null;
  analyzed_until_line: number | null;
  rerun_compare_line: number | null;
  rerun_changes: { new: number; gone: number; moved: number; unchanged: number } | null;
  /** The supplier price's currency, VAT and VAT rate (migration 0022; null rate: the currency's default). */
  price_currency: string;
  price_includes_vat: boolean;
  price_vat_rate: number | null;
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
  unitsColumn: string;
  unitsPerPrice: number | null;
  sheet: string | null;
  /** The price's currency and VAT; absent: EUR excl. VAT. */
  priceTerms?: PriceTerms;
  uploadPath: string;
  uploadBytes: number;
  totalEans: number;
  allowedEans: number | null;
  minRoi: number | null;
  report: ScanReport | null;
  now: Date;
  /** All markets: the region's currency the markets are compared in. */
  allMarkets?: { comparisonCurrency: string };
  /** The line of the last EAN the plan allowed (a partial run); null or absent: all. */
  analyzedUntilLine?: number | null;
}

export async function insertScan(db: Db, scan: NewScan): Promise<ScanRow> {
  return db.one<ScanRow>(
    `insert into scans (id, kind, user_id, organization_id, file_name, source, market, ean_column, brand_column, price_column,
                        upload_path, upload_bytes, total_eans, allowed_eans, min_roi, report, created_at, updated_at,
                        units_column, units_per_price, sheet, all_markets, comparison_currency, analyzed_until_line,
                        price_currency, price_includes_vat, price_vat_rate)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18, $19, $20, $21, $22, $23,
             $24, $25, $26) returning *`,
    [
      scan.id,
      scan.kind,
      scan.userId,
      scan.organizationId,
      scan.fileName,
      scan.source,
      scan.market,
      scan.eanColumn,
      scan.brandColumn,
      scan.priceColumn,
      scan.uploadPath,
      scan.uploadBytes,
      scan.totalEans,
      scan.allowedEans,
      scan.minRoi,
      scan.report ? JSON.stringify(scan.report) : null,
      scan.now,
      scan.unitsColumn,
      scan.unitsPerPrice,
      scan.sheet,
      !!scan.allMarkets,
      scan.allMarkets?.comparisonCurrency ?? null,
      scan.analyzedUntilLine ?? null,
      scan.priceTerms?.currency ?? 'EUR',
      scan.priceTerms?.includesVat ?? false,
      scan.priceTerms?.vatRate ?? null,
    ],
  );
}

export async function findScan(db: Db, id: string): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>('select * from scans where id = $1', [id]);
}

/** Of these scans, the ones a request cancelled or deleted (the running worker's cue to stop; scans.jobs.ts). */
export async function stoppedScanIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.query<{ id: string }>(
    `select i.id::text as id from unnest($1::uuid[]) as i(id) left join scans s on s.id = i.id where s.id is null or s.cancel_requested`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/** The user's scan of that kind, unless it ended more than `retentionMs` before now. */
export async function findUserScan(db: Db, id: string, userId: string, kind: ScanKind, endedAfter: Date): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>(`select * from scans where id = $1 and user_id = $2 and kind = $3 and (completed_at is null or completed_at > $4)`, [
    id,
    userId,
    kind,
    endedAfter,
  ]);
}

export async function listActiveScans(db: Db, userId: string, kind: ScanKind): Promise<ScanRow[]> {
  return db.query<ScanRow>(`select * from scans where user_id = $1 and kind = $2 and status in ('PENDING', 'PROCESSING') order by queue_seq asc`, [
    userId,
    kind,
  ]);
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

/** A PROCESSING scan's owner is gone: silent since $staleBefore, or (PostgreSQL) its process lease is released. */
const ownerGone = (staleBefore: string) => `(heartbeat_at is null or heartbeat_at < ${staleBefore} or ${leaseGoneSql('owner_lease')})`;

/**
 * Takes the scan for one worker run (of the process holding `lease`): a PENDING scan, or a PROCESSING one whose owner
 * is gone. Returns undefined when another run holds it or it has ended.
 */
export async function claimScan(
  db: Db,
  id: string,
  token: string,
  now: Date,
  heartbeat: Date,
  staleBefore: Date,
  lease: number | null,
): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>(
    `update scans set status = 'PROCESSING', worker_token = $2, heartbeat_at = $4, attempts = attempts + 1, owner_lease = $6,
            started_at = coalesce(started_at, $3), updated_at = $3, token_wait_until = null, token_wait_reason = null
      where id = $1 and cancel_requested = false
        and (status = 'PENDING' or (status = 'PROCESSING' and ${ownerGone('$5')}))
      returning *`,
    [id, token, now, heartbeat, staleBefore, lease],
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
  fields: {
    processed: number;
    checkpoint: number;
    matched: number;
    deals: number;
    report: ScanReport;
    now: Date;
    heartbeat: Date;
    tokens?: { spent: number; refillRate: number | null; tokensLeft: number | null };
  },
): Promise<boolean> {
  const n = await db.execute(
    `update scans set processed_eans = $3, checkpoint = $4, matched_products = $5, deals_found = $6, report = $7,
            updated_at = $8, heartbeat_at = $9,
            tokens_spent = coalesce($10, tokens_spent), token_refill_rate = coalesce($11, token_refill_rate), tokens_left = coalesce($12, tokens_left)
      where id = $1 and worker_token = $2 and status = 'PROCESSING' and cancel_requested = false`,
    [
      id,
      token,
      fields.processed,
      fields.checkpoint,
      fields.matched,
      fields.deals,
      JSON.stringify(fields.report),
      fields.now,
      fields.heartbeat,
      fields.tokens?.spent ?? null,
      fields.tokens?.refillRate ?? null,
      fields.tokens?.tokensLeft ?? null,
    ],
  );
  return n === 1;
}

/** The expected token cost told before the scan started, with the account's refill rate then. */
export async function saveTokenEstimate(db: Db, id: string, estimate: { tokens: number; refillRate: number | null; tokensLeft: number | null }): Promise<void> {
  await db.execute('update scans set tokens_estimated = $2, token_refill_rate = $3, tokens_left = $4 where id = $1', [
    id,
    estimate.tokens,
    estimate.refillRate,
    estimate.tokensLeft,
  ]);
}

/** A wait for Keepa tokens began (until, reason) or ended (null), as the running worker saw it. */
export async function saveTokenWait(
  db: Db,
  id: string,
  token: string,
  wait: { until: Date; reason: string; tokensLeft: number | null; refillRate: number | null } | null,
): Promise<void> {
  await db.execute(
    `update scans set token_wait_until = $3, token_wait_reason = $4, tokens_left = coalesce($5, tokens_left), token_refill_rate = coalesce($6, token_refill_rate)
      where id = $1 and worker_token = $2 and status = 'PROCESSING'`,
    [id, token, wait?.until ?? null, wait?.reason ?? null, wait?.tokensLeft ?? null, wait?.refillRate ?? null],
  );
}

export async function finishScan(
  db: Db,
  id: string,
  token: string | null,
  fields: { status: 'COMPLETED' | 'ERROR'; error: string | null; now: Date; report?: ScanReport },
): Promise<boolean> {
  const n = await db.execute(
    `update scans set status = $3, error = $4, completed_at = $5, updated_at = $5, upload_path = null,
            report = coalesce($6::jsonb, report), worker_token = null, token_wait_until = null, token_wait_reason = null
      where id = $1 and ($2::text is null or worker_token = $2) and status in ('PENDING', 'PROCESSING')`,
    [id, token, fields.status, fields.error, fields.now, fields.report ? JSON.stringify(fields.report) : null],
  );
  return n === 1;
}

/** Cancel: an unfinished scan ends as ERROR at once; the running worker sees it at its next batch. */
export async function cancelScan(db: Db, id: string, now: Date, message: string): Promise<ScanRow | undefined> {
  return db.maybeOne<ScanRow>(
    `update scans set cancel_requested = true, status = 'ERROR', error = $3, completed_at = $2, updated_at = $2,
            token_wait_until = null, token_wait_reason = null
      where id = $1 and status in ('PENDING', 'PROCESSING') returning *`,
    [id, now, message],
  );
}

export async function deleteScan(db: Db, id: string): Promise<void> {
  await db.execute('delete from scans where id = $1', [id]);
}

export async function touchHeartbeat(db: Db, id: string, token: string, heartbeat: Date): Promise<void> {
  await db.execute('update scans set heartbeat_at = $3 where id = $1 and worker_token = $2', [id, token, heartbeat]);
}

/** PROCESSING scans whose owner is gone (all of them when staleBefore is null). */
export async function findOrphanedScans(db: Db, staleBefore: Date | null): Promise<ScanRow[]> {
  return db.query<ScanRow>(`select * from scans where status = 'PROCESSING' and ($1::timestamptz is null or ${ownerGone('$1')})`, [staleBefore]);
}

/** PENDING scans, oldest first (their jobs are re-sent at start-up in case a job was lost). */
export async function findPendingScans(db: Db): Promise<ScanRow[]> {
  return db.query<ScanRow>(`select * from scans where status = 'PENDING' order by queue_seq asc`);
}

/** Puts an orphaned scan back to PENDING so a new job can claim it. */
export async function requeueScan(db: Db, id: string, now: Date): Promise<boolean> {
  const n = await db.execute(
    `update scans set status = 'PENDING', worker_token = null, owner_lease = null, updated_at = $2 where id = $1 and status = 'PROCESSING'`,
    [id, now],
  );
  return n === 1;
}

/**
 * A run gives its scan back because its process is shutting down (SIGTERM): PENDING again, for any worker, and the
 * attempt does not count (a deploy is no crash). False when the run no longer owned it.
 */
export async function handBackScan(db: Db, id: string, token: string, now: Date): Promise<boolean> {
  const n = await db.execute(
    `update scans set status = 'PENDING', worker_token = null, owner_lease = null, attempts = greatest(attempts - 1, 0), updated_at = $3
      where id = $1 and worker_token = $2 and status = 'PROCESSING'`,
    [id, token, now],
  );
  return n === 1;
}

/** Scans (and their results) that ended before `endedBefore`, except those keeping a supplier list (supplier-lists.repository.ts). */
export async function deleteEndedScans(db: Db, endedBefore: Date): Promise<number> {
  return db.execute(`delete from scans where completed_at is not null and completed_at < $1 and (list_path is null or status <> 'COMPLETED')`, [endedBefore]);
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
    ean: p.ean,
    asin: p.asin,
    market: p.market,
    line: p.line,
    product_name: p.productName,
    brand: p.brand,
    supplier_name: p.supplierName,
    supplier_price: p.supplierPrice,
    case_price: p.casePrice,
    units_per_price: p.unitsPerPrice,
    amazon_price: p.amazonPrice,
    estimated_profit: p.estimatedProfit,
    roi_percentage: p.roiPercentage,
    max_buy_price: p.maxBuyPrice,
    min_roi: p.minRoi,
    is_deal: p.isDeal,
    main_category_rank: p.mainCategoryRank,
    beauty_category_rank: p.beautyCategoryRank,
    estimated_monthly_sales: p.estimatedMonthlySales,
    rating: p.rating,
    review_count: p.reviewCount,
    number_of_sellers: p.numberOfSellers,
    buy_box_seller_id: p.buyBoxSellerId,
    amazon_image_url: p.amazonImageUrl,
    breakdown: p.breakdown,
    alternatives: p.alternatives,
    match_source: p.matchSource,
    warnings: p.warnings,
    warning_codes: p.warnings.map((w) => w.code),
    buy_box_avg30: p.buyBoxAvg30,
    buy_box_avg90: p.buyBoxAvg90,
    profitable_share90: p.profitableShare90,
    market_comparison: p.marketComparison ?? null,
    sales_estimate: p.salesEstimate ?? null,
    estimated_monthly_profit: p.estimatedMonthlyProfit ?? null,
  }));
  await db.execute(
    `insert into scan_results (scan_id, user_id, kind, created_at, expires_at, ean, asin, market, line, product_name, brand, supplier_name,
            supplier_price, amazon_price, estimated_profit, roi_percentage, max_buy_price, min_roi, is_deal, main_category_rank,
            beauty_category_rank, estimated_monthly_sales, rating, review_count, number_of_sellers, buy_box_seller_id, amazon_image_url, breakdown,
            case_price, units_per_price, alternatives, match_source, warnings, warning_codes, buy_box_avg30, buy_box_avg90, profitable_share90,
            market_comparison, sales_estimate, estimated_monthly_profit)
     select $1, $2, $3, $4, $5, r.ean, r.asin, r.market, r.line, r.product_name, r.brand, r.supplier_name,
            r.supplier_price, r.amazon_price, r.estimated_profit, r.roi_percentage, r.max_buy_price, r.min_roi, r.is_deal, r.main_category_rank,
            r.beauty_category_rank, r.estimated_monthly_sales, r.rating, r.review_count, r.number_of_sellers, r.buy_box_seller_id, r.amazon_image_url, r.breakdown,
            r.case_price, coalesce(r.units_per_price, 1), r.alternatives, r.match_source, r.warnings, coalesce(r.warning_codes, '{}'),
            r.buy_box_avg30, r.buy_box_avg90, r.profitable_share90, r.market_comparison, r.sales_estimate, r.estimated_monthly_profit
       from jsonb_to_recordset($6::jsonb) as r(ean text, asin text, market text, line integer, product_name text, brand text, supplier_name text,
            supplier_price numeric, amazon_price numeric, estimated_profit numeric, roi_percentage numeric, max_buy_price numeric, min_roi numeric,
            is_deal boolean, main_category_rank integer, beauty_category_rank integer, estimated_monthly_sales integer, rating numeric,
            review_count integer, number_of_sellers integer, buy_box_seller_id text, amazon_image_url text, breakdown jsonb,
            case_price numeric, units_per_price integer, alternatives jsonb, match_source text, warnings jsonb, warning_codes text[],
            buy_box_avg30 numeric, buy_box_avg90 numeric, profitable_share90 numeric, market_comparison jsonb, sales_estimate jsonb,
            estimated_monthly_profit numeric)
     on conflict (scan_id, ean) do nothing`,
    [scan.id, scan.userId, scan.kind, createdAt, expiresAt, JSON.stringify(rows)],
  );
}

/**
 * A newer supplier scan replaces the user's older deals for the same products in the same market; an all-markets scan
 * (market null) replaces them in every market, since it looked at each.
 */
export async function deleteSupersededDeals(db: Db, userId: string, scanId: string, market: string | null, eans: string[]): Promise<void> {
  if (!eans.length) return;
  await db.execute(
    `delete from scan_results where user_id = $1 and kind = 'supplier' and ($3::text is null or market = $3) and scan_id <> $2 and ean = any($4::text[])`,
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
  case_price: number | null;
  units_per_price: number;
  amazon_price: number | null;
  estimated_profit: number | null;
  roi_percentage: number | null;
  max_buy_price: number | null;
  min_roi: number;
  is_deal: boolean;
  breakdown: ScanProduct['breakdown'];
  alternatives: ScanProduct['alternatives'] | null;
  match_source: ScanProduct['matchSource'] | null;
  warnings: ScanProduct['warnings'] | null;
  buy_box_avg30: number | null;
  buy_box_avg90: number | null;
  profitable_share90: number | null;
  market_comparison: ScanProduct['marketComparison'];
  sales_estimate: ScanProduct['salesEstimate'] | null;
  estimated_monthly_profit: number | null;
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
  profitableShare: 'profitable_share90',
  estimatedMonthlyProfit: 'estimated_monthly_profit',
} as const;

// Deals, and the products listed without a supplier price (listing and fees only).
const DEALS_WHERE = `user_id = $1 and kind = 'supplier' and (is_deal or supplier_price is null) and expires_at > $2
     and (cardinality($3::text[]) = 0 or lower(brand) = any($3::text[]))
     and (cardinality($4::text[]) = 0 or market = any($4::text[]))
     and (not $5::boolean or ${notAmazonBuyBoxSql()})
     and ($6::uuid is null or ${notWrongMatchSql('$6', 'scan_results')})
     and (cardinality($7::text[]) = 0 or not (warning_codes && $7::text[]))
     and ($8::numeric is null or profitable_share90 >= $8::numeric)
     and ($9::numeric is null or supplier_price is null or roi_percentage + 0.000001 >= $9::numeric)
     and ${listingRestrictionFilterSql('$6', '$10')}
     and ($11::numeric is null or estimated_monthly_profit >= $11::numeric)
     and ($12::numeric is null or (sales_estimate->>'sellerUnitsPerMonth')::numeric >= $12::numeric)`;
/** hideAmazonBuyBox: leave out deals whose buy box Amazon itself holds. */
type DealFilter = {
  userId: string;
  now: Date;
  brands: string[];
  markets: string[];
  hideAmazonBuyBox?: boolean;
  /** Hide the organization's wrong matches. */ organizationId?: string;
  /** Hide deals with any of these warnings. */ hideWarnings?: string[];
  /** Only deals profitable on at least this share (0–1) of the last 90 days. */ minProfitableShare?: number | null;
  /** Only deals at or above this ROI in percent: the user's current minimum ROI, not the scan's. */ minRoiPercent?: number | null;
  /** Only what the seller can sell / hide the not eligible (needs organizationId). */ listingRestriction?: ListingRestrictionFilter | null;
  /** Only deals with at least this estimated monthly profit (EUR). */ minMonthlyProfit?: number | null;
  /** Only deals whose estimated share is at least this many units a month. */ minUnitsPerMonth?: number | null;
};
type DealOrder = { column: (typeof DEAL_SORT_COLUMNS)[keyof typeof DEAL_SORT_COLUMNS]; direction: 'asc' | 'desc' };
const dealParams = (filter: DealFilter) => [
  filter.userId,
  filter.now,
  filter.brands.map((b) => b.toLowerCase()),
  filter.markets,
  filter.hideAmazonBuyBox ?? false,
  filter.organizationId ?? null,
  filter.hideWarnings ?? [],
  filter.minProfitableShare ?? null,
  filter.minRoiPercent ?? null,
  filter.listingRestriction ?? null,
  filter.minMonthlyProfit ?? null,
  filter.minUnitsPerMonth ?? null,
];

/** One page of the user's live deals, filtered and sorted (nulls last). */
export async function queryDealRows(db: Db, filter: DealFilter, order: DealOrder, page: { limit: number; offset: number }): Promise<ResultRow[]> {
  const dir = order.direction === 'desc' ? 'desc' : 'asc';
  return db.query<ResultRow>(
    `select * from scan_results where ${DEALS_WHERE} order by ${order.column} ${dir} nulls last, created_at desc, id limit $13 offset $14`,
    [...dealParams(filter), page.limit, page.offset],
  );
}

export async function queryDeals(
  db: Db,
  filter: DealFilter,
  order: DealOrder,
  page: { limit: number; offset: number },
): Promise<{ rows: ResultRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    queryDealRows(db, filter, order, page),
    db.one<{ n: number }>(`select count(*)::int as n from scan_results where ${DEALS_WHERE}`, dealParams(filter)),
  ]);
  return { rows, total: count.n };
}

export async function deleteUserDeals(db: Db, userId: string): Promise<number> {
  return db.execute(`delete from scan_results where user_id = $1 and kind = 'supplier'`, [userId]);
}

/** Brands and markets of the user's live deals (filter options of the deals list). */
export async function dealFacets(db: Db, userId: string, now: Date, minRoiPercent: number | null = null): Promise<{ brands: string[]; markets: string[] }> {
  const rows = await db.query<{ brand: string | null; market: string }>(
    `select distinct brand, market from scan_results where user_id = $1 and kind = 'supplier' and (is_deal or supplier_price is null)
        and expires_at > $2 and ($3::numeric is null or supplier_price is null or roi_percentage + 0.000001 >= $3::numeric)`,
    [userId, now, minRoiPercent],
  );
  const brands = [...new Set(rows.map((r) => r.brand).filter((b): b is string => !!b))].sort((a, b) => a.localeCompare(b));
  const markets = [...new Set(rows.map((r) => r.market))].sort();
  return { brands, markets };
}

/** Unusable rows per stored chunk (scan_issue_chunks: one JSON text each). */
export const ISSUE_CHUNK = 1000;

/**
 * Stores unusable rows as one chunk (JSON text). `chunk` names it within the scan: storing the same chunk again (a
 * resumed run) adds nothing.
 */
export async function insertIssueChunk(db: Db, scanId: string, chunk: string, issues: RowIssue[]): Promise<void> {
  if (!issues.length) return;
  await db.execute(`insert into scan_issue_chunks (scan_id, chunk, issues) values ($1, $2, $3) on conflict (scan_id, chunk) do nothing`, [
    scanId,
    chunk,
    JSON.stringify(issues.map(({ line, reason, value, message }) => ({ line, reason, value, message }))),
  ]);
}

/** Records that the parse's issues are stored (a resumed run does not store them again). */
export async function markIssuesStored(db: Db, scanId: string, count: number): Promise<void> {
  await db.execute('update scans set issues_stored = $2 where id = $1', [scanId, count]);
}

/**
 * Every stored unusable row of a scan (at most STORED_ISSUES_LIMIT), each (line, reason) once — a run resumed after a
 * restart may have stored a batch's rows twice under another chunk name — in line order.
 */
export async function storedIssues(db: Db, scanId: string): Promise<RowIssue[]> {
  const rows = await db.query<{ issues: string }>('select issues from scan_issue_chunks where scan_id = $1 order by chunk', [scanId]);
  const seen = new Set<string>();
  const out: RowIssue[] = [];
  for (const row of rows) {
    for (const issue of JSON.parse(row.issues) as RowIssue[]) {
      const key = `${issue.line}|${issue.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(issue);
    }
  }
  return out.sort((a, b) => a.line - b.line || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}
