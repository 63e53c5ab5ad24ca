import type { Db } from '../../db/client.ts';
import { leaseGoneSql } from '../../db/process-lease.ts';

/** SQL of brand scans: the scan row is the durable record of its run (jobs/durable-run.ts); pg-boss only carries "run this id". */

export interface BrandScanRow {
  id: string;
  user_id: string;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'ERROR';
  brands: string[];
  markets: string[];
  processed_brands: number;
  processed_markets: number;
  current_brand: string | null;
  current_market: string | null;
  min_roi: number;
  error: string | null;
  run_id: string | null;
  attempts: number;
  job_id: string | null;
  heartbeat_at: Date | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  favorites_found: number;
}

const SCAN_COLUMNS = `s.id, s.user_id, s.status, s.brands, s.markets, s.processed_brands, s.processed_markets, s.current_brand,
  s.current_market, s.min_roi, s.error, s.run_id, s.attempts, s.job_id, s.heartbeat_at, s.created_at, s.updated_at, s.finished_at,
  (select count(*)::int from brand_favorites f where f.scan_id = s.id) as favorites_found`;

const UNIQUE_VIOLATION = '23505';

/** Inserts a PENDING scan; null when the user already has an unfinished one (partial unique index). */
export async function insertScan(db: Db, scan: { userId: string; brands: string[]; markets: string[]; minRoi: number; now: Date }): Promise<string | null> {
  try {
    const row = await db.one<{ id: string }>(
      `insert into brand_scans (user_id, brands, markets, min_roi, created_at, updated_at)
       values ($1, $2::text[], $3::text[], $4, $5, $5) returning id`,
      [scan.userId, scan.brands, scan.markets, scan.minRoi, scan.now],
    );
    return row.id;
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
    throw error;
  }
}

export function findScanOfUser(db: Db, id: string, userId: string): Promise<BrandScanRow | undefined> {
  return db.maybeOne<BrandScanRow>(`select ${SCAN_COLUMNS} from brand_scans s where s.id = $1 and s.user_id = $2`, [id, userId]);
}

export function findScan(db: Db, id: string): Promise<BrandScanRow | undefined> {
  return db.maybeOne<BrandScanRow>(`select ${SCAN_COLUMNS} from brand_scans s where s.id = $1`, [id]);
}

export function findActiveScanOfUser(db: Db, userId: string): Promise<BrandScanRow | undefined> {
  return db.maybeOne<BrandScanRow>(
    `select ${SCAN_COLUMNS} from brand_scans s where s.user_id = $1 and s.status in ('PENDING', 'PROCESSING') order by s.created_at desc limit 1`,
    [userId],
  );
}

export async function setScanJob(db: Db, id: string, jobId: string | null): Promise<void> {
  await db.execute('update brand_scans set job_id = $2 where id = $1', [id, jobId]);
}

/**
 * A PROCESSING scan's owner is gone: the run released it (a failed attempt waiting for its retry), it has been silent
 * since `staleBefore`, or (PostgreSQL) the process lease it names is released.
 */
const claimable = (staleBefore: string) => `(s.run_id is null or ${ownerGone(staleBefore)})`;
const ownerGone = (staleBefore: string) => `(s.heartbeat_at is null or s.heartbeat_at < ${staleBefore} or ${leaseGoneSql('s.owner_lease')})`;

/**
 * Makes `runId` (of the process holding `lease`) the owner of a PENDING scan, or of a PROCESSING one whose owner is
 * gone, and counts the attempt; undefined when another run holds it, or it is gone or finished.
 */
export function claimScan(
  db: Db,
  id: string,
  runId: string,
  now: Date,
  heartbeat: Date,
  staleBefore: Date,
  lease: number | null,
): Promise<BrandScanRow | undefined> {
  return db.maybeOne<BrandScanRow>(
    `update brand_scans s set status = 'PROCESSING', run_id = $2, attempts = s.attempts + 1, heartbeat_at = $4, updated_at = $3, owner_lease = $6
      where s.id = $1 and (s.status = 'PENDING' or (s.status = 'PROCESSING' and ${claimable('$5')}))
      returning ${SCAN_COLUMNS}`,
    [id, runId, now, heartbeat, staleBefore, lease],
  );
}

