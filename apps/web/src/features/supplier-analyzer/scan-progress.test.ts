import { describe, expect, it } from 'vitest';
import { canceledMessage, cancelConfirmText, completedMessage, partialScanMessage, supplierProgressPercent, timeRemainingLine } from './scan-progress.ts';

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
  it('says the time remaining from the token estimate, then the measured rate', () => {
    expect(timeRemainingLine({ seconds: 691 * 60, basis: 'tokens' })).toBe('Time remaining: 11 h 31 min (estimated from the Keepa tokens this scan needs)');
    expect(timeRemainingLine({ seconds: 150, basis: 'measured' })).toBe('Time remaining: 3 minutes');
    expect(timeRemainingLine({ seconds: 42, basis: 'measured' })).toBe('Time remaining: 42 seconds');
    expect(timeRemainingLine({ seconds: 0, basis: 'measured' })).toBe('Time remaining: Less than a second');
    expect(timeRemainingLine({ seconds: null, basis: 'unknown' })).toBe('Time remaining: estimating…');
    expect(timeRemainingLine(undefined)).toBeNull();
  });
  it('words a cancelled scan and its confirmation', () => {
    expect(canceledMessage({ processedEans: 500, totalEans: 9999, dealsFound: 12 })).toBe(
      'Scan cancelled after 500 of 9,999 EANs. The 12 deals found before the cancel stay in your list.',
    );
    expect(canceledMessage({ processedEans: 0, totalEans: 10, dealsFound: 0 })).toBe(
      'Scan cancelled after 0 of 10 EANs. No deals were found before the cancel.',
    );
    expect(cancelConfirmText({ processedEans: 500, totalEans: 9999 })).toContain('the 9,499 EANs not analyzed yet go back');
  });
});
