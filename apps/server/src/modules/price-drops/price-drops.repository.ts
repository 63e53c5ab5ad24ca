import type { PriceDropSortField, PriceDropsQuery } from '@dealradar/shared/contracts/price-drops';
import type { ListingRestrictionFilter } from '@dealradar/shared/contracts/seller-account';
import type { SalesEstimate } from '@dealradar/shared/sales-estimate';
import type { Db } from '../../db/client.ts';
import { listingRestrictionFilterSql } from '../seller-account/listing-restrictions.sql.ts';

/** The read side: active drops (status active and not yet past their expiry at `now`). Money in EUR cents. */
export interface DropRow {
  id: number;
  gtin: string;
  productName: string;
  brand: string;
  category: string | null;
  stock: number | null;
  productUrl: string | null;
  imageUrl: string | null;
  oldExcl: number;
  oldIncl: number;
  newExcl: number;
  newIncl: number;
  percentage: number;
  dropCategory: string;
  priority: string;
  detectedAt: Date;
  expiresAt: Date;
  bestRoi: number | null;
  bestRoiMarket: string | null;
  /** The sales estimate of the Best-ROI market's listing and the seller's monthly profit there (EUR). */
  salesEstimate: SalesEstimate | null;
  monthlyProfitEur: number | null;
}

/** The drop's columns; the Best ROI and the estimate from `roi`/`roiMarket`/`est`/`profit` (an organization's own figures). */
const dropColumns = (
  roi = 'best_roi_percentage',
  roiMarket = 'best_roi_market',
  est = 'sales_estimate',
  profit = 'estimated_monthly_profit',
) => `id, gtin, product_name as "productName", brand, category, stock, product_url as "productUrl", image_url as "imageUrl",
  old_price_excl_vat as "oldExcl", old_price_incl_vat as "oldIncl", new_price_excl_vat as "newExcl", new_price_incl_vat as "newIncl",
  drop_percentage as percentage, drop_category as "dropCategory", priority, detected_at as "detectedAt", expires_at as "expiresAt",
  ${roi} as "bestRoi", ${roiMarket} as "bestRoiMarket", ${est} as "salesEstimate", ${profit} as "monthlyProfitEur"`;
const DROP_COLUMNS = dropColumns();

/**
 * An organization's own Best ROI (price_drop_org_roi) joined to `price_drops` where it has one: `o_has` says whether
 * the row exists (its ROI may be null: no listing left for the organization), else the shared figure applies.
 */
const ORG_ROI_JOIN = (param: string) => `left join lateral (
    select true as o_has, o.best_roi_percentage as o_roi, o.best_roi_market as o_market, o.market_asin as o_asins,
           o.sales_estimate as o_est, o.estimated_monthly_profit as o_profit
      from price_drop_org_roi o where o.organization_id = ${param} and o.drop_id = price_drops.id) org_roi on true`;
const ORG_ROI = `case when org_roi.o_has then org_roi.o_roi else best_roi_percentage end`;
const ORG_ROI_MARKET = `case when org_roi.o_has then org_roi.o_market else best_roi_market end`;
const ORG_ESTIMATE = `case when org_roi.o_has then org_roi.o_est else sales_estimate end`;
const ORG_MONTHLY_PROFIT = `case when org_roi.o_has then org_roi.o_profit else estimated_monthly_profit end`;

const ACTIVE = `status = 'active' and expires_at > $1`;

/**
 * The listing a drop is shown for (after ORG_ROI_JOIN): its Best-ROI market as the organization sees it and the ASIN
 * the ROI of that market was computed for, as `drop_listing.market` / `drop_listing.asin` (null without a ROI).
 */
const DROP_LISTING_JOIN = `left join lateral (
    select x.market, case when org_roi.o_has then org_roi.o_asins->>x.market
                          else (select m.asin from price_drop_market_roi m where m.drop_id = price_drops.id and m.market = x.market) end as asin
      from (select ${ORG_ROI_MARKET} as market) x) drop_listing on true`;

