import { describe, expect, it } from 'vitest';
import type { ScanReport } from '@dealradar/shared/contracts/scans';
import { eansAnalyzed, issueSummary, layoutSummary, rowsNotUsed } from './scan-report.ts';

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
      'Sheet “Prices”: header on line 3; 3 lines skipped that are not products (titles, blank lines, totals or notes).',
    );
    expect(layoutSummary({ ...base, headerLine: 3, sheet: null, skippedLineCount: 1 })).toBe(
      'Header on line 3; 1 line skipped that is not a product (titles, blank lines, totals or notes).',
    );
    expect(layoutSummary({ ...base, headerLine: 1, sheet: null, skippedLineCount: 0 })).toBeNull();
  });
  it('says nothing when an XLSX scan only has its sheet to name (no stray "sheet Price list." line)', () => {
    expect(layoutSummary({ ...base, headerLine: 1, sheet: 'Price list', skippedLineCount: 0 })).toBeNull();
  });
  it('counts the EANs over the plan limit and those without Amazon data as rows not used: the tile agrees with the summary', () => {
    // FREE, 199 valid EANs, 100 left this month
    const free: ScanReport = { ...base, rowsRead: 199, validEans: 199, duplicateRows: 0, invalidRows: 0, issueCounts: { over_plan_limit: 99 } };
    expect(rowsNotUsed(free)).toBe(99);
    expect(eansAnalyzed(free)).toBe(100);
    expect(issueSummary(free)).toBe('Rows not used: Over the plan limit 99');
    const mixed: ScanReport = { ...base, issueCounts: { invalid_ean: 2, duplicate_ean: 1, over_plan_limit: 3, not_looked_up: 1 } };
    const summed = Object.values(mixed.issueCounts).reduce((a, b) => a + b, 0);
    expect(rowsNotUsed(mixed)).toBe(summed);
    expect(eansAnalyzed(mixed)).toBe(4);
  });
});
