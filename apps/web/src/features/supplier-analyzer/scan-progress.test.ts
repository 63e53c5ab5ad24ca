import { describe, expect, it } from 'vitest';
import { completedMessage, partialScanMessage, supplierProgressPercent } from './scan-progress.ts';

describe('supplier scan progress', () => {
  it('computes the percent', () => {
    expect(supplierProgressPercent({ status: 'PROCESSING', processedEans: 50, totalEans: 200 })).toBe(25);
    expect(supplierProgressPercent({ status: 'PENDING', processedEans: 0, totalEans: 200 })).toBe(0);
    expect(supplierProgressPercent({ status: 'COMPLETED', processedEans: 0, totalEans: 0 })).toBe(100);
  });
  it("words the 'Scan Completed' toast", () => {
    expect(completedMessage(1234)).toBe('Successfully processed 1,234 EANs.');
  });
  it("states the plan's allowance when only part of the upload is analyzed", () => {
    expect(partialScanMessage({ allowedEans: 100, totalEans: 250 })).toBe('Your plan allows 100 EANs in this run, so the first 100 of 250 EANs are analyzed.');
    expect(partialScanMessage({ allowedEans: 250, totalEans: 250 })).toBeNull();
  });
});
