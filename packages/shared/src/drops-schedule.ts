/**
 * The price-refresh schedule of SPEC §9 as pure functions of time and time zone:
 * weekdays hourly from 6 AM to 10 PM (06:00 … 22:00) and every 3 hours overnight (00:00, 03:00);
 * Saturdays and Sundays every 6 hours (00:00, 06:00, 12:00, 18:00). Runs are on the full hour, local time.
 * The same rule as the two cron expressions the server registers (WEEKDAY_CRON, WEEKEND_CRON).
 */
export const WEEKDAY_CRON = '0 0,3,6-22 * * 1-5';
export const WEEKEND_CRON = '0 0,6,12,18 * * 0,6';
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

/** True when a refresh is due at this local hour. */
export function isScheduledHour(weekday: number, hour: number): boolean {
  if (isWeekend(weekday)) return hour % 6 === 0;
  return (hour >= 6 && hour <= 22) || hour === 0 || hour === 3;
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