export async function touchHeartbeat(db: Db, id: string, runId: string, heartbeat: Date): Promise<void> {
  await db.execute(`update brand_scans set heartbeat_at = $3 where id = $1 and run_id = $2 and status = 'PROCESSING'`, [id, runId, heartbeat]);
}

/**
 * The run gives its scan back because its process is shutting down (SIGTERM): PENDING again, resumed from its cursor
 * by the next worker; the attempt does not count. False when the run no longer owned it.
 */
export async function handBackScan(db: Db, id: string, runId: string, now: Date): Promise<boolean> {
  const count = await db.execute(
    `update brand_scans set status = 'PENDING', run_id = null, owner_lease = null, attempts = greatest(attempts - 1, 0), updated_at = $3
      where id = $1 and run_id = $2 and status = 'PROCESSING'`,
    [id, runId, now],
  );
  return count > 0;
}

/**
 * A failed attempt with attempts left: the run gives up the scan, which stays PROCESSING (the user sees it go on, as
 * it does) with its cursor, for the retry's claim. False when the run no longer owned it.
 */
export async function releaseScan(db: Db, id: string, runId: string): Promise<boolean> {
  const count = await db.execute(`update brand_scans set run_id = null, owner_lease = null where id = $1 and run_id = $2 and status = 'PROCESSING'`, [
    id,
    runId,
  ]);
  return count > 0;
}

/** PROCESSING scans whose owner is gone (every PROCESSING scan when `staleBefore` is null: the embedded database at start). */
export function findOrphanedScans(db: Db, staleBefore: Date | null): Promise<BrandScanRow[]> {
  return db.query<BrandScanRow>(
    `select ${SCAN_COLUMNS} from brand_scans s where s.status = 'PROCESSING' and ($1::timestamptz is null or ${ownerGone('$1')}) order by s.created_at`,
    [staleBefore],
  );
}

/** An orphaned scan back to PENDING, for the next claim (its cursor stays). */
export async function requeueScan(db: Db, id: string, now: Date): Promise<boolean> {
  const count = await db.execute(
    `update brand_scans set status = 'PENDING', run_id = null, owner_lease = null, updated_at = $2 where id = $1 and status = 'PROCESSING'`,
    [id, now],
  );
  return count > 0;
}

/** PENDING scans, oldest first (their jobs are sent again by a sweep). */
export function findPendingScans(db: Db): Promise<Array<{ id: string }>> {
  return db.query(`select id from brand_scans where status = 'PENDING' order by created_at`);
}

export interface ScanProgress {
  processedBrands: number;
  processedMarkets: number;
  currentBrand: string | null;
  currentMarket: string | null;
}

/** Writes progress (the cursor) and the heartbeat; false when this run no longer owns the scan. */
export async function updateProgress(db: Db, id: string, runId: string, progress: ScanProgress, now: Date, heartbeat: Date): Promise<boolean> {
  const count = await db.execute(
    `update brand_scans set processed_brands = $3, processed_markets = $4, current_brand = $5, current_market = $6,
            heartbeat_at = $8, updated_at = $7
      where id = $1 and run_id = $2 and status = 'PROCESSING'`,
    [id, runId, progress.processedBrands, progress.processedMarkets, progress.currentBrand, progress.currentMarket, now, heartbeat],
  );
  return count > 0;
}

export async function completeScan(db: Db, id: string, runId: string, now: Date): Promise<boolean> {
  const count = await db.execute(
    `update brand_scans set status = 'COMPLETED', processed_brands = cardinality(brands), processed_markets = cardinality(markets),
            heartbeat_at = $3, updated_at = $3, finished_at = $3
      where id = $1 and run_id = $2 and status = 'PROCESSING'`,
    [id, runId, now],
  );
  return count > 0;
}

/** Ends an unfinished scan as ERROR with a sentence for the user (runId null: whoever owns it). */
export async function failScan(db: Db, id: string, runId: string | null, message: string, now: Date): Promise<boolean> {
  const count = await db.execute(
    `update brand_scans set status = 'ERROR', error = $3, heartbeat_at = $4, updated_at = $4, finished_at = $4
      where id = $1 and status in ('PENDING', 'PROCESSING') and ($2::uuid is null or run_id = $2::uuid)`,
    [id, runId, message, now],
  );
  return count > 0;
}
