import { describe, expect, it } from 'vitest';
import { averageOf, dailyFromChanges, profitableShare, STABILITY_DAYS } from './stability.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-26T15:00:00Z');
const dayStart = (daysAgo: number) => Date.parse('2026-11-26T00:00:00Z') - daysAgo * DAY;

describe('dailyFromChanges', () => {
  it('takes the value in force at the end of each day; before the first change is unknown; null is no buy box', () => {
    const daily = dailyFromChanges(
      [
        { at: dayStart(10) + 3600_000, price: 2000 }, // 10 days ago
        { at: dayStart(5) + 3600_000, price: null }, // no buy box from 5 days ago
        { at: dayStart(3) + 3600_000, price: 2500 },
        { at: dayStart(0) + 14 * 3600_000, price: 3000 }, // today 14:00, before now
      ],
      now,
    );
    expect(daily).toHaveLength(STABILITY_DAYS);
    expect(daily.slice(0, 79).every((v) => v === null)).toBe(true);
    expect(daily.slice(79)).toEqual([2000, 2000, 2000, 2000, 2000, 0, 0, 2500, 2500, 2500, 3000]);
  });

  it('a change after now is not seen today', () => {
    const daily = dailyFromChanges(
      [
        { at: dayStart(1), price: 1000 },
        { at: dayStart(0) + 20 * 3600_000, price: 9999 },
      ],
      now,
    );
    expect(daily.slice(-2)).toEqual([1000, 1000]);
  });
});

describe('profitableShare — the stability figure on a known price history', () => {
  // 90 days: 60 days at €20.00, 20 days without buy box, the last 10 days at €30.00 (a spike).
  const daily = [...Array(60).fill(2000), ...Array(20).fill(0), ...Array(10).fill(3000)];
  it('counts the days whose price meets the minimum ROI, days without buy box as not profitable', () => {
    const asked: number[] = [];
    const result = profitableShare(daily, (price) => {
      asked.push(price);
      return price >= 2500; // break-even for the user's minimum ROI at this supplier price: €25.00
    });
    expect(result).toEqual({ share: 10 / 90, knownDays: 90 });
    expect(asked.sort()).toEqual([2000, 3000]); // each distinct price judged once
  });
  it('all profitable days at a lower cost', () => {
    expect(profitableShare(daily, (price) => price >= 1500)?.share).toBeCloseTo(70 / 90, 10);
  });
  it('unknown days are left out; too little history gives no figure', () => {
    expect(profitableShare([...Array(80).fill(null), ...Array(10).fill(2000)], () => true)).toBeNull();
    expect(profitableShare([...Array(70).fill(null), ...Array(20).fill(2000)], () => true)).toEqual({ share: 1, knownDays: 20 });
  });
  it('averages over the last 30 and 90 days skip days without buy box', () => {
    expect(averageOf(daily, 90)).toBe(Math.round((60 * 2000 + 10 * 3000) / 70));
    expect(averageOf(daily, 30)).toBe(3000);
    expect(averageOf([null, 0], 90)).toBeNull();
  });
});
