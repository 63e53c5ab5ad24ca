import { describe, expect, it } from 'vitest';
import { DOWNLOAD_FORMAT_OPTIONS, downloadFileName } from './download-formats.ts';

describe('result download formats', () => {
  it('offers CSV, CSV for Excel and XLSX', () => {
    expect(DOWNLOAD_FORMAT_OPTIONS.map((o) => o.label)).toEqual(['CSV', 'CSV for Excel (semicolon, decimal comma)', 'XLSX']);
  });
  it('keeps SPEC’s name for the CSV and names the others apart', () => {
    expect(downloadFileName('scan_results_7', 'csv')).toBe('scan_results_7.csv');
    expect(downloadFileName('scan_results_7', 'excel-csv')).toBe('scan_results_7_excel.csv');
    expect(downloadFileName('scan_results_7', 'xlsx')).toBe('scan_results_7.xlsx');
  });
});