const SORT_COLUMNS: Record<PriceDropSortField, string> = {
  detectedAt: 'detected_at',
  priceDropPercentage: 'drop_percentage',
  newPriceExclVat: 'new_price_excl_vat',
  oldPriceExclVat: 'old_price_excl_vat',
  productName: 'product_name',
  productBrand: 'brand',
  stock: 'stock',
  bestRoiPercentage: 'best_roi_percentage',
  estimatedMonthlyProfit: 'estimated_monthly_profit',
};

export async function overview(db: Db, now: Date, recentSince: Date) {
  return db.one<{ totalDrops: number; totalSavings: number | null; avgDiscount: number | null; recentDrops: number; topBrand: string | null }>(
    `select count(*)::int as "totalDrops",
            sum(old_price_excl_vat - new_price_excl_vat)::bigint as "totalSavings",
            round(avg(drop_percentage), 1)::float8 as "avgDiscount",
            count(*) filter (where detected_at >= $2)::int as "recentDrops",
            (select brand from price_drops where ${ACTIVE} group by brand order by count(*) desc, brand limit 1) as "topBrand"
       from price_drops where ${ACTIVE}`,
    [now, recentSince],
  );
}

export function hotDeals(db: Db, now: Date, limit: number): Promise<DropRow[]> {
  return db.query(`select ${DROP_COLUMNS} from price_drops where ${ACTIVE} order by drop_percentage desc, id desc limit $2`, [now, limit]);
}

export function recentDrops(db: Db, now: Date, since: Date, limit: number): Promise<DropRow[]> {
  return db.query(`select ${DROP_COLUMNS} from price_drops where ${ACTIVE} and detected_at >= $2 order by detected_at desc, id desc limit $3`, [
    now,
    since,
    limit,
  ]);
}

export function countBy(db: Db, now: Date, column: 'drop_category' | 'priority'): Promise<Array<{ key: string; n: number }>> {
  return db.query(`select ${column} as key, count(*)::int as n from price_drops where ${ACTIVE} group by ${column}`, [now]);
}

export function topBrands(db: Db, now: Date, limit: number): Promise<Array<{ brand: string; dropCount: number }>> {
  return db.query(`select brand, count(*)::int as "dropCount" from price_drops where ${ACTIVE} group by brand order by count(*) desc, brand limit $2`, [
    now,
    limit,
  ]);
}

/** Drops first detected per local calendar day from `fromDay` (YYYY-MM-DD) to `toDay`, days without drops included. */
export function dailyTrend(db: Db, timeZone: string, fromDay: string, toDay: string): Promise<Array<{ date: string; drops: number; avgDiscount: number }>> {
  return db.query(
    `with days as (select generate_series($2::date, $3::date, interval '1 day')::date as day),
          counted as (
            select (first_detected_at at time zone $1)::date as day, count(*)::int as n, avg(drop_percentage) as pct
              from price_drops
             where first_detected_at >= ($2::date::timestamp at time zone $1)
               and first_detected_at < (($3::date + 1)::timestamp at time zone $1)
             group by 1)
     select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.n, 0)::int as drops, coalesce(round(c.pct, 1), 0)::float8 as "avgDiscount"
       from days d left join counted c on c.day = d.day order by d.day`,
    [timeZone, fromDay, toDay],
  );
}

/**
 * The WHERE of the table's query. With `organizationId` (an organization that has its own Best ROI of some drops, or
 * one whose list is filtered on Amazon's listing restrictions) the query joins its figures (ORG_ROI_JOIN, parameter
 * $2) and the ROI filter and sort read them; the restriction filter reads Amazon's answer for the drop's listing in
 * its Best-ROI market (DROP_LISTING_JOIN).
 */
