import type { MarketId } from '@dealradar/shared/markets';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';
import type { Db } from '../../db/client.ts';
import { notAmazonBuyBoxSql } from '../../lib/amazon-buy-box.sql.ts';
import type { ListingFactsRow } from '../../lib/listing-facts.ts';
import { notWrongMatchSql } from '../../lib/wrong-match.sql.ts';
import { listingRestrictionFilterSql } from '../seller-account/listing-restrictions.sql.ts';
import type { ScanProduct } from './deal-calculator.ts';
import type { ScanKind } from './scans.repository.ts';

/** The products a scan stored (scan_results): deals, and matched products without a supplier price; the deals list. */

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

// ---- supplier deals as other modules look them up ----

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
