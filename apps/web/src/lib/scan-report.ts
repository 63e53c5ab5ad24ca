import type { ScanReport } from '@dealradar/shared/contracts/scans';
import { formatCount } from './format.ts';

/**
 * The wording of a scan's report (one wording on the Supplier Level Analyzer and the CSV Template Analyzer):
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

/**
 * Rows of the file that are not in the results: unusable and duplicate rows, the EANs over the plan's allowance and
 * those without Amazon data — every reason the summary below the tiles names, so the tile and the summary agree
 * ('Rows not used 0' stood above 'Over the plan limit 99').
 */
export function rowsNotUsed(report: ScanReport): number {
  return report.invalidRows + report.duplicateRows + overPlanLimit(report) + (report.issueCounts.not_looked_up ?? 0);
}

/** Valid EANs left out because the plan's allowance for the month was smaller than the file. */
export function overPlanLimit(report: ScanReport): number {
  return report.issueCounts.over_plan_limit ?? 0;
}

/** EANs the scan analyzed: the valid ones within the plan's allowance. */
export function eansAnalyzed(report: ScanReport): number {
  return Math.max(0, report.validEans - overPlanLimit(report));
}

/** 'Rows not used: Invalid EAN 2 · No brand 1' (reasons in one fixed order), or null when every row was used. */
export function issueSummary(report: ScanReport): string | null {
  const known = Object.keys(REASON_LABELS);
  const rank = (reason: string) => (known.includes(reason) ? known.indexOf(reason) : known.length);
  const parts = Object.entries(report.issueCounts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([reason, n]) => `${REASON_LABELS[reason] ?? reason} ${formatCount(n)}`);
  return parts.length ? `Rows not used: ${parts.join(' · ')}` : null;
}

/**
 * 'Sheet “Prices”: header on line 3; 2 lines skipped that are not products (titles, blank lines, totals or notes).'
 * The sheet is named only with where its header was or what was skipped in it: alone it was a stray 'sheet Price
 * list.' line under every XLSX scan (the user chose the sheet in the dialog).
 */
export function layoutSummary(report: ScanReport): string | null {
  const parts: string[] = [];
  if (report.headerLine && report.headerLine > 1) parts.push(`header on line ${report.headerLine}`);
  const skipped = report.skippedLineCount ?? report.skippedLines?.length ?? 0;
  if (skipped > 0)
    parts.push(
      `${formatCount(skipped)} ${skipped === 1 ? 'line skipped that is not a product' : 'lines skipped that are not products'} (titles, blank lines, totals or notes)`,
    );
  if (!parts.length) return null;
  const text = `${parts.join('; ')}.`;
  return report.sheet ? `Sheet “${report.sheet}”: ${text}` : `${text[0]!.toUpperCase()}${text.slice(1)}`;
}