function filters(
  query: PriceDropsQuery,
  now: Date,
  organizationId?: string,
): { where: string; params: unknown[]; join: string; roi: string; profit: string; own: boolean } {
  const params: unknown[] = [now];
  const parts = [ACTIVE];
  let join = '';
  let roi = 'best_roi_percentage';
  let estimate = 'sales_estimate';
  let profit = 'estimated_monthly_profit';
  if (organizationId) {
    params.push(organizationId);
    join = ORG_ROI_JOIN('$2::uuid');
    roi = ORG_ROI;
    estimate = ORG_ESTIMATE;
    profit = ORG_MONTHLY_PROFIT;
    if (query.listingRestriction) {
      join += `\n${DROP_LISTING_JOIN}`;
      params.push(query.listingRestriction satisfies ListingRestrictionFilter);
      parts.push(listingRestrictionFilterSql('$2', `$${params.length}`, 'drop_listing'));
    }
  }
  if (query.minRoi !== undefined) {
    params.push(query.minRoi);
    parts.push(`${roi} >= $${params.length}`);
  }
  // The estimate's filters (docs/sales-estimate.md): the seller's share in units a month, the monthly profit in EUR
  // (the service converts the user's threshold); a drop without an estimate or a share is left out by either.
  if (query.minUnitsPerMonth !== undefined) {
    params.push(query.minUnitsPerMonth);
    parts.push(`(${estimate}->>'sellerUnitsPerMonth')::numeric >= $${params.length}`);
  }
  if (query.minMonthlyProfit !== undefined) {
    params.push(query.minMonthlyProfit);
    parts.push(`${profit} >= $${params.length}`);
  }
  if (query.dropCategory) {
    params.push(query.dropCategory);
    parts.push(`drop_category = $${params.length}`);
  }
  if (query.priority) {
    params.push(query.priority);
    parts.push(`priority = $${params.length}`);
  }
  if (query.brand) {
    params.push(query.brand);
    parts.push(`brand = $${params.length}`);
  }
  if (query.search) {
    params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    parts.push(`(product_name ilike ${p} or brand ilike ${p} or gtin like ${p})`);
  }
  return { where: parts.join(' and '), params, join, roi, profit, own: !!organizationId };
}

export function countDrops(db: Db, query: PriceDropsQuery, now: Date, organizationId?: string): Promise<{ n: number }> {
  const { where, params, join } = filters(query, now, organizationId);
  return db.one(`select count(*)::int as n from price_drops ${join} where ${where}`, params);
}

export function pageOfDrops(db: Db, query: PriceDropsQuery, now: Date, organizationId?: string): Promise<DropRow[]> {
  const { where, params, join, roi, profit, own } = filters(query, now, organizationId);
  const direction = query.sortOrder === 'asc' ? 'asc' : 'desc';
  const sort = query.sortBy === 'bestRoiPercentage' ? roi : query.sortBy === 'estimatedMonthlyProfit' ? profit : SORT_COLUMNS[query.sortBy];
  // Drops without a stock, a ROI or a monthly profit come last in both directions.
  const nullsLast = query.sortBy === 'stock' || query.sortBy === 'bestRoiPercentage' || query.sortBy === 'estimatedMonthlyProfit' ? ' nulls last' : '';
  params.push(query.size, query.page * query.size);
  return db.query(
    `select ${own ? dropColumns(ORG_ROI, ORG_ROI_MARKET, ORG_ESTIMATE, ORG_MONTHLY_PROFIT) : DROP_COLUMNS} from price_drops ${join} where ${where}
      order by ${sort} ${direction}${nullsLast}, id ${direction}
      limit $${params.length - 1} offset $${params.length}`,
    params,
  );
}

/** One active drop by id (undefined when unknown, expired or removed). */
export function findActiveDrop(db: Db, id: number, now: Date): Promise<DropRow | undefined> {
  return db.maybeOne(`select ${DROP_COLUMNS} from price_drops where ${ACTIVE} and id = $2`, [now, id]);
}

