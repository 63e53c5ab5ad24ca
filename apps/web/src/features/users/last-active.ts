import { formatDate } from '../../lib/date-format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** After a week the exact date says more than "Nd ago". */
const RELATIVE_DAYS = 7;

/** SPEC §2 Users: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago', otherwise a date, or 'Never'. */
export function formatLastActive(lastActiveAt: string | null | undefined, nowMs: number = Date.now()): string {
  if (!lastActiveAt) return 'Never';
  const at = new Date(lastActiveAt).getTime();
  if (Number.isNaN(at)) return 'Never';
  const elapsed = Math.max(0, nowMs - at);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < RELATIVE_DAYS * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatDate(new Date(at));
}

/** Role badge colours: ADMIN red, USER blue. */
export function roleBadgeColor(role: string): 'red' | 'blue' {
  return role === 'ADMIN' ? 'red' : 'blue';
}
