import { SKIPPED_LINES_LIMIT, type RowIssue, type ScanReport } from '@dealradar/shared/contracts/scans';
import { overPlanLimitIssue } from './scan-issues.ts';
import { ISSUE_SAMPLE_LIMIT, type ParsedSupplierFile } from './supplier-file.ts';

/** The report of a scan: the parser's findings, the EANs over the plan's allowance, and the look-up outcome so far. */
export function buildReport(
  parsed: ParsedSupplierFile,
  allowed: number,
  progress: { matched: number; deals: number; notLookedUp: RowIssue[]; notLookedUpCount: number; issuesStored?: number },
): ScanReport {
  const issueCounts: Record<string, number> = { ...parsed.issueCounts } as Record<string, number>;
  const samples = [...parsed.issueSamples];
  const over = parsed.eans.length - allowed;
  if (over > 0) {
    issueCounts.over_plan_limit = over;
    for (let i = allowed; i < parsed.eans.length && samples.length < ISSUE_SAMPLE_LIMIT; i += 1) {
      samples.push(overPlanLimitIssue(parsed, i, allowed));
    }
  }
  if (progress.notLookedUpCount > 0) issueCounts.not_looked_up = progress.notLookedUpCount;
  for (const issue of progress.notLookedUp) if (samples.length < ISSUE_SAMPLE_LIMIT) samples.push(issue);
  return {
    rowsRead: parsed.rowsRead,
    validEans: parsed.eans.length,
    duplicateRows: parsed.duplicateRows,
    invalidRows: parsed.invalidRows,
    issueCounts,
    issueSamples: samples,
    matchedProducts: progress.matched,
    dealsFound: progress.deals,
    fileFormat: parsed.fileFormat,
    sheet: parsed.sheet,
    headerLine: parsed.headerLine,
    skippedLines: parsed.skippedLines.slice(0, SKIPPED_LINES_LIMIT),
    skippedLineCount: parsed.skippedLines.length,
    issuesStored: progress.issuesStored ?? 0,
  };
}

/** Defaults for the fields an older stored report does not have (file format, sheet, header line, skipped lines). */
const REPORT_DEFAULTS = { fileFormat: 'csv', sheet: null, headerLine: 1, skippedLines: [], skippedLineCount: 0, issuesStored: 0 } as const;

export function emptyReport(): ScanReport {
  return {
    rowsRead: 0,
    validEans: 0,
    duplicateRows: 0,
    invalidRows: 0,
    issueCounts: {},
    issueSamples: [],
    matchedProducts: 0,
    dealsFound: 0,
    ...REPORT_DEFAULTS,
    skippedLines: [],
  };
}

/** A stored report with every field of the current contract. */
export function completeReport(stored: Partial<ScanReport> | null): ScanReport {
  return { ...emptyReport(), ...(stored ?? {}) };
}
