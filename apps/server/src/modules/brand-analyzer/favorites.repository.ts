import type { FavoriteSortBy } from '@dealradar/shared/contracts/brand-analyzer';
import type { Db } from '../../db/client.ts';
import { notAmazonBuyBoxSql } from '../../lib/amazon-buy-box.sql.ts';
import type { ListingFactsRow } from '../../lib/listing-facts.ts';
import { notWrongMatchSql } from '../../lib/wrong-match.sql.ts';
import { listingRestrictionFilterSql } from '../seller-account/listing-restrictions.sql.ts';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';
import type { MatchAlternative, MatchSource } from '@dealradar/shared/contracts/match-rules';
import type { DealWarning } from '@dealradar/shared/deal-warnings';
import type { ProfitBreakdown } from '@dealradar/shared/contracts/scans';
import type { SalesEstimate } from '@dealradar/shared/sales-estimate';

/** SQL of brand-scan favorites: one row per user, product (EAN) and market. Money in minor units of `currency`. */

export interface FavoriteRecord {
  ean: string;
  asin: string;
  market: string;
  currency: string;
  productName: string | null;
  brand: string;
  supplierName: string;
  supplierUrl: string | null;
  supplierPrice: number;
  amazonPrice: number;
  estimatedProfit: number;
  roiPercentage: number;
  mainCategoryRank: number | null;
  beautyCategoryRank: number | null;
  estimatedMonthlySales: number | null;
  rating: number | null;
  reviewCount: number | null;
  numberOfSellers: number | null;
  buyBoxSellerId: string | null;
  amazonImageUrl: string | null;
  qogitaImageUrl: string | null;
  /** Other listings of the EAN in the market, and what chose this one. */
  alternatives?: MatchAlternative[];
  matchSource?: MatchSource;
  warnings?: DealWarning[];
  /** 30/90-day average buy box, minor units of `currency`. */
  buyBoxAvg30?: number | null;
  buyBoxAvg90?: number | null;
  /** Share (0–1) of the last 90 days profitable at the scan's minimum ROI. */
  profitableShare90?: number | null;
  /** How the profit was computed (major units of `currency`, the supplier deals' breakdown shape). */
  breakdown?: ProfitBreakdown | null;
  /** The wholesale price excl. VAT as Qogita gives it, EUR cents. */
  supplierPriceEur?: number | null;
  /** Units a month, basis and the seller's share (docs/sales-estimate.md). */
  salesEstimate?: SalesEstimate | null;
  /** The seller's share × profit per unit, major units of `currency` a month. */
  estimatedMonthlyProfit?: number | null;
}

export interface FavoriteRow extends ListingFactsRow {
  id: string;
  ean: string;
  asin: string;
  market: string;
  currency: string;
  product_name: string | null;
  brand: string;
  supplier_name: string;
  supplier_url: string | null;
  supplier_price: number;
  amazon_price: number;
  estimated_profit: number;
  roi_percentage: number;
  qogita_image_url: string | null;
  alternatives: MatchAlternative[] | null;
  match_source: MatchSource | null;
  warnings: DealWarning[] | null;
  buy_box_avg30: number | null;
  buy_box_avg90: number | null;
  profitable_share90: number | null;
  breakdown: ProfitBreakdown | null;
  supplier_price_eur: number | null;
  sales_estimate: SalesEstimate | null;
  estimated_monthly_profit: number | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'ean',
  'asin',
  'market',
  'currency',
  'product_name',
  'brand',
  'supplier_name',
  'supplier_url',
  'supplier_price',
  'amazon_price',
  'estimated_profit',
  'roi_percentage',
  'main_category_rank',
  'beauty_category_rank',
  'estimated_monthly_sales',
  'rating',
  'review_count',
  'number_of_sellers',
  'buy_box_seller_id',
  'amazon_image_url',
  'qogita_image_url',
  'alternatives',
  'match_source',
  'warnings',
  'warning_codes',
  'buy_box_avg30',
  'buy_box_avg90',
  'profitable_share90',
  'breakdown',
  'supplier_price_eur',
  'sales_estimate',
  'estimated_monthly_profit',
] as const;

