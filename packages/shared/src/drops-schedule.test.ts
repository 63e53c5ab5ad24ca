import { describe, expect, it } from 'vitest';
import { cronOf, currentUpdateFrequency, isScheduledHour, nextRefreshAt, REFRESH_SCHEDULE, WEEKDAY_CRON, WEEKEND_CRON } from './drops-schedule.ts';

/** Times → next run (SPEC §9: hourly 6 AM-10 PM, every 3 hours overnight, every 6 hours on weekends). */
const BERLIN: Array<[string, string, string]> = [
  // [now (UTC), next run (UTC), why]   Berlin is UTC+1 in November, UTC+2 in July.
  ['2026-11-23T08:10:00Z', '2026-11-23T09:00:00Z', 'Monday 09:10 local → 10:00 local (hourly)'],
  ['2026-11-23T09:00:00Z', '2026-11-23T10:00:00Z', 'exactly on a run → the next one, strictly after'],
  ['2026-11-23T04:30:00Z', '2026-11-23T05:00:00Z', 'Monday 05:30 → 06:00, the first hourly run'],
  ['2026-11-23T20:30:00Z', '2026-11-23T21:00:00Z', 'Monday 21:30 → 22:00, the last hourly run'],
  ['2026-11-23T21:00:00Z', '2026-11-23T23:00:00Z', 'Monday 22:00 → midnight (overnight)'],
  ['2026-11-23T23:00:00Z', '2026-11-24T02:00:00Z', 'Tuesday 00:00 → 03:00 (every 3 hours overnight)'],
  ['2026-11-24T02:00:00Z', '2026-11-24T05:00:00Z', 'Tuesday 03:00 → 06:00'],
  ['2026-11-27T21:30:00Z', '2026-11-27T23:00:00Z', 'Friday 22:30 → Saturday 00:00 (weekend cadence)'],
  ['2026-11-27T23:00:00Z', '2026-11-28T05:00:00Z', 'Saturday 00:00 → 06:00 (every 6 hours)'],
  ['2026-11-28T05:30:00Z', '2026-11-28T11:00:00Z', 'Saturday 06:30 → 12:00'],
  ['2026-11-29T17:10:00Z', '2026-11-29T23:00:00Z', 'Sunday 18:10 → Monday 00:00'],
  ['2026-11-29T23:00:00Z', '2026-11-30T02:00:00Z', 'Monday 00:00 → 03:00'],
  ['2026-07-06T03:59:00Z', '2026-07-06T04:00:00Z', 'summer time: Monday 05:59 CEST → 06:00 CEST'],
];

describe('nextRefreshAt in Europe/Berlin', () => {
  for (const [now, next, why] of BERLIN) {
    it(why, () => {
      expect(nextRefreshAt(new Date(now), 'Europe/Berlin').toISOString()).toBe(new Date(next).toISOString());
    });
  }
});

describe('nextRefreshAt in other time zones', () => {
  it('follows the configured zone (UTC)', () => {
    expect(nextRefreshAt(new Date('2026-11-23T22:15:00Z'), 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });
  it('works with a half-hour offset (Asia/Kolkata, UTC+5:30)', () => {
    // Monday 10:40 local → 11:00 local = 05:30 UTC.
    expect(nextRefreshAt(new Date('2026-11-23T05:10:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-11-23T05:30:00.000Z');
  });
  it('across the autumn clock change (Berlin, 25 Oct 2026: 03:00 CEST → 02:00 CET)', () => {
    // Sunday 00:30 CEST → 06:00 CET = 05:00 UTC.
    expect(nextRefreshAt(new Date('2026-10-24T22:30:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-10-25T05:00:00.000Z');
  });
});

describe('currentUpdateFrequency', () => {
  const cases: Array<[string, string]> = [
    ['2026-11-23T09:00:00Z', 'Hourly'],
    ['2026-11-23T23:30:00Z', 'Every 3 hours'],
    ['2026-11-28T12:00:00Z', 'Every 6 hours'],
    ['2026-11-29T12:00:00Z', 'Every 6 hours'],
  ];
  for (const [at, expected] of cases) {
    it(`${at} → ${expected}`, () => expect(currentUpdateFrequency(new Date(at), 'Europe/Berlin')).toBe(expected));
  }
});

/** A minimal cron matcher (numbers, lists, ranges, `*`), independent of the code under test. */
function cronMatches(cron: string, weekday: number, hour: number): boolean {
  const [minute, hours, , , weekdays] = cron.split(' ');
  const field = (text: string, value: number) =>
    text === '*' ||
    text.split(',').some((part) => {
      const [from, to] = part.split('-').map(Number);
      return to === undefined ? value === from : value >= from! && value <= to;
    });
  return minute === '0' && field(hours!, hour) && field(weekdays!, weekday);
}

describe('the refresh schedule is declared once (REFRESH_SCHEDULE)', () => {
  it('derives the cron entries pg-boss is given', () => {
    expect(REFRESH_SCHEDULE.map((entry) => [entry.key, cronOf(entry)])).toEqual([
      ['weekdays', '0 0,3,6-22 * * 1-5'],
      ['weekends', '0 0,6,12,18 * * 0,6'],
    ]);
    expect([WEEKDAY_CRON, WEEKEND_CRON]).toEqual(REFRESH_SCHEDULE.map(cronOf));
  });

  it('isScheduledHour agrees with the cron entries for every hour of the week', () => {
    for (let weekday = 0; weekday < 7; weekday += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        const byCron = REFRESH_SCHEDULE.some((entry) => cronMatches(cronOf(entry), weekday, hour));
        expect(isScheduledHour(weekday, hour), `weekday ${weekday} hour ${hour}`).toBe(byCron);
      }
    }
    // 19 weekday runs (00, 03, 06…22) × 5 + 4 weekend runs × 2
    const runs = Array.from({ length: 7 * 24 }, (_, i) => isScheduledHour(Math.floor(i / 24), i % 24)).filter(Boolean).length;
    expect(runs).toBe(19 * 5 + 4 * 2);
  });
});
