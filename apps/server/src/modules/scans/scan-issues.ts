import { Readable } from 'node:stream';
import { REPORT_COLUMNS, STORED_ISSUES_LIMIT, type RowIssue } from '@dealradar/shared/contracts/scans';
import type { AppDeps } from '../../deps.ts';
import { csvCell } from './result-files.ts';
import * as issueRepo from './scan-issues.repository.ts';
import { eanFromKey, type ParsedIssue, type ParsedSupplierFile } from './supplier-file.ts';

/**
 * The scan report that survives: every unusable row of the file (line, reason, value, sentence) is stored with the
 * scan in scan_issue_chunks (JSON text, ISSUE_CHUNK rows per chunk), up to STORED_ISSUES_LIMIT rows per scan (the
 * counts in the report are always exact), and can be downloaded as CSV. Stored once per scan: a run resumed after a
 * restart finds issues_stored set and adds nothing (and a chunk's key would refuse it anyway).
 */

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function overPlanLimitIssue(parsed: ParsedSupplierFile, index: number, allowed: number): RowIssue {
  return {
    line: parsed.lines[index]!,
    reason: 'over_plan_limit',
    value: eanFromKey(parsed.eans[index]!),
    message: `Not analyzed: your plan allowed ${allowed} EANs in this run.`,
  };
}

/** The unusable rows the parse found plus the EANs over the plan's allowance, in slices with a yield between. */
export async function storeParseIssues(deps: AppDeps, scanId: string, parsed: ParsedSupplierFile, allowed: number): Promise<number> {
  const fromFile = Math.min(parsed.issues.length, STORED_ISSUES_LIMIT);
  const overLimit = Math.max(0, Math.min(parsed.eans.length - allowed, STORED_ISSUES_LIMIT - fromFile));
  const total = fromFile + overLimit;
  // The parse's rows are stored as the parse keeps them (their sentences are made when the report is read).
  const at = (i: number): ParsedIssue => (i < fromFile ? parsed.issues[i]! : overPlanLimitIssue(parsed, allowed + i - fromFile, allowed));
  for (let i = 0; i < total; i += issueRepo.ISSUE_CHUNK) {
    const slice: ParsedIssue[] = [];
    for (let k = i; k < Math.min(total, i + issueRepo.ISSUE_CHUNK); k += 1) slice.push(at(k));
    await issueRepo.insertIssueChunk(deps.db, scanId, `file-${String(i / issueRepo.ISSUE_CHUNK).padStart(4, '0')}`, slice);
    await yieldToEventLoop();
  }
  await issueRepo.markIssuesStored(deps.db, scanId, total);
  return total;
}

/** The stored unusable rows as CSV (UTF-8 with BOM, line order), streamed 2,000 lines at a time. */
export function reportCsvStream(deps: AppDeps, scanId: string): Readable {
  async function* lines() {
    yield `\uFEFF${REPORT_COLUMNS.join(',')}\r\n`;
    const issues = await issueRepo.storedIssues(deps.db, scanId);
    for (let i = 0; i < issues.length; i += 2000) {
      yield issues
        .slice(i, i + 2000)
        .map((issue) => `${REPORT_COLUMNS.map((c) => csvCell(issue[c])).join(',')}\r\n`)
        .join('');
    }
  }
  return Readable.from(lines());
}
