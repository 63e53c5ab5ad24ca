import type { RowIssue } from '@dealradar/shared/contracts/scans';
import type { Db } from '../../db/client.ts';

/** A scan's unusable rows (scan_issue_chunks), for its report download. */

/** Unusable rows per stored chunk (scan_issue_chunks: one JSON text each). */
export const ISSUE_CHUNK = 1000;

/**
 * Stores unusable rows as one chunk (JSON text). `chunk` names it within the scan: storing the same chunk again (a
 * resumed run) adds nothing.
 */
export async function insertIssueChunk(db: Db, scanId: string, chunk: string, issues: RowIssue[]): Promise<void> {
  if (!issues.length) return;
  await db.execute(`insert into scan_issue_chunks (scan_id, chunk, issues) values ($1, $2, $3) on conflict (scan_id, chunk) do nothing`, [
    scanId,
    chunk,
    JSON.stringify(issues.map(({ line, reason, value, message }) => ({ line, reason, value, message }))),
  ]);
}

/** Records that the parse's issues are stored (a resumed run does not store them again). */
export async function markIssuesStored(db: Db, scanId: string, count: number): Promise<void> {
  await db.execute('update scans set issues_stored = $2 where id = $1', [scanId, count]);
}

/**
 * Every stored unusable row of a scan (at most STORED_ISSUES_LIMIT), each (line, reason) once — a run resumed after a
 * restart may have stored a batch's rows twice under another chunk name — in line order.
 */
export async function storedIssues(db: Db, scanId: string): Promise<RowIssue[]> {
  const rows = await db.query<{ issues: string }>('select issues from scan_issue_chunks where scan_id = $1 order by chunk', [scanId]);
  const seen = new Set<string>();
  const out: RowIssue[] = [];
  for (const row of rows) {
    for (const issue of JSON.parse(row.issues) as RowIssue[]) {
      const key = `${issue.line}|${issue.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(issue);
    }
  }
  return out.sort((a, b) => a.line - b.line || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}
