import type { AmazonFeeChoice } from '@dealradar/shared/contracts/amazon-fees';
import type { AmazonFeeParts } from '@dealradar/shared/profit';
import type { Db } from '../../db/client.ts';

/** Amazon's fee estimates, the comparisons with ours, the organization's choices and the fee call's rate bucket (migration 0030). */

export interface EstimateRow {
  asin: string;
  market: string;
  price: number;
  currency: string;
  status: 'SUCCESS' | 'CLIENT_ERROR';
  referral_fee: number | null;
  fba_fee: number | null;
  closing_fee: number | null;
  digital_services_fee: number | null;
  other_fees: number | null;
  total: number | null;
  message: string | null;
  estimated_at: Date;
}

const ESTIMATE_COLUMNS =
  'asin, market, price, currency, status, referral_fee, fba_fee, closing_fee, digital_services_fee, other_fees, total, message, estimated_at';

/** The organization's estimate of this ASIN, market and price (minor units) made after `after`. */
export async function findEstimate(db: Db, organizationId: string, asin: string, market: string, price: number, after: Date): Promise<EstimateRow | undefined> {
  return db.maybeOne<EstimateRow>(
    `select ${ESTIMATE_COLUMNS} from amazon_fee_estimates
      where organization_id = $1 and asin = $2 and market = $3 and price = $4 and estimated_at > $5`,
    [organizationId, asin, market, price, after],
  );
}

/** The newest successful estimate of this ASIN and market (any price): what a choice of Amazon's estimate keeps. */
export async function latestSuccess(db: Db, organizationId: string, asin: string, market: string): Promise<EstimateRow | undefined> {
  return db.maybeOne<EstimateRow>(
    `select ${ESTIMATE_COLUMNS} from amazon_fee_estimates
      where organization_id = $1 and asin = $2 and market = $3 and status = 'SUCCESS' order by estimated_at desc limit 1`,
    [organizationId, asin, market],
  );
}

export async function saveEstimate(db: Db, organizationId: string, row: EstimateRow): Promise<void> {
  await db.execute(
    `insert into amazon_fee_estimates (organization_id, ${ESTIMATE_COLUMNS})
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (organization_id, asin, market, price) do update set currency = excluded.currency, status = excluded.status,
       referral_fee = excluded.referral_fee, fba_fee = excluded.fba_fee, closing_fee = excluded.closing_fee,
       digital_services_fee = excluded.digital_services_fee, other_fees = excluded.other_fees, total = excluded.total,
       message = excluded.message, estimated_at = excluded.estimated_at`,
    [
      organizationId,
      row.asin,
      row.market,
      row.price,
      row.currency,
      row.status,
      row.referral_fee,
      row.fba_fee,
      row.closing_fee,
      row.digital_services_fee,
      row.other_fees,
      row.total,
      row.message,
      row.estimated_at,
    ],
  );
}

export interface ComparisonInput {
  organizationId: string;
  asin: string;
  market: string;
  currency: string;
  price: number;
  ourTotal: number;
  amazonTotal: number;
  differenceEur: number;
  marked: boolean;
  source: 'breakdown' | 'scan';
  at: Date;
}

