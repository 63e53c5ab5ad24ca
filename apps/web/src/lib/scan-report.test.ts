import { describe, expect, it } from 'vitest';
import type { ScanReport } from '@dealradar/shared/contracts/scans';
import { issueSummary, layoutSummary, rowsNotUsed } from './scan-report.ts';

const base: ScanReport = { rowsRead: 10, validEans: 7, duplicateRows: 1, invalidRows: 2, issueCounts: {}, issueSamples: [], matchedProducts: 5, dealsFound: 3 };

describe('scan report wording (one for both analyzers)', () => {
  it('counts unusable and duplicate rows as not used', () => {
    expect(rowsNotUsed(base)).toBe(3);
  });
  it('names every reason with its count, internal codes included', () => {
    expect(issueSummary({ ...base, issueCounts: { invalid_ean: 1, internal_code: 1, duplicate_ean: 1, missing_brand: 0 } })).toBe(
      'Rows not used: Invalid EAN 1 · Internal code, not a product barcode 1 · Duplicate EAN 1',
    );
    expect(issueSummary(base)).toBeNull();
  });
  it('says where the header was found and how many lines were skipped', () => {
    expect(layoutSummary({ ...base, headerLine: 3, sheet: 'Prices', skippedLineCount: 3 })).toBe(
      'Header on line 3; sheet Prices; 3 lines skipped that are not products (titles, blank lines, totals or notes).',
    );
    expect(layoutSummary({ ...base, headerLine: 1, sheet: null, skippedLineCount: 0 })).toBeNull();
  });
});
