/**
 * The price-refresh schedule of SPEC §9, declared once:
 * weekdays hourly from 6 AM to 10 PM (06:00 … 22:00) and every 3 hours overnight (00:00, 03:00);
 * Saturdays and Sundays every 6 hours (00:00, 06:00, 12:00, 18:00). Runs are on the full hour, local time.
 * The server's pg-boss cron entries (cronOf) and isScheduledHour / nextRefreshAt are all derived from it.
 */
export interface ScheduleEntry {
  /** pg-boss keeps one schedule per key. */
  key: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  hours: readonly number[];
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const REFRESH_SCHEDULE: readonly ScheduleEntry[] = [
  { key: 'weekdays', weekdays: range(1, 5), hours: [0, 3, ...range(6, 22)] },
  { key: 'weekends', weekdays: [0, 6], hours: [0, 6, 12, 18] },
];

/** A cron field from a list of numbers; three or more consecutive numbers become a range (`0,3,6-22`). */
function cronField(values: readonly number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    if (j - i >= 2) parts.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k += 1) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(',');
}

/** The cron expression (minute 0) of one schedule entry, in the schedule's time zone. */
export function cronOf(entry: ScheduleEntry): string {
  return `0 ${cronField(entry.hours)} * * ${cronField(entry.weekdays)}`;
}

export const WEEKDAY_CRON = cronOf(REFRESH_SCHEDULE[0]!);
export const WEEKEND_CRON = cronOf(REFRESH_SCHEDULE[1]!);
export const SCHEDULE_TEXT = 'hourly 6 AM-10 PM, every 3 hours overnight, every 6 hours on weekends';

export type UpdateFrequency = 'Hourly' | 'Every 3 hours' | 'Every 6 hours';

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

interface LocalTime {
  weekday: number;
  hour: number;
  minute: number;
}

/** Wall-clock weekday, hour and minute of an instant in a time zone. */
export function localTime(at: Date, timeZone: string): LocalTime {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0, hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

function isWeekend(weekday: number): boolean {
  return weekday === 0 || weekday === 6;
}

/** True when a refresh is due at this local hour (read from REFRESH_SCHEDULE). */
export function isScheduledHour(weekday: number, hour: number): boolean {
  return REFRESH_SCHEDULE.some((entry) => entry.weekdays.includes(weekday) && entry.hours.includes(hour));
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The first scheduled run strictly after `from`. Steps in quarter hours so 30/45-minute offsets work. */
export function nextRefreshAt(from: Date, timeZone: string): Date {
  let candidate = Math.floor(from.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS + QUARTER_HOUR_MS;
  for (let i = 0; i < 8 * 24 * 4; i += 1, candidate += QUARTER_HOUR_MS) {
    const local = localTime(new Date(candidate), timeZone);
    if (local.minute === 0 && isScheduledHour(local.weekday, local.hour)) return new Date(candidate);
  }
  throw new Error(`No scheduled refresh found after ${from.toISOString()} in ${timeZone}`);
}

/** The cadence in force at `at`: weekends every 6 hours, weekdays hourly 6 AM-10 PM, else every 3 hours. */
export function currentUpdateFrequency(at: Date, timeZone: string): UpdateFrequency {
  const local = localTime(at, timeZone);
  if (isWeekend(local.weekday)) return 'Every 6 hours';
  return local.hour >= 6 && local.hour < 22 ? 'Hourly' : 'Every 3 hours';
}
