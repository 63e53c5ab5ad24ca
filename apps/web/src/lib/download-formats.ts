import type { DownloadFormat } from '@dealradar/shared/contracts/scans';

/**
 * The result downloads of both analyzers: CSV as SPEC defines it, a CSV a European spreadsheet opens right,
 * and XLSX with number cells. Every money column is in EUR (the server's result files).
 */
export const DOWNLOAD_FORMAT_OPTIONS: ReadonlyArray<{ format: DownloadFormat; label: string }> = [
  { format: 'csv', label: 'CSV' },
  { format: 'excel-csv', label: 'CSV for Excel (semicolon, decimal comma)' },
  { format: 'xlsx', label: 'XLSX' },
];

/** 'scan_results_{id}.csv' (SPEC), 'scan_results_{id}_excel.csv', 'scan_results_{id}.xlsx'. */
export function downloadFileName(base: string, format: DownloadFormat): string {
  if (format === 'xlsx') return `${base}.xlsx`;
  return format === 'excel-csv' ? `${base}_excel.csv` : `${base}.csv`;
}
