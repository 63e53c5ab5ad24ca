import { describe, expect, it } from 'vitest';
import {
  estimateSecondsRemaining,
  formatProcessingTime,
  formatTimeRemaining,
  steadyRemaining,
  progressPercent,
  progressText,
  sortByLastUpdateDesc,
} from './scan-progress.ts';

describe('progressPercent', () => {
  it('is 100 for a completed scan whatever the counts say', () => {
    expect(progressPercent({ status: 'COMPLETED', processedEans: 3, totalEans: 10 })).toBe(100);
    expect(progressPercent({ status: 'COMPLETED', processedEans: 0, totalEans: 0 })).toBe(100);
  });
  it('is 0 for error, pending, and a total of 0', () => {
    expect(progressPercent({ status: 'ERROR', processedEans: 5, totalEans: 10 })).toBe(0);
    expect(progressPercent({ status: 'PENDING', processedEans: 5, totalEans: 10 })).toBe(0);
    expect(progressPercent({ status: 'PROCESSING', processedEans: 0, totalEans: 0 })).toBe(0);
  });
  it('rounds processed/total while processing', () => {
    expect(progressPercent({ status: 'PROCESSING', processedEans: 1, totalEans: 3 })).toBe(33);
    expect(progressPercent({ status: 'PROCESSING', processedEans: 2, totalEans: 3 })).toBe(67);
    expect(progressPercent({ status: 'PROCESSING', processedEans: 1, totalEans: 200 })).toBe(1);
  });
});

describe('progressText', () => {
  it('says Initializing scan... while pending', () => {
    expect(progressText({ status: 'PENDING', processedEans: 0, totalEans: 0 })).toBe('Initializing scan...');
  });
  it('states percent and counts otherwise', () => {
    expect(progressText({ status: 'PROCESSING', processedEans: 250, totalEans: 1000 })).toBe('Progress: 25% (250 of 1,000 EANs analyzed)');
    expect(progressText({ status: 'COMPLETED', processedEans: 10, totalEans: 10 })).toBe('Progress: 100% (10 of 10 EANs analyzed)');
  });
});

describe('formatTimeRemaining', () => {
  it('words the remaining time', () => {
    expect(formatTimeRemaining(0.4)).toBe('Less than a second');
    expect(formatTimeRemaining(1)).toBe('1 second');
    expect(formatTimeRemaining(42.2)).toBe('42 seconds');
    expect(formatTimeRemaining(60)).toBe('1 minute');
    expect(formatTimeRemaining(150)).toBe('3 minutes');
  });
});

describe('estimateSecondsRemaining', () => {
  const start = '2026-01-01T00:00:00.000Z';
  it('extrapolates the observed rate', () => {
    const now = Date.parse(start) + 10_000;
    expect(estimateSecondsRemaining({ status: 'PROCESSING', processedEans: 100, totalEans: 300, startTime: start }, now)).toBe(20);
  });
  it('is null before anything is processed or when not processing', () => {
    expect(estimateSecondsRemaining({ status: 'PROCESSING', processedEans: 0, totalEans: 300, startTime: start }, Date.now())).toBeNull();
    expect(estimateSecondsRemaining({ status: 'COMPLETED', processedEans: 300, totalEans: 300, startTime: start }, Date.now())).toBeNull();
  });
});

describe('formatProcessingTime', () => {
  it('uses ms under a second, else minutes and seconds', () => {
    expect(formatProcessingTime(340)).toBe('340 ms');
    expect(formatProcessingTime(12_400)).toBe('12 sec');
    expect(formatProcessingTime(125_000)).toBe('2 min 5 sec');
  });
});

describe('sortByLastUpdateDesc', () => {
  it('puts the most recently updated scan first', () => {
    const scans = [
      { scanId: 'a', lastUpdateTime: '2026-01-01T10:00:00Z' },
      { scanId: 'b', lastUpdateTime: '2026-01-01T12:00:00Z' },
      { scanId: 'c', lastUpdateTime: '2026-01-01T11:00:00Z' },
    ];
    expect(sortByLastUpdateDesc(scans).map((s) => s.scanId)).toEqual(['b', 'c', 'a']);
  });
});

describe('steadyRemaining (time remaining never grows while progress stands still)', () => {
  const started = '2026-11-23T14:00:00.000Z';
  const at = (seconds: number) => Date.parse(started) + seconds * 1000;
  const scan = (processedEans: number) => ({ status: 'PROCESSING' as const, processedEans, totalEans: 100, startTime: started });

  it('keeps 6 s while progress stands at 50 % (the raw estimate says 9 s)', () => {
    const first = steadyRemaining(null, estimateSecondsRemaining(scan(50), at(6)), 50);
    expect(first?.seconds).toBe(6);
    const later = steadyRemaining(first, estimateSecondsRemaining(scan(50), at(9)), 50);
    expect(estimateSecondsRemaining(scan(50), at(9))).toBe(9);
    expect(later?.seconds).toBe(6);
  });
  it('takes the new estimate once progress moves, and falls when the estimate falls', () => {
    const shown = { processedEans: 50, seconds: 6 };
    expect(steadyRemaining(shown, 12, 60)).toEqual({ processedEans: 60, seconds: 12 });
    expect(steadyRemaining(shown, 4, 50)).toEqual({ processedEans: 50, seconds: 4 });
  });
  it('shows nothing without an estimate', () => {
    expect(steadyRemaining({ processedEans: 1, seconds: 3 }, null, 1)).toBeNull();
  });
});
