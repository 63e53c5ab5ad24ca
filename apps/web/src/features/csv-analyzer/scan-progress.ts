import { formatCount } from '@dealradar/shared/number-format';
/** Pure display rules of a CSV scan card (SPEC §4 "CSV scan status"). */

export type CsvScanStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'ERROR';

export interface ScanCounts {
  status: CsvScanStatus;
  processedEans: number;
  totalEans: number;
}

/** 100 when completed; 0 when error, pending or total is 0; otherwise rounded processed/total. */
export function progressPercent({ status, processedEans, totalEans }: ScanCounts): number {
  if (status === 'COMPLETED') return 100;
  if (status === 'ERROR' || status === 'PENDING' || totalEans <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((processedEans / totalEans) * 100)));
}

/** 'Initializing scan...' while pending, else 'Progress: N% (x of y EANs analyzed)'. */
export function progressText(scan: ScanCounts): string {
  if (scan.status === 'PENDING') return 'Initializing scan...';
  return `Progress: ${progressPercent(scan)}% (${formatCount(scan.processedEans)} of ${formatCount(scan.totalEans)} EANs analyzed)`;
}

export function isActiveStatus(status: CsvScanStatus): boolean {
  return status === 'PENDING' || status === 'PROCESSING';
}

/** 'Less than a second', 'N seconds' or 'N minutes' (singular for 1): one wording for both analyzers (lib/time-remaining.ts). */
export { formatTimeRemaining } from '../../lib/time-remaining.ts';

/**
 * Seconds left at the rate observed since the scan started, or null when no rate can be measured yet
 * (not processing, nothing processed, or no start time).
 */
export function estimateSecondsRemaining(scan: ScanCounts & { startTime?: string | null }, nowMs: number): number | null {
  if (scan.status !== 'PROCESSING' || !scan.startTime || scan.processedEans <= 0 || scan.totalEans <= 0) return null;
  const elapsedMs = nowMs - Date.parse(scan.startTime);
  if (!Number.isFinite(elapsedMs) || elapsedMs <= 0) return null;
  const left = Math.max(0, scan.totalEans - scan.processedEans);
  return (left * (elapsedMs / scan.processedEans)) / 1000;
}

/** The time remaining last shown, and the progress it was computed at. */
export interface ShownRemaining {
  processedEans: number;
  seconds: number;
}

/**
 * The time remaining to show next (it must never grow while progress stands still — the estimate from the
 * average rate does, as time passes with no EAN done): while processedEans is unchanged the shown value can only stay
 * or fall; new progress gives a fresh estimate.
 */
export function steadyRemaining(previous: ShownRemaining | null, estimate: number | null, processedEans: number): ShownRemaining | null {
  if (estimate === null) return null;
  if (previous && previous.processedEans === processedEans) return { processedEans, seconds: Math.min(previous.seconds, estimate) };
  return { processedEans, seconds: estimate };
}

/** Under a second: 'N ms'; under a minute: 'N sec'; else 'N min M sec'. */
export function formatProcessingTime(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return minutes === 0 ? `${seconds} sec` : `${minutes} min ${seconds} sec`;
}

/** History order: last update, newest first. */
export function sortByLastUpdateDesc<T extends { lastUpdateTime?: string | null; updatedAt?: string | null }>(scans: readonly T[]): T[] {
  const time = (s: T) => Date.parse(s.lastUpdateTime ?? s.updatedAt ?? '') || 0;
  return [...scans].sort((a, b) => time(b) - time(a));
}
