import type { RowIssue, ScanReport } from '@dealradar/shared/contracts/scans';
import { ISSUE_SAMPLE_LIMIT, eanFromKey, type ParsedSupplierFile } from './supplier-file.ts';

/** The report of a scan: the parser's findings, the EANs over the plan's allowance, and the look-up outcome so far. */
export function buildReport(
  parsed: ParsedSupplierFile,
  allowed: number,
  progress: { matched: number; deals: number; notLookedUp: RowIssue[]; notLookedUpCount: number },
): ScanReport {
  const issueCounts: Record<string, number> = { ...parsed.issueCounts } as Record<string, number>;
  const samples = [...parsed.issueSamples];
  const over = parsed.eans.length - allowed;
  if (over > 0) {
    issueCounts.over_plan_limit = over;
    for (let i = allowed; i < parsed.eans.length && samples.length < ISSUE_SAMPLE_LIMIT; i += 1) {
      samples.push({ line: parsed.lines[i]!, reason: 'over_plan_limit', value: eanFromKey(parsed.eans[i]!), message: `Not analyzed: your plan allowed ${allowed} EANs in this run.` });
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
  };
}

export function emptyReport(): ScanReport {
  return { rowsRead: 0, validEans: 0, duplicateRows: 0, invalidRows: 0, issueCounts: {}, issueSamples: [], matchedProducts: 0, dealsFound: 0 };
}