export async function activeBrands(db: Db, now: Date): Promise<string[]> {
  const rows = await db.query<{ brand: string }>(`select distinct brand from price_drops where ${ACTIVE} order by brand`, [now]);
  return rows.map((r) => r.brand);
}

export async function statsCounts(db: Db, now: Date): Promise<{ totalProducts: number; totalPriceDrops: number }> {
  return db.one(
    `select (select count(*)::int from wholesale_products) as "totalProducts",
            (select count(*)::int from price_drops where ${ACTIVE}) as "totalPriceDrops"`,
    [now],
  );
}

/**
 * Per market of these drops, the ROI and the ASIN the organization sees: its own figures where its match rules touch
 * the drop (price_drop_org_roi), else the shared ones (price_drop_market_roi).
 */
export function dropMarkets(db: Db, organizationId: string, dropIds: number[]): Promise<Array<{ dropId: number; market: string; asin: string | null }>> {
  if (dropIds.length === 0) return Promise.resolve([]);
  return db.query(
    `select m.drop_id::int as "dropId", m.market, m.asin from price_drop_market_roi m
      where m.drop_id = any($2::bigint[])
        and not exists (select 1 from price_drop_org_roi o where o.organization_id = $1 and o.drop_id = m.drop_id)
     union all
     select o.drop_id::int, e.key, o.market_asin->>e.key from price_drop_org_roi o cross join jsonb_each_text(o.market_roi) e
      where o.organization_id = $1 and o.drop_id = any($2::bigint[])`,
    [organizationId, dropIds],
  );
}

/**
 * The listings of the active drops the organization is shown as deals: every market where its ROI (its own figure,
 * else the shared one) is positive and the ASIN is known; `eans` narrows it to the drops of these EANs.
 */
export function sellableCandidates(
  db: Db,
  organizationId: string,
  now: Date,
  limit: number,
  eans?: string[],
): Promise<Array<{ asin: string; market: string }>> {
  return db.query(
    `select asin, market from (
       select m.asin, m.market, max(m.roi_percentage) as roi from price_drops d join price_drop_market_roi m on m.drop_id = d.id
        where d.status = 'active' and d.expires_at > $1 and ($3::text[] is null or d.gtin = any($3::text[]))
          and not exists (select 1 from price_drop_org_roi o where o.organization_id = $2 and o.drop_id = d.id)
          and m.roi_percentage > 0 and m.asin is not null
        group by m.asin, m.market
       union all
       select o.market_asin->>e.key, e.key, max(e.value::numeric) from price_drops d
         join price_drop_org_roi o on o.organization_id = $2 and o.drop_id = d.id
         cross join jsonb_each_text(o.market_roi) e
        where d.status = 'active' and d.expires_at > $1 and ($3::text[] is null or d.gtin = any($3::text[]))
          and e.value::numeric > 0 and o.market_asin->>e.key is not null
        group by 1, 2) c
     order by roi desc, asin, market limit $4`,
    [now, organizationId, eans ?? null, limit],
  );
}

/** The organizations with a connected seller account (or only `organizationId`, when it has one). */
export async function connectedOrganizations(db: Db, organizationId?: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select organization_id as id from seller_accounts where status = 'CONNECTED' and ($1::uuid is null or organization_id = $1::uuid)`,
    [organizationId ?? null],
  );
  return rows.map((r) => r.id);
}

/** A Qogita product as the newest price refresh stored it: EUR cents excl. VAT and the lowest offer's stock. */
export interface CatalogueRow {
  gtin: string;
  price_excl_vat: number;
  stock: number | null;
  price_changed_at: Date;
}

/** The catalogue's rows of these GTINs (exact GTINs; an unknown one has no row). */
export function catalogueOfGtins(db: Db, gtins: string[]): Promise<CatalogueRow[]> {
  if (gtins.length === 0) return Promise.resolve([]);
  return db.query<CatalogueRow>('select gtin, price_excl_vat, stock, price_changed_at from wholesale_products where gtin = any($1::text[])', [gtins]);
}
