import type { Db } from '../../db/client.ts';
import type { ScanRow } from './scans.repository.ts';

/**
 * SQL of kept supplier lists and re-runs (migration 0019). A list's retention is the plan's
 * `subscription_tiers.supplier_list_retention_days` of the scan's organization today, counted from the scan's end.
 */

const PLAN_OF_SCAN = `join organizations o on o.id = s.organization_id join subscription_tiers t on t.name = o.subscription_tier`;
const KEPT_UNTIL = `s.completed_at + t.supplier_list_retention_days * interval '1 day'`;

export interface SupplierListRow extends ScanRow {
  retention_days: number;
  kept_until: Date;
}

/** The plan's retention of supplier lists, in days, for the organization (7 when unknown). */
export async function listRetentionDays(db: Db, organizationId: string): Promise<number> {
  const row = await db.maybeOne<{ days: number }>(
    `select t.supplier_list_retention_days as days from organizations o join subscription_tiers t on t.name = o.subscription_tier where o.id = $1`,
    [organizationId],
  );
  return row?.days ?? 7;
}

/**
 * A supplier scan of the organization (any member's: supplier lists are the organization's, docs/organizations.md) with its
 * plan's retention (whatever its status and age), or undefined.
 */
export async function findOrganizationSupplierScan(db: Db, id: string, organizationId: string): Promise<SupplierListRow | undefined> {
  return db.maybeOne<SupplierListRow>(
    `select s.*, t.supplier_list_retention_days as retention_days, ${KEPT_UNTIL} as kept_until
       from scans s ${PLAN_OF_SCAN}
      where s.id = $1 and s.organization_id = $2 and s.kind = 'supplier'`,
    [id, organizationId],
  );
}

/** The organization's completed supplier scans whose list is kept and within its retention at `now`, newest first. */
export async function listSupplierLists(
  db: Db,
  organizationId: string,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: SupplierListRow[]; total: number }> {
  const where = `s.organization_id = $1 and s.kind = 'supplier' and s.status = 'COMPLETED' and s.list_path is not null and ${KEPT_UNTIL} > $2`;
  const [rows, count] = await Promise.all([
    db.query<SupplierListRow>(
      `select s.*, t.supplier_list_retention_days as retention_days, ${KEPT_UNTIL} as kept_until
         from scans s ${PLAN_OF_SCAN}
        where ${where} order by s.completed_at desc, s.id limit $3 offset $4`,
      [organizationId, now, page.limit, page.offset],
    ),
    db.one<{ n: number }>(`select count(*)::int as n from scans s ${PLAN_OF_SCAN} where ${where}`, [organizationId, now]),
  ]);
  return { rows, total: count.n };
}

/** Records where the list is kept (before the file is linked there, so the orphan sweep never sees a file without its row). */
export async function setListPath(db: Db, scanId: string, listPath: string | null): Promise<void> {
  await db.execute('update scans set list_path = $2 where id = $1', [scanId, listPath]);
}

/** The run's deals as they are at its end (idempotent: a resumed keep step adds only what is missing). */
export async function snapshotDeals(db: Db, scanId: string): Promise<void> {
  await db.execute(
    `insert into scan_deal_snapshots (scan_id, baseline, ean, asin, line, product_name, brand, supplier_price, amazon_price, estimated_profit, roi_percentage)
     select scan_id, false, ean, asin, line, product_name, brand, supplier_price, amazon_price, estimated_profit, roi_percentage
       from scan_results where scan_id = $1 and is_deal
     on conflict (scan_id, baseline, ean) do nothing`,
    [scanId],
  );
}

/**
 * Links a new re-run to the run it re-runs: `rerun_of`, the previous run's analyzed range, and the previous run's deals
 * for the EANs this run analyzes (lines up to `untilLine`; null: all) as this run's baseline.
 */