export async function recordComparison(db: Db, c: ComparisonInput): Promise<void> {
  await db.execute(
    `insert into amazon_fee_comparisons (organization_id, asin, market, currency, price, our_total, amazon_total, difference, difference_eur, marked, source, compared_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [c.organizationId, c.asin, c.market, c.currency, c.price, c.ourTotal, c.amazonTotal, c.amazonTotal - c.ourTotal, c.differenceEur, c.marked, c.source, c.at],
  );
}

export interface DriftRow {
  asin: string;
  market: string;
  currency: string;
  price: number;
  our_total: number;
  amazon_total: number;
  difference: number;
  difference_eur: number;
  marked: boolean;
  source: 'breakdown' | 'scan';
  compared_at: Date;
}

export async function drifts(db: Db, sort: 'biggest' | 'recent', limit: number): Promise<DriftRow[]> {
  const order = sort === 'biggest' ? 'abs(difference_eur) desc, compared_at desc' : 'compared_at desc';
  return db.query<DriftRow>(
    `select asin, market, currency, price, our_total, amazon_total, difference, difference_eur, marked, source, compared_at
       from amazon_fee_comparisons order by ${order} limit $1`,
    [limit],
  );
}

export async function driftsByMarket(db: Db): Promise<Array<{ market: string; comparisons: number; marked: number; mean_eur: number }>> {
  return db.query(
    `select market, count(*)::int as comparisons, count(*) filter (where marked)::int as marked, coalesce(avg(difference_eur), 0)::float8 as mean_eur
       from amazon_fee_comparisons group by market order by market`,
  );
}

// ---- The organization's choice per listing ----

export async function findChoice(db: Db, organizationId: string, asin: string, market: string): Promise<AmazonFeeChoice> {
  const row = await db.maybeOne<{ choice: AmazonFeeChoice }>('select choice from amazon_fee_choices where organization_id = $1 and asin = $2 and market = $3', [
    organizationId,
    asin,
    market,
  ]);
  return row?.choice ?? 'RULES';
}

export async function saveChoice(
  db: Db,
  c: { organizationId: string; asin: string; market: string; choice: AmazonFeeChoice; estimate: EstimateRow | null; userId: string; at: Date },
): Promise<void> {
  const e = c.estimate;
  await db.execute(
    `insert into amazon_fee_choices (organization_id, asin, market, choice, price, referral_fee, fba_fee, closing_fee, digital_services_fee, estimated_at, chosen_by, chosen_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (organization_id, asin, market) do update set choice = excluded.choice, price = excluded.price,
       referral_fee = excluded.referral_fee, fba_fee = excluded.fba_fee, closing_fee = excluded.closing_fee,
       digital_services_fee = excluded.digital_services_fee, estimated_at = excluded.estimated_at,
       chosen_by = excluded.chosen_by, chosen_at = excluded.chosen_at`,
    [
      c.organizationId,
      c.asin,
      c.market,
      c.choice,
      e?.price ?? null,
      e?.referral_fee ?? null,
      e?.fba_fee ?? null,
      e?.closing_fee ?? null,
      // Fee types outside our four parts count with the DSF: a fixed amount per unit in the profit engine.
      e ? (e.digital_services_fee ?? 0) + (e.other_fees ?? 0) : null,
      e?.estimated_at ?? null,
      c.userId,
      c.at,
    ],
  );
}

/**
 * Amazon's fee estimates the user's organization chose over the fee rules, by `${asin}|${market}`: what the profit
 * engine uses for those listings (market-data/fee-rules.service.ts loadProfitTerms).
 */
export async function chosenAmazonFees(db: Db, userId: string): Promise<Map<string, AmazonFeeParts>> {
  const rows = await db.query<{
    asin: string;
    market: string;
    price: number;
    referral_fee: number;
    fba_fee: number;
    closing_fee: number;
    digital_services_fee: number;
    estimated_at: Date;
  }>(
    `select c.asin, c.market, c.price, c.referral_fee, c.fba_fee, c.closing_fee, c.digital_services_fee, c.estimated_at
       from amazon_fee_choices c join users u on u.organization_id = c.organization_id
      where u.id = $1 and c.choice = 'AMAZON' and c.price > 0`,
    [userId],
  );
  return new Map(
    rows.map((r) => [
      `${r.asin}|${r.market}`,
      {
        price: r.price,
        referralFee: r.referral_fee,
        fbaFee: r.fba_fee,
        closingFee: r.closing_fee,
        digitalServicesFee: r.digital_services_fee,
        estimatedAt: r.estimated_at.toISOString(),
      },
    ]),
  );
}

// ---- getMyFeesEstimates' rate for this seller: 0.5 calls per second, burst 1, shared by every process ----

export const FEES_RATE = 0.5;
export const FEES_BURST = 1;

/**
 * Takes one call from the seller's fee bucket (created full on first use). Answers 0 when taken, otherwise the
 * seconds to wait; undefined: the account is gone.
 */
export async function takeFeesRequest(db: Db, organizationId: string): Promise<number | undefined> {
  await db.execute(
    `insert into amazon_fee_buckets (organization_id) select organization_id from seller_accounts where organization_id = $1 on conflict do nothing`,
    [organizationId],
  );
  const row = await db.maybeOne<{ taken: boolean; tokens: number; blocked: number }>(
    `with t as (select clock_timestamp() as now),
     s as (
       select b.organization_id,
              least($2::float8, b.tokens + greatest(0, extract(epoch from (t.now - b.bucket_at))::float8) * $3::float8) as tokens,
              greatest(0, coalesce(extract(epoch from (b.blocked_until - t.now))::float8, 0)) as blocked,
              t.now
         from amazon_fee_buckets b, t where b.organization_id = $1 for update of b
     ),
     u as (
       update amazon_fee_buckets b set tokens = s.tokens - 1, bucket_at = s.now
         from s where b.organization_id = s.organization_id and s.blocked = 0 and s.tokens >= 1
       returning 1
     )
     select exists (select 1 from u) as taken, s.tokens, s.blocked from s`,
    [organizationId, FEES_BURST, FEES_RATE],
  );
  if (!row) return undefined;
  if (row.taken) return 0;
  return Math.max(row.blocked, (1 - row.tokens) / FEES_RATE, 0.01);
}

/** A 429: nobody asks Amazon's fees for this seller for `seconds`, and the bucket starts empty after it. */
export async function backOffFees(db: Db, organizationId: string, seconds: number): Promise<void> {
  await db.execute(
    `update amazon_fee_buckets set blocked_until = greatest(coalesce(blocked_until, clock_timestamp()), clock_timestamp() + make_interval(secs => $2::float8)),
       tokens = 0, bucket_at = clock_timestamp() + make_interval(secs => $2::float8)
     where organization_id = $1`,
    [organizationId, seconds],
  );
}

/** The top deals of a finished supplier scan by profit: ASIN, market, price and their breakdown (server data). */
export async function topScanDeals(
  db: Db,
  scanId: string,
  limit: number,
): Promise<Array<{ organization_id: string; asin: string; market: string; breakdown: unknown }>> {
  return db.query(
    `select u.organization_id, r.asin, r.market, r.breakdown
       from scan_results r join users u on u.id = r.user_id
      where r.scan_id = $1 and r.is_deal and r.amazon_price is not null
      order by r.estimated_profit desc nulls last, r.asin limit $2`,
    [scanId, limit],
  );
}

/** The organization of a scan when it has a connected seller account (else undefined). */
export async function connectedOrganizationOfScan(db: Db, scanId: string): Promise<{ organization_id: string } | undefined> {
  return db.maybeOne<{ organization_id: string }>(
    `select a.organization_id from scans s join users u on u.id = s.user_id
       join seller_accounts a on a.organization_id = u.organization_id and a.status = 'CONNECTED' where s.id = $1`,
    [scanId],
  );
}

/**
 * A finished brand scan's favorites with a breakdown and a buy-box price, the most profitable first. Favorites of one
 * scan may be in several markets and currencies: they are ranked by the profit in EUR (the breakdown's profit divided
 * by its EUR → market rate).
 */
export async function topBrandScanFavorites(
  db: Db,
  brandScanId: string,
  limit: number,
): Promise<Array<{ organization_id: string; asin: string; market: string; breakdown: unknown }>> {
  return db.query(
    `select u.organization_id, f.asin, f.market, f.breakdown
       from brand_favorites f join users u on u.id = f.user_id
      where f.scan_id = $1 and f.breakdown is not null and (f.breakdown->>'price')::numeric > 0
      order by (f.breakdown->>'profit')::numeric / nullif((f.breakdown->>'fxRate')::numeric, 0) desc nulls last, f.asin, f.market
      limit $2`,
    [brandScanId, limit],
  );
}

/** The organization of a brand scan when it has a connected seller account (else undefined). */
export async function connectedOrganizationOfBrandScan(db: Db, brandScanId: string): Promise<{ organization_id: string } | undefined> {
  return db.maybeOne<{ organization_id: string }>(
    `select a.organization_id from brand_scans s join users u on u.id = s.user_id
       join seller_accounts a on a.organization_id = u.organization_id and a.status = 'CONNECTED' where s.id = $1`,
    [brandScanId],
  );
}
