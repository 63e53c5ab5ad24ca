import { formatMinutes } from '@dealradar/shared/keepa-tokens';

/** SPEC §4's time-remaining wording: 'Less than a second', 'N seconds' or 'N minutes' (singular for 1). */
export function formatTimeRemaining(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 1) return 'Less than a second';
  if (seconds < 60) {
    const n = Math.round(seconds);
    return n === 1 ? '1 second' : `${n} seconds`;
  }
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * SPEC §4's wording under an hour; from an hour on, hours and minutes as the token estimate says them ('11 h 31 min'),
 * so a long supplier scan reads like its estimate did ('691 minutes' would not).
 */
export function formatLongTimeRemaining(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 3600) return formatTimeRemaining(seconds);
  return formatMinutes(seconds / 60);
}
