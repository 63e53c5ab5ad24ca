import type { ScanStatus } from '@dealradar/shared/contracts/scans';

/** 100 when completed; 0 when error, pending or nothing to do; else rounded processed/total (as on CSV scan cards). */
export function supplierProgressPercent(scan: { status: ScanStatus; processedEans: number; totalEans: number }): number {
  if (scan.status === 'COMPLETED') return 100;
  if (scan.status === 'ERROR' || scan.status === 'PENDING' || scan.totalEans <= 0) return 0;
  return Math.min(100, Math.round((scan.processedEans / scan.totalEans) * 100));
}

/** The 'Scan Completed' toast text of SPEC §4. */
export function completedMessage(processedEans: number): string {
  return `Successfully processed ${processedEans.toLocaleString('en-US')} EANs.`;
}

/** The 'Scan Started (Partial)' toast text of SPEC §4, or null when the whole upload is analyzed. */
export function partialScanMessage(answer: { allowedEans: number; totalEans: number }): string | null {
  if (answer.allowedEans >= answer.totalEans) return null;
  const n = answer.allowedEans.toLocaleString('en-US');
  return `Your plan allows ${n} EANs in this run, so the first ${n} of ${answer.totalEans.toLocaleString('en-US')} EANs are analyzed.`;
}
