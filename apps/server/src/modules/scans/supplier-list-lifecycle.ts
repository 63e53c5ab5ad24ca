/**
 * A supplier list from start to end (docs/trusted-deals.md "Re-running a supplier's list"): keeping it as its supplier
 * scan completes, comparing a re-run with the run it re-ran, and the hourly cleanup once the plan's retention has passed.
 * (The routes' side — list, re-run, changes, delete — is supplier-lists.service.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PROFIT_CHANGE_THRESHOLD, diffRuns, type RunChange, type RunChangeCounts, type RunDeal } from '@dealradar/shared/rerun-diff';
import type { AppDeps } from '../../deps.ts';
import { isUuid } from '../../lib/uuid.ts';
import { matchRulesForEans } from '../market-data/match-rules.service.ts';
import { removeUpload } from './scan-files.ts';
import type { ScanRow } from './scans.repository.ts';
import * as repo from './supplier-lists.repository.ts';

/** Supplier lists live under DATA_DIR/lists/<scanId>.<ext>. */
export function listsDir(dataDir: string): string {
  return path.join(dataDir, 'lists');
}

/** A hard link (same disk: no copy); a copy where links are not possible. An existing target (a resumed run) is fine. */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code === 'ENOENT') throw error;
    await fs.promises.copyFile(from, to);
  }
}

/**
 * Called by the scan engine as a supplier scan completes (before it is marked COMPLETED): keeps its deals as they are
 * and its list (the upload hard-linked under DATA_DIR/lists), and for a re-run stores its change counts at the default
 * threshold and removes the previous run's live deals that are gone. Never throws: a list that cannot be kept leaves a
 * scan that cannot be re-run, nothing worse. Safe to repeat (a resumed run).
 */
export async function keepSupplierList(deps: AppDeps, scan: ScanRow): Promise<void> {
  if (scan.kind !== 'supplier' || !scan.upload_path) return;
  try {
    await repo.snapshotDeals(deps.db, scan.id);
    const dir = listsDir(deps.config.DATA_DIR);
    const target = path.join(dir, `${scan.id}${path.extname(scan.upload_path)}`);
    // The row first, then the file: the orphan sweep never finds a list file without its row.
    await repo.setListPath(deps.db, scan.id, target);
    try {
      await fs.promises.mkdir(dir, { recursive: true });
      await linkOrCopy(scan.upload_path, target);
    } catch (error) {
      await repo.setListPath(deps.db, scan.id, null);
      throw error;
    }
    if (scan.rerun_of) {
      const { counts, changes } = await compareRuns(deps, scan, DEFAULT_PROFIT_CHANGE_THRESHOLD);
      await repo.saveRerunChanges(deps.db, scan.id, counts);
      const gone = changes.filter((c) => c.kind === 'gone').map((c) => c.ean);
      // An all-markets run looked at every market: its gone EANs leave the list in any market.
      await repo.removeGoneDeals(deps.db, scan.user_id, scan.id, scan.all_markets ? null : scan.market, gone);
    }
  } catch (error) {
    deps.log.warn({ scanId: scan.id, err: (error as Error).message }, 'the supplier list could not be kept');
  }
}

export interface RunComparison {
  changes: RunChange[];
  counts: RunChangeCounts;
  /** Deals of the previous run whose EAN this run could not look up (not counted as gone). */
  notChecked: number;
}

/** A re-run's baseline (the previous run's deals) against its own deals, over the EANs both runs analyzed. */
export async function compareRuns(deps: AppDeps, scan: ScanRow, threshold: number): Promise<RunComparison> {
  const [rows, notLookedUp] = await Promise.all([repo.snapshotsOf(deps.db, scan.id, scan.rerun_compare_line), repo.notLookedUpEans(deps.db, scan.id)]);
  const toDeal = (r: repo.SnapshotRow): RunDeal => ({
    ean: r.ean,
    asin: r.asin,
    productName: r.product_name,
    brand: r.brand,
    estimatedProfit: r.estimated_profit,
    roiPercentage: r.roi_percentage,
  });
  const previous = rows.filter((r) => r.baseline).map(toDeal);
  const current = rows.filter((r) => !r.baseline).map(toDeal);
  const unknown = new Set(notLookedUp);
  const { changes, counts } = diffRuns(previous, current, { threshold, notChecked: unknown });
  await markWrongMatches(deps, scan, changes);
  const currentEans = new Set(current.map((d) => d.ean));
  return { changes, counts, notChecked: previous.filter((d) => unknown.has(d.ean) && !currentEans.has(d.ean)).length };
}

/**
 * A deal gone because the organization marked its listing a wrong match says so ("Gone: you marked this
 * match wrong"), not only "Gone": its EAN has a never rule for the ASIN the previous run matched.
 */
async function markWrongMatches(deps: AppDeps, scan: ScanRow, changes: RunChange[]): Promise<void> {
  const gone = changes.filter((c) => c.kind === 'gone');
  if (!gone.length) return;
  const rules = await matchRulesForEans(
    deps.db,
    scan.organization_id,
    gone.map((c) => c.ean),
  );
  for (const change of gone) if (rules.get(change.ean)?.never.has(change.asin)) change.goneReason = 'wrong-match';
}

/**
 * Hourly (scans-cleanup): lists past their plan's retention are deleted with their scan rows, and files in the lists
 * directory whose scan no longer keeps them (a deleted user's, a deleted list's) are removed.
 */
export async function cleanupSupplierLists(deps: AppDeps): Promise<{ lists: number; orphans: number }> {
  const expired = await repo.deleteExpiredLists(deps.db, deps.clock.now());
  for (const file of expired) removeUpload(file);
  // Files first, rows second: a list is recorded before its file is linked, so a file listed here has its row.
  const dir = listsDir(deps.config.DATA_DIR);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return { lists: expired.length, orphans: 0 };
  }
  const idOf = (name: string) => name.slice(0, name.length - path.extname(name).length);
  const kept = await repo.scansKeepingLists(deps.db, names.map(idOf).filter(isUuid));
  let orphans = 0;
  for (const name of names) {
    if (!isUuid(idOf(name)) || kept.has(idOf(name))) continue;
    removeUpload(path.join(dir, name));
    orphans += 1;
  }
  return { lists: expired.length, orphans };
}