function valuesOf(f: FavoriteRecord): unknown[] {
  return [
    f.ean,
    f.asin,
    f.market,
    f.currency,
    f.productName,
    f.brand,
    f.supplierName,
    f.supplierUrl,
    f.supplierPrice,
    f.amazonPrice,
    f.estimatedProfit,
    f.roiPercentage,
    f.mainCategoryRank,
    f.beautyCategoryRank,
    f.estimatedMonthlySales,
    f.rating,
    f.reviewCount,
    f.numberOfSellers,
    f.buyBoxSellerId,
    f.amazonImageUrl,
    f.qogitaImageUrl,
    JSON.stringify(f.alternatives ?? []),
    f.matchSource ?? null,
    JSON.stringify(f.warnings ?? []),
    (f.warnings ?? []).map((w) => w.code),
    f.buyBoxAvg30 ?? null,
    f.buyBoxAvg90 ?? null,
    f.profitableShare90 ?? null,
    f.breakdown ? JSON.stringify(f.breakdown) : null,
    f.supplierPriceEur ?? null,
    f.salesEstimate ? JSON.stringify(f.salesEstimate) : null,
    f.estimatedMonthlyProfit ?? null,
  ];
}

/** Inserts new favorites and refreshes existing ones of the same product and market (created_at is kept). */
export async function upsertFavorites(db: Db, userId: string, scanId: string, favorites: FavoriteRecord[], now: Date): Promise<void> {
  if (favorites.length === 0) return;
  const params: unknown[] = [userId, scanId, now];
  const rows = favorites.map((favorite) => {
    const placeholders = valuesOf(favorite).map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    return `($1, $2, ${placeholders.join(', ')}, $3, $3)`;
  });
  const updates = [...COLUMNS.filter((c) => c !== 'ean' && c !== 'market'), 'scan_id', 'updated_at'].map((c) => `${c} = excluded.${c}`);
  await db.execute(
    `insert into brand_favorites (user_id, scan_id, ${COLUMNS.join(', ')}, created_at, updated_at)
     values ${rows.join(', ')}
     on conflict (user_id, ean, market) do update set ${updates.join(', ')}`,
    params,
  );
}

/** Removes favorites of these products in one market (a later scan found they no longer qualify). */
export async function deleteFavoritesOfProducts(db: Db, userId: string, market: string, eans: string[]): Promise<number> {
  if (eans.length === 0) return 0;
  return db.execute('delete from brand_favorites where user_id = $1 and market = $2 and ean = any($3::text[])', [userId, market, eans]);
}

const SORT_COLUMNS: Record<FavoriteSortBy, string> = {
  mainCategoryRank: 'main_category_rank',
  roi: 'roi_percentage',
  amazonPrice: 'amazon_price',
  supplierPrice: 'supplier_price',
  createdAt: 'created_at',
  profitableShare: 'profitable_share90',
  estimatedMonthlyProfit: 'estimated_monthly_profit',
};

export interface FavoritesFilter {
  brands: string[];
  markets: string[];
  /** Leave out favorites whose buy box Amazon itself holds. */
  hideAmazonBuyBox?: boolean;
  /** Leave out the organization's wrong matches (never rules). */
  organizationId?: string;
  /** Leave out favorites with any of these warnings. */
  hideWarnings?: string[];
  /** Only favorites profitable on at least this share (0–1) of the last 90 days; favorites without the figure are left out. */
  minProfitableShare?: number | null;
  /** Amazon's answers for the organization's seller account: only what it can sell, or hide the not eligible (needs organizationId). */
  listingRestriction?: ListingRestrictionFilter | null;
  /** Only favorites with at least this estimated monthly profit (their currency) / share in units a month. */
  minMonthlyProfit?: number | null;
  minUnitsPerMonth?: number | null;
  sortBy: FavoriteSortBy;
  sortOrder: 'asc' | 'desc';
  page: number;
  size: number;
}

