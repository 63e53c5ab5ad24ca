import type { RowIssue, RowIssueReason } from '@dealradar/shared/contracts/scans';
import type { Db } from '../../db/client.ts';
import { toRowIssue, type ParsedIssue } from './supplier-file.ts';

/** A scan's unusable rows (scan_issue_chunks), for its report download. */

/** Unusable rows per stored chunk (scan_issue_chunks: one JSON text each). */
export const ISSUE_CHUNK = 1000;

/**
 * A stored unusable row: `[line, reason, value]`, plus its sentence only where it is not the parse's own sentence for
 * that reason and value (issueMessage). Chunks stored before this form hold `{ line, reason, value, message }`
 * objects; both are read.
 */
type StoredIssue = [line: number, reason: RowIssueReason, value: string, message?: string];

/**
 * Stores unusable rows as one chunk (JSON text). `chunk` names it within the scan: storing the same chunk again (a
 * resumed run) adds nothing. Rows whose sentence the parse makes from their reason and value are stored without it:
 * the sentence is most of a row's text.
 */
export async function insertIssueChunk(db: Db, scanId: string, chunk: string, issues: ParsedIssue[]): Promise<void> {
  if (!issues.length) return;
  const stored = issues.map(({ line, reason, value, message }): StoredIssue =>
    message === undefined ? [line, reason, value] : [line, reason, value, message],
  );
  await db.execute(`insert into scan_issue_chunks (scan_id, chunk, issues) values ($1, $2, $3) on conflict (scan_id, chunk) do nothing`, [
    scanId,
    chunk,
    JSON.stringify(stored),
  ]);
}

function readIssue(entry: StoredIssue | RowIssue): RowIssue {
  if (!Array.isArray(entry)) return entry;
  const [line, reason, value, message] = entry;
  return toRowIssue({ line, reason, value, message });
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
    for (const entry of JSON.parse(row.issues) as Array<StoredIssue | RowIssue>) {
      const issue = readIssue(entry);
      const key = `${issue.line}|${issue.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(issue);
    }
  }
  return out.sort((a, b) => a.line - b.line || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}
