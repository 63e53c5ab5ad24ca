import type { ScanReport, ScanStatus } from '@dealradar/shared/contracts/scans';
import type { MarketId } from '@dealradar/shared/markets';
import type { PriceTerms } from '@dealradar/shared/price-terms';
import type { Db } from '../../db/client.ts';
import { leaseGoneSql } from '../../db/process-lease.ts';

/** The scans table: a supplier or CSV Template scan, its mapping, its durable run's state and its progress. */

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

/** A supplier or CSV Template scan that ended, as other modules see it (the scan-finished e-mail). */
export interface EndedScan {
  id: string;
  userId: string;
  kind: 'supplier' | 'csv_template';
  status: 'COMPLETED' | 'ERROR';
  fileName: string;
  error: string | null;
  totalEans: number;
  processedEans: number;
  matchedProducts: number;
  dealsFound: number;
}

/** Scans that ended (COMPLETED or ERROR) after `since` and ran at least `minSeconds`. */
export function listScansEndedSince(db: Db, since: Date, minSeconds: number): Promise<EndedScan[]> {
  return db.query<EndedScan>(
    `select s.id::text as id, s.user_id as "userId", s.kind, s.status, s.file_name as "fileName", s.error,
            s.total_eans as "totalEans", s.processed_eans as "processedEans", s.matched_products as "matchedProducts",
            s.deals_found as "dealsFound"
       from scans s
      where s.status in ('COMPLETED', 'ERROR') and s.completed_at > $1
        and s.completed_at - coalesce(s.started_at, s.created_at) >= make_interval(secs => $2)`,
    [since, minSeconds],
  );
}