/** One page of the user's favorites; missing values sort last in both orders. */
export async function listFavorites(db: Db, userId: string, filter: FavoritesFilter): Promise<{ rows: FavoriteRow[]; total: number }> {
  const where = ['user_id = $1'];
  const params: unknown[] = [userId];
  if (filter.brands.length) {
    params.push(filter.brands.map((b) => b.toLowerCase()));
    where.push(`lower(brand) = any($${params.length}::text[])`);
  }
  if (filter.markets.length) {
    params.push(filter.markets);
    where.push(`market = any($${params.length}::text[])`);
  }
  if (filter.hideAmazonBuyBox) where.push(notAmazonBuyBoxSql());
  if (filter.organizationId) {
    params.push(filter.organizationId);
    where.push(notWrongMatchSql(`$${params.length}`, 'brand_favorites'));
  }
  if (filter.hideWarnings?.length) {
    params.push(filter.hideWarnings);
    where.push(`not (warning_codes && $${params.length}::text[])`);
  }
  if (filter.minProfitableShare !== undefined && filter.minProfitableShare !== null) {
    params.push(filter.minProfitableShare);
    where.push(`profitable_share90 >= $${params.length}::numeric`);
  }
  if (filter.listingRestriction && filter.organizationId) {
    params.push(filter.organizationId, filter.listingRestriction);
    where.push(listingRestrictionFilterSql(`$${params.length - 1}`, `$${params.length}`, 'brand_favorites'));
  }
  if (filter.minMonthlyProfit !== undefined && filter.minMonthlyProfit !== null) {
    params.push(filter.minMonthlyProfit);
    where.push(`estimated_monthly_profit >= $${params.length}::numeric`);
  }
  if (filter.minUnitsPerMonth !== undefined && filter.minUnitsPerMonth !== null) {
    params.push(filter.minUnitsPerMonth);
    where.push(`(sales_estimate->>'sellerUnitsPerMonth')::numeric >= $${params.length}::numeric`);
  }
  const whereSql = where.join(' and ');
  const total = (await db.one<{ n: number }>(`select count(*)::int as n from brand_favorites where ${whereSql}`, params)).n;
  const direction = filter.sortOrder === 'desc' ? 'desc' : 'asc';
  params.push(filter.size, filter.page * filter.size);
  const rows = await db.query<FavoriteRow>(
    `select id, ${COLUMNS.join(', ')}, created_at, updated_at from brand_favorites where ${whereSql}
      order by ${SORT_COLUMNS[filter.sortBy]} ${direction} nulls last, id
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows, total };
}

export function deleteFavorite(db: Db, userId: string, id: string): Promise<number> {
  return db.execute('delete from brand_favorites where id = $1 and user_id = $2', [id, userId]);
}

export function deleteAllFavorites(db: Db, userId: string): Promise<number> {
  return db.execute('delete from brand_favorites where user_id = $1', [userId]);
}

/** The ASIN and market of each favorite a brand scan stored (what it shows as deals), for Amazon's listing check. */
export function favoriteListingsOfScan(db: Db, scanId: string): Promise<Array<{ asin: string; market: string }>> {
  return db.query('select distinct asin, market from brand_favorites where scan_id = $1 and asin is not null', [scanId]);
}

/** One of the user's favorites by id (favorites are the user's own, like the brand scans that made them). */
export function findUserFavorite(db: Db, userId: string, id: string): Promise<FavoriteRow | undefined> {
  return db.maybeOne<FavoriteRow>('select * from brand_favorites where id = $1 and user_id = $2', [id, userId]);
}

/** A product in one market, as favorites are kept. */
export interface FavoriteProductKey {
  market: string;
  ean: string;
  asin: string;
}

/**
 * The organization's newest favorite (any member's: favorites are per user, a newer brand scan refreshes its row) for
 * each of these market, EAN and ASIN keys: what the newest brand scan says of the product now. One statement for all keys.
 */
export function newestOrganizationFavorites(db: Db, organizationId: string, keys: FavoriteProductKey[]): Promise<FavoriteRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.query<FavoriteRow>(
    `select distinct on (f.market, f.ean, f.asin) f.*
       from unnest($2::text[], $3::text[], $4::text[]) as k(market, ean, asin)
       join brand_favorites f on f.market = k.market and f.ean = k.ean and f.asin = k.asin
       join users u on u.id = f.user_id
      where u.organization_id = $1
      order by f.market, f.ean, f.asin, f.updated_at desc, f.id`,
    [organizationId, keys.map((k) => k.market), keys.map((k) => k.ean), keys.map((k) => k.asin)],
  );
}