export async function linkRerun(
  db: Db,
  scanId: string,
  previous: { id: string; completedAt: Date | null; analyzedUntilLine: number | null },
  untilLine: number | null,
): Promise<void> {
  await db.execute('update scans set rerun_of = $2, rerun_previous_completed_at = $3, rerun_compare_line = $4 where id = $1', [
    scanId,
    previous.id,
    previous.completedAt,
    previous.analyzedUntilLine,
  ]);
  await db.execute(
    `insert into scan_deal_snapshots (scan_id, baseline, ean, asin, line, product_name, brand, supplier_price, amazon_price, estimated_profit, roi_percentage)
     select $1, true, ean, asin, line, product_name, brand, supplier_price, amazon_price, estimated_profit, roi_percentage
       from scan_deal_snapshots where scan_id = $2 and not baseline and ($3::integer is null or coalesce(line, 0) <= $3::integer)
     on conflict (scan_id, baseline, ean) do nothing`,
    [scanId, previous.id, untilLine],
  );
}

export interface SnapshotRow {
  baseline: boolean;
  ean: string;
  asin: string;
  line: number | null;
  product_name: string | null;
  brand: string | null;
  estimated_profit: number | null;
  roi_percentage: number | null;
}

/** Both sides of a re-run: its baseline (the previous run's deals) and its own deals up to `compareLine` (null: all). */
export async function snapshotsOf(db: Db, scanId: string, compareLine: number | null): Promise<SnapshotRow[]> {
  return db.query<SnapshotRow>(
    `select baseline, ean, asin, line, product_name, brand, estimated_profit, roi_percentage from scan_deal_snapshots
      where scan_id = $1 and (baseline or $2::integer is null or coalesce(line, 0) <= $2::integer)`,
    [scanId, compareLine],
  );
}

/**
 * EANs the scan could not look up (its stored 'not_looked_up' rows, in the JSON chunks of scan_issue_chunks: `[line,
 * reason, value, …]` arrays, or objects in chunks stored before that form).
 */
export async function notLookedUpEans(db: Db, scanId: string): Promise<string[]> {
  const rows = await db.query<{ value: string }>(
    `select distinct coalesce(e.value ->> 2, e.value ->> 'value') as value
       from scan_issue_chunks c cross join lateral json_array_elements(c.issues::json) as e(value)
      where c.scan_id = $1 and coalesce(e.value ->> 1, e.value ->> 'reason') = 'not_looked_up'`,
    [scanId],
  );
  return rows.map((r) => r.value);
}

export async function saveRerunChanges(db: Db, scanId: string, counts: { new: number; gone: number; moved: number; unchanged: number }): Promise<void> {
  await db.execute('update scans set rerun_changes = $2 where id = $1', [scanId, JSON.stringify(counts)]);
}

/**
 * A re-run's deals that are gone leave the deals list: the user's older live deals for those EANs in the market (the
 * previous run's, within their 24 h) are removed, as a newer scan's deal would have replaced them.
 */
export async function removeGoneDeals(db: Db, userId: string, scanId: string, market: string | null, eans: string[]): Promise<void> {
  if (!eans.length) return;
  await db.execute(
    `delete from scan_results where user_id = $1 and kind = 'supplier' and ($3::text is null or market = $3) and scan_id <> $2 and ean = any($4::text[])`,
    [userId, scanId, market, eans],
  );
}

/** Supplier lists past their plan's retention at `now`: their scan rows are deleted; the list files to remove are returned. */
export async function deleteExpiredLists(db: Db, now: Date): Promise<string[]> {
  const rows = await db.query<{ list_path: string }>(
    `delete from scans s using organizations o, subscription_tiers t
      where o.id = s.organization_id and t.name = o.subscription_tier and s.list_path is not null and ${KEPT_UNTIL} <= $1
      returning s.list_path`,
    [now],
  );
  return rows.map((r) => r.list_path);
}

/** Of these scan ids, the ones whose row still keeps a list (the orphan sweep removes the other files). */
export async function scansKeepingLists(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: string }>(`select id::text as id from scans where id = any($1::uuid[]) and list_path is not null`, [ids]);
  return new Set(rows.map((r) => r.id));
}
