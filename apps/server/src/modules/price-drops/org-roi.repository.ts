import type { Db } from '../../db/client.ts';
import type { SalesEstimate } from '@dealradar/shared/sales-estimate';
import type { DropForRoi } from './drop-roi.ts';

/**
 * SQL of the organizations' own Best ROI of price drops (migration 0024): one row per
 * (organization, active drop) whose EAN the organization's match rules name; every other reader uses the shared
 * figure on price_drops.
 */

export interface OrgDropPair extends DropForRoi {
  organizationId: string;
}

/** The (organization, drop) pairs of the active drops detected at `detectedAt` whose EAN has match rules. */
export function pairsDetectedAt(db: Db, detectedAt: Date): Promise<OrgDropPair[]> {
  return db.query<OrgDropPair>(
    `select distinct r.organization_id as "organizationId", d.id, d.gtin, d.new_price_excl_vat as "newPriceExclVat"
       from price_drops d join match_rules r on r.ean = d.gtin
      where d.status = 'active' and d.detected_at = $1`,
    [detectedAt],
  );
}

/** The active drops of these EANs that the organization's match rules name (after a rule of those EANs changed). */
export function pairsOfOrganization(db: Db, organizationId: string, eans: string[]): Promise<OrgDropPair[]> {
  return db.query<OrgDropPair>(
    `select distinct r.organization_id as "organizationId", d.id, d.gtin, d.new_price_excl_vat as "newPriceExclVat"
       from match_rules r join price_drops d on d.gtin = r.ean and d.status = 'active'
      where r.organization_id = $1 and r.ean = any($2::text[])`,
    [organizationId, eans],
  );
}

/**
 * Replaces the rows of the drops detected at `detectedAt` (a refresh recomputed their ROI) and removes rows of drops
 * that are no longer active, in one transaction.
 */
export async function replaceRowsDetectedAt(db: Db, detectedAt: Date, rows: OrgRoiRow[], now: Date): Promise<void> {
  await db.tx(async (tx) => {
    await tx.execute(
      `delete from price_drop_org_roi o using price_drops d
        where d.id = o.drop_id and (d.status <> 'active' or d.detected_at = $1)`,
      [detectedAt],
    );
    await insertRows(tx, rows, now);
  });
}

/** Replaces the organization's rows of the active drops of these EANs (a match rule of theirs changed). */
export async function replaceRowsOfEans(db: Db, organizationId: string, eans: string[], rows: OrgRoiRow[], now: Date): Promise<void> {
  await db.tx(async (tx) => {
    await tx.execute(
      `delete from price_drop_org_roi o using price_drops d
        where o.organization_id = $1 and d.id = o.drop_id and d.gtin = any($2::text[])`,
      [organizationId, eans],
    );
    await insertRows(tx, rows, now);
  });
}

export interface OrgRoiRow {
  organizationId: string;
  dropId: number;
  bestRoi: number | null;
  bestMarket: string | null;
  /** market → ROI percent. */
  markets: Record<string, number>;
  /** market → ASIN of the listing the market's ROI was computed for. */
  asins: Record<string, string>;
  /** The sales estimate of the best market's listing and the seller's monthly profit there (EUR). */
  salesEstimate?: SalesEstimate | null;
  monthlyProfitEur?: number | null;
}

async function insertRows(db: Db, rows: OrgRoiRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    `insert into price_drop_org_roi (organization_id, drop_id, best_roi_percentage, best_roi_market, market_roi, market_asin, computed_at,
        sales_estimate, estimated_monthly_profit)
     select o, d, r, m, j::jsonb, a::jsonb, $6, e::jsonb, p
       from unnest($1::uuid[], $2::bigint[], $3::numeric[], $4::text[], $5::text[], $7::text[], $8::text[], $9::numeric[]) as x(o, d, r, m, j, a, e, p)
     on conflict (organization_id, drop_id) do update
       set best_roi_percentage = excluded.best_roi_percentage, best_roi_market = excluded.best_roi_market,
           market_roi = excluded.market_roi, market_asin = excluded.market_asin, computed_at = excluded.computed_at,
           sales_estimate = excluded.sales_estimate, estimated_monthly_profit = excluded.estimated_monthly_profit,
           version = nextval('price_drop_org_roi_version')`,
    [
      rows.map((r) => r.organizationId),
      rows.map((r) => r.dropId),
      rows.map((r) => r.bestRoi),
      rows.map((r) => r.bestMarket),
      rows.map((r) => JSON.stringify(r.markets)),
      now,
      rows.map((r) => JSON.stringify(r.asins)),
      rows.map((r) => (r.salesEstimate ? JSON.stringify(r.salesEstimate) : null)),
      rows.map((r) => r.monthlyProfitEur ?? null),
    ],
  );
}

/**
 * What the organization's answers depend on: how many rows it has and the version of the latest (null when it has
 * none: it reads the shared figures). Part of the cache key of its pages.
 */
export async function orgRoiVersion(db: Db, organizationId: string): Promise<string | null> {
  const row = await db.one<{ n: number; v: number | null }>(`select count(*)::int as n, max(version) as v from price_drop_org_roi where organization_id = $1`, [
    organizationId,
  ]);
  return row.n === 0 ? null : `${row.n}:${row.v}`;
}

export interface OrgRoiOfDrop {
  bestRoi: number | null;
  bestRoiMarket: string | null;
  salesEstimate: SalesEstimate | null;
  monthlyProfitEur: number | null;
}

/** The organization's rows of these drops. */
export async function orgRoiOf(db: Db, organizationId: string, dropIds: number[]): Promise<Map<number, OrgRoiOfDrop>> {
  const out = new Map<number, OrgRoiOfDrop>();
  if (dropIds.length === 0) return out;
  const rows = await db.query<OrgRoiOfDrop & { dropId: number }>(
    `select drop_id as "dropId", best_roi_percentage as "bestRoi", best_roi_market as "bestRoiMarket",
            sales_estimate as "salesEstimate", estimated_monthly_profit as "monthlyProfitEur"
       from price_drop_org_roi where organization_id = $1 and drop_id = any($2::bigint[])`,
    [organizationId, dropIds],
  );
  for (const row of rows)
    out.set(Number(row.dropId), {
      bestRoi: row.bestRoi === null ? null : Number(row.bestRoi),
      bestRoiMarket: row.bestRoiMarket,
      salesEstimate: row.salesEstimate,
      monthlyProfitEur: row.monthlyProfitEur === null ? null : Number(row.monthlyProfitEur),
    });
  return out;
}

/** The EAN of one of the organization's match rules (read before it is deleted: its drops' ROI is computed again). */
export async function eanOfMatchRule(db: Db, organizationId: string, id: string): Promise<string | undefined> {
  return (await db.maybeOne<{ ean: string }>('select ean from match_rules where id = $1 and organization_id = $2', [id, organizationId]))?.ean;
}
