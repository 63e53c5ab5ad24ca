import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { SupplierList, SupplierLists, RerunResponse, RunChanges, RunChangesQuery } from '@dealradar/shared/contracts/supplier-lists';
import { ALL_MARKETS } from '@dealradar/shared/best-market';
import type { RunChange, RunChangeKind } from '@dealradar/shared/rerun-diff';
import type { AppDeps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { getEntitlements } from '../plans/entitlements.ts';
import { csvCell } from './result-files.ts';
import { compareRuns, linkOrCopy } from './supplier-list-lifecycle.ts';
import { removeUpload, scanColumns, uploadsDir } from './scan-files.ts';
import { SCAN_NOT_FOUND } from './scans.service.ts';
import { startScanOfReceived } from '../uploads/uploads.service.ts';
import * as repo from './supplier-lists.repository.ts';

/**
 * Kept supplier lists and re-runs (docs/trusted-deals.md "Re-running a supplier's list").
 * - A completed supplier scan keeps its list: the uploaded file (or the manual entry's small CSV), hard-linked to
 *   DATA_DIR/lists/<scanId>.<ext> when the scan completes (no copy, no parse), plus its deals as they were then
 *   (scan_deal_snapshots). Kept for the plan's retention, counted from the scan's end with the plan of today.
 * - A re-run is a new scan of that file with the same mapping, market (or all markets) and minimum ROI, through the same start path
 *   (parse, EAN allowance, the durable `scans-run` job); it remembers the scan it re-ran and copies that run's deals as
 *   its baseline. When it completes, its own deals are snapshotted and compared with the baseline (shared rerun-diff).
 */

export const LIST_NOT_KEPT = 'The list of this scan was not kept, so it cannot be re-run. Please upload the file again.';
export const NOT_A_RERUN = 'This scan is not a re-run of a kept list, so there are no changes to show.';
export const NOT_COMPLETED = 'Scan is not completed yet';

export function listExpiredMessage(days: number, completedAt: Date): string {
  return `Your plan keeps supplier lists for ${days} days after their scan; this list's scan finished on ${completedAt.toISOString().slice(0, 10)}, so its list is no longer kept. Please upload the file again, or upgrade to keep lists longer.`;
}

/** A supplier scan of the caller's organization: its members share the supplier lists, their re-runs and changes. */
async function organizationSupplierScan(deps: Pick<AppDeps, 'db'>, user: CurrentUser, id: string): Promise<repo.SupplierListRow> {
  if (!isUuid(id)) throw notFound(SCAN_NOT_FOUND);
  const scan = await repo.findOrganizationSupplierScan(deps.db, id, user.organizationId);
  if (!scan) throw notFound(SCAN_NOT_FOUND);
  return scan;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSupplierList(row: repo.SupplierListRow): SupplierList {
  return {
    scanId: row.id,
    fileName: row.file_name,
    source: row.source,
    market: row.market,
    allMarkets: row.all_markets,
    completedAt: row.completed_at!.toISOString(),
    keptUntil: row.kept_until.toISOString(),
    totalEans: row.total_eans,
    analyzedEans: row.allowed_eans ?? row.total_eans,
    dealsFound: row.deals_found,
    rerunOf: row.rerun_of,
    previousRunAt: iso(row.rerun_previous_completed_at),
    changes: row.rerun_of ? (row.rerun_changes ?? { new: 0, gone: 0, moved: 0, unchanged: 0 }) : null,
  };
}

/** GET /supplier-analyzer/lists */
export async function listSupplierLists(deps: Pick<AppDeps, 'clock' | 'db'>, user: CurrentUser, query: { page: number; size: number }): Promise<SupplierLists> {
  const [retentionDays, { rows, total }] = await Promise.all([
    repo.listRetentionDays(deps.db, user.organizationId),
    repo.listSupplierLists(deps.db, user.organizationId, deps.clock.now(), { limit: query.size, offset: query.page * query.size }),
  ]);
  return { retentionDays, content: rows.map(toSupplierList), totalElements: total, totalPages: Math.ceil(total / query.size) };
}

/**
 * POST /supplier-analyzer/lists/{id}/rerun: a new scan of the supplier list with its mapping, market and minimum ROI (on a
 * plan with a fixed minimum ROI, the plan's value today). It takes EAN uploads like any scan (403 when none are left).
 */
export async function rerunList(deps: AppDeps, user: CurrentUser, id: string): Promise<RerunResponse> {
  const previous = await organizationSupplierScan(deps, user, id);
  const now = deps.clock.now();
  if (previous.status === 'PENDING' || previous.status === 'PROCESSING') throw conflict(NOT_COMPLETED);
  if (previous.status === 'COMPLETED' && previous.completed_at && previous.kept_until <= now) {
    throw forbidden(listExpiredMessage(previous.retention_days, previous.completed_at));
  }
  if (previous.status !== 'COMPLETED' || !previous.list_path) throw conflict(LIST_NOT_KEPT);

  // A supplier list is an upload that was kept: linked back as a new upload of the user's, scanned at once.
  const uploadId = crypto.randomUUID();
  const dir = uploadsDir(deps.config.DATA_DIR);
  const uploadPath = path.join(dir, `${uploadId}${path.extname(previous.list_path)}`);
  try {
    await fs.promises.mkdir(dir, { recursive: true });
    await linkOrCopy(previous.list_path, uploadPath);
  } catch {
    throw conflict(LIST_NOT_KEPT);
  }
  const ent = await getEntitlements(deps.db, user.organizationId, now);
  const minRoi = ent.amazonListingFilterType === 'adjustable' && previous.min_roi !== null ? previous.min_roi : undefined;
  const received = { id: uploadId, path: uploadPath, fileName: previous.file_name, bytes: previous.upload_bytes, fields: {} };
  const started = await startScanOfReceived(deps, user, received, previous.source, {
    kind: 'supplier',
    // An all-markets list is re-run in all markets (the plan must still include them: 403 otherwise).
    market: previous.all_markets ? ALL_MARKETS : previous.market,
    columns: scanColumns(previous),
    minRoi,
    afterInsert: (tx, scan) =>
      repo.linkRerun(
        tx,
        scan.id,
        { id: previous.id, completedAt: previous.completed_at, analyzedUntilLine: previous.analyzed_until_line },
        scan.analyzed_until_line,
      ),
  });
  return { scanId: started.scan.id, allowedEans: started.allowedEans, totalEans: started.totalEans, status: started.scan.status, rerunOf: previous.id };
}

async function completedRerun(deps: Pick<AppDeps, 'db'>, user: CurrentUser, id: string): Promise<repo.SupplierListRow> {
  const scan = await organizationSupplierScan(deps, user, id);
  if (!scan.rerun_of) throw conflict(NOT_A_RERUN);
  if (scan.status !== 'COMPLETED') throw conflict(NOT_COMPLETED);
  return scan;
}

const onlyKind = (changes: RunChange[], kind: RunChangeKind | undefined) => (kind ? changes.filter((c) => c.kind === kind) : changes);

/** GET /supplier-analyzer/lists/{id}/changes */
export async function runChanges(deps: AppDeps, user: CurrentUser, id: string, query: RunChangesQuery): Promise<RunChanges> {
  const scan = await completedRerun(deps, user, id);
  const { counts, changes, notChecked } = await compareRuns(deps, scan, query.threshold);
  const shown = onlyKind(changes, query.change);
  const start = query.page * query.size;
  return {
    scanId: scan.id,
    rerunOf: scan.rerun_of,
    previousRunAt: iso(scan.rerun_previous_completed_at),
    completedAt: scan.completed_at!.toISOString(),
    threshold: query.threshold,
    counts,
    notChecked,
    content: shown.slice(start, start + query.size),
    totalElements: shown.length,
    totalPages: Math.ceil(shown.length / query.size),
  };
}

export const CHANGE_COLUMNS = [
  'change',
  'ean',
  'asin',
  'productName',
  'brand',
  'previousProfit',
  'currentProfit',
  'profitChange',
  'previousRoiPercentage',
  'currentRoiPercentage',
] as const;

/** GET /supplier-analyzer/lists/{id}/changes/download: the changes as CSV (UTF-8 with BOM, EUR, the screen's order). */
export async function runChangesCsv(deps: AppDeps, user: CurrentUser, id: string, query: { threshold: number; change?: RunChangeKind }): Promise<Readable> {
  const scan = await completedRerun(deps, user, id);
  const { changes } = await compareRuns(deps, scan, query.threshold);
  const rows = onlyKind(changes, query.change).map((c) =>
    [c.kind, c.ean, c.asin, c.productName, c.brand, c.previousProfit, c.currentProfit, c.profitChange, c.previousRoi, c.currentRoi]
      .map((value) => csvCell(value))
      .join(','),
  );
  return Readable.from([`\uFEFF${CHANGE_COLUMNS.join(',')}\r\n`, ...rows.map((r) => `${r}\r\n`)]);
}

/** DELETE /supplier-analyzer/lists/{id}: the list file is removed now; the scan row goes with the usual 24 h cleanup. */
export async function deleteSupplierList(deps: Pick<AppDeps, 'db'>, user: CurrentUser, id: string): Promise<void> {
  const scan = await organizationSupplierScan(deps, user, id);
  if (!scan.list_path) return;
  await repo.setListPath(deps.db, scan.id, null);
  removeUpload(scan.list_path);
}
