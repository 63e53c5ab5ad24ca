import type { ScanStatus, ScanTimeRemaining } from '@dealradar/shared/contracts/scans';
import { formatCount } from '@dealradar/shared/number-format';
import { formatLongTimeRemaining } from '../../lib/time-remaining.ts';

/** 100 when completed; 0 when error, pending or nothing to do; else rounded processed/total (as on CSV scan cards). */
export function supplierProgressPercent(scan: { status: ScanStatus; processedEans: number; totalEans: number }): number {
  if (scan.status === 'COMPLETED') return 100;
  if (scan.status === 'ERROR' || scan.status === 'PENDING' || scan.totalEans <= 0) return 0;
  return Math.min(100, Math.round((scan.processedEans / scan.totalEans) * 100));
}

/** The 'Scan Completed' toast text of SPEC §4. */
export function completedMessage(processedEans: number): string {
  return `Successfully processed ${formatCount(processedEans)} EANs.`;
}

/** The 'Scan Started (Partial)' toast text of SPEC §4, or null when the whole upload is analyzed. */
export function partialScanMessage(answer: { allowedEans: number; totalEans: number }): string | null {
  if (answer.allowedEans >= answer.totalEans) return null;
  const n = formatCount(answer.allowedEans);
  return `Your plan allows ${n} EANs in this run, so the first ${n} of ${formatCount(answer.totalEans)} EANs are analyzed.`;
}

/**
 * The time-remaining line of a running scan: from the Keepa token estimate until the first EANs are done,
 * then from the measured rate (the server works it out: scans.service.ts timeRemainingOf). Null once ended.
 */
export function timeRemainingLine(remaining: ScanTimeRemaining | undefined): string | null {
  if (!remaining) return null;
  if (remaining.seconds === null) return 'Time remaining: estimating…';
  const text = formatLongTimeRemaining(remaining.seconds);
  return remaining.basis === 'tokens' ? `Time remaining: ${text} (estimated from the Keepa tokens this scan needs)` : `Time remaining: ${text}`;
}

/** What a cancelled scan says: how far it got, and that its deals stay. */
export function canceledMessage(scan: { processedEans: number; totalEans: number; dealsFound: number }): string {
  const deals = scan.dealsFound === 1 ? 'The 1 deal' : `The ${formatCount(scan.dealsFound)} deals`;
  const kept = scan.dealsFound === 0 ? 'No deals were found before the cancel.' : `${deals} found before the cancel stay in your list.`;
  return `Scan cancelled after ${formatCount(scan.processedEans)} of ${formatCount(scan.totalEans)} EANs. ${kept}`;
}

/** The cancel confirmation: the scan stops, its deals stay, the EANs not analyzed go back to the month. */
export function cancelConfirmText(scan: { processedEans: number; totalEans: number }): string {
  const left = Math.max(0, scan.totalEans - scan.processedEans);
  return `The scan stops now. The deals found so far stay in your list, and the ${formatCount(left)} EANs not analyzed yet go back to this month's allowance.`;
}
