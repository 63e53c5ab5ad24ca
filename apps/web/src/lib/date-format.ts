import { NO_VALUE } from '@dealradar/shared/number-format';

/**
 * The one date and time format of the product (docs/web-shell.md): '23 Nov 2026, 14:13' — day, three-letter month,
 * year, 24-hour time, in the browser's time zone. Every screen shows dates through these helpers, never with
 * toLocaleString() (which follows the browser's language and gave four different formats). Built by hand rather than
 * with Intl: en-GB writes September as 'Sept' in recent ICU versions, and the format must not depend on the browser.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date written as 'YYYY-MM-DD' (FX rate dates, trend days): read as that day, not as UTC midnight. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const calendar = CALENDAR_DATE.exec(value);
  const date = calendar ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');
const dayMonth = (date: Date) => `${date.getDate()} ${MONTHS[date.getMonth()]}`;

/** '23 Nov 2026, 14:13'; `empty` when there is no (valid) time. */
export function formatDateTime(value: string | Date | null | undefined, empty = NO_VALUE): string {
  const date = toDate(value);
  return date ? `${dayMonth(date)} ${date.getFullYear()}, ${two(date.getHours())}:${two(date.getMinutes())}` : empty;
}

/** '23 Nov 2026, 14:13:05' — where seconds matter (the admin's process and delivery times). */
export function formatDateTimeSeconds(value: string | Date | null | undefined, empty = NO_VALUE): string {
  const date = toDate(value);
  return date ? `${formatDateTime(date)}:${two(date.getSeconds())}` : empty;
}

/** '23 Nov 2026'. */
export function formatDate(value: string | Date | null | undefined, empty = NO_VALUE): string {
  const date = toDate(value);
  return date ? `${dayMonth(date)} ${date.getFullYear()}` : empty;
}

/** '23 Nov' — only where the year is obvious (axis labels of a two-week chart). */
export function formatDayMonth(value: string | Date | null | undefined, empty = NO_VALUE): string {
  const date = toDate(value);
  return date ? dayMonth(date) : empty;
}

/** Today (UTC) as 'YYYY-MM-DD', the day in the names of downloaded files. */
export function fileNameDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The pattern of formatDateTime, for tests that check a screen uses it. */
export const DATE_TIME_PATTERN = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2}$/;
