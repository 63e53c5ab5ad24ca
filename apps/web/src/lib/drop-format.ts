import { formatDateTime as formatOneDateTime } from './date-format.ts';

/** Formats of the price-drop screens; counts, percents and money are the shared ones (lib/format.ts). */
export { formatMoney } from '@dealradar/shared/money';

/** The drop of an item: '-X.X%'. */
export function formatDrop(percentage: number): string {
  return `-${percentage.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** Detection and update times: the product's one date format, 'Never' when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatOneDateTime(iso, 'Never');
}

/** Countdown to the next refresh: 'HH:MM:SS' (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
