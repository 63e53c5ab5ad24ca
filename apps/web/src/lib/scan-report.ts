import type { ScanReport } from '@dealradar/shared/contracts/scans';

/**
 * The wording of a scan's report (issue 11: one wording on the Supplier Level Analyzer and the CSV Template Analyzer):
 * which rows of the file were not used and why. Pure, tested in scan-report.test.ts.
 */
export const REASON_LABELS: Record<string, string> = {
  missing_ean: 'No EAN',
  invalid_ean: 'Invalid EAN',
  internal_code: 'Internal code, not a product barcode',
  missing_brand: 'No brand',
  invalid_price: 'Invalid price',
  invalid_units: 'Invalid units per price',
  duplicate_ean: 'Duplicate EAN',
  over_plan_limit: 'Over the plan limit',
  not_looked_up: 'Amazon data unavailable',
};

export const REPORT_DOWNLOAD_LABEL = 'Download the rows not used (CSV)';

/** Rows of the file that are not in the results (unusable and duplicate rows). */
export function rowsNotUsed(report: ScanReport): number {
  return report.invalidRows + report.duplicateRows;
}

/** 'Rows not used: Invalid EAN 2 · No brand 1' (reasons in one fixed order), or null when every row was used. */
export function issueSummary(report: ScanReport): string | null {
  const known = Object.keys(REASON_LABELS);
  const rank = (reason: string) => (known.includes(reason) ? known.indexOf(reason) : known.length);
  const parts = Object.entries(report.issueCounts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([reason, n]) => `${REASON_LABELS[reason] ?? reason} ${n.toLocaleString('en-US')}`);
  return parts.length ? `Rows not used: ${parts.join(' · ')}` : null;
}

/** 'Header on line 3 (sheet Prices); 2 lines skipped that are not products (titles, blank lines, totals or notes).' */
export function layoutSummary(report: ScanReport): string | null {
  const parts: string[] = [];
  if (report.headerLine && report.headerLine > 1) parts.push(`Header on line ${report.headerLine}`);
  if (report.sheet) parts.push(`sheet ${report.sheet}`);
  const skipped = report.skippedLineCount ?? report.skippedLines?.length ?? 0;
  if (skipped > 0)
    parts.push(`${skipped.toLocaleString('en-US')} ${skipped === 1 ? 'line' : 'lines'} skipped that are not products (titles, blank lines, totals or notes)`);
  return parts.length ? `${parts.join('; ')}.` : null;
}
