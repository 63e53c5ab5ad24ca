import { describe, expect, it } from 'vitest';
import { DATE_TIME_PATTERN, fileNameDay, formatDate, formatDateTime, formatDateTimeSeconds, formatDayMonth } from './date-format.ts';

describe('the one date and time format', () => {
  it('writes day, three-letter month, year and 24-hour time in local time', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 14, 3))).toBe('23 Nov 2026, 14:03');
    expect(formatDateTime(new Date(2026, 8, 3, 0, 5).toISOString())).toBe('3 Sep 2026, 00:05');
    expect(formatDateTime(new Date(2026, 8, 3, 0, 5).toISOString())).toMatch(DATE_TIME_PATTERN);
    expect(formatDateTimeSeconds(new Date(2026, 8, 3, 0, 5, 7))).toBe('3 Sep 2026, 00:05:07');
  });
  it('dates alone, and calendar dates read as that day whatever the time zone', () => {
    expect(formatDate(new Date(2026, 10, 23, 23, 59))).toBe('23 Nov 2026');
    expect(formatDate('2026-11-20')).toBe('20 Nov 2026');
    expect(formatDayMonth('2026-01-02')).toBe('2 Jan');
    expect(fileNameDay(new Date(Date.UTC(2026, 10, 29, 23, 30)))).toBe('2026-11-29');
  });
  it('missing or broken values show the empty text', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date', 'Never')).toBe('Never');
    expect(formatDate(undefined, '')).toBe('');
  });
});
