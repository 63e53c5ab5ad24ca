/**
 * 90-day stability of a deal (docs/trusted-deals.md): how often over the last 90 days the product would have
 * met the user's minimum ROI at this supplier price — so a one-day price spike is not taken for a deal.
 *
 * The buy-box history is held as one value per day, oldest first, the last entry being today:
 *   > 0  the buy-box price in force at the end of that day (minor units of the market currency),
 *   0    no buy box that day,
 *   null no data (before the history starts).
 */
export const STABILITY_DAYS = 90;
/** Fewer known days than this and the share is not given (too little history to judge). */
export const MIN_KNOWN_DAYS = 14;

export type DailyPrices = Array<number | null>;

/**
 * A step series of buy-box changes (time in ms, price in minor units or null for "no buy box", in time order) → the
 * daily values of the STABILITY_DAYS days ending with `now`'s day (UTC): each day gets the value in force at its end
 * (for today: now).
 */
export function dailyFromChanges(changes: Array<{ at: number; price: number | null }>, now: Date, days = STABILITY_DAYS): DailyPrices {
  const out: DailyPrices = [];
  const dayMs = 86_400_000;
  const todayEnd = Math.min(now.getTime(), Math.floor(now.getTime() / dayMs) * dayMs + dayMs - 1);
  let k = 0;
  let current: number | null | undefined;
  for (let d = days - 1; d >= 0; d -= 1) {
    const end = d === 0 ? todayEnd : Math.floor(now.getTime() / dayMs) * dayMs - (d - 1) * dayMs - 1;
    while (k < changes.length && changes[k]!.at <= end) {
      current = changes[k]!.price;
      k += 1;
    }
    out.push(current === undefined ? null : current === null || current <= 0 ? 0 : Math.round(current));
  }
  return out;
}

/** Average of the days with a buy box among the last `days` entries (minor units, rounded); null when none. */
export function averageOf(daily: DailyPrices, days: number): number | null {
  const values = daily.slice(-days).filter((v): v is number => v !== null && v > 0);
  return values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;
}

/**
 * Share (0–1) of the known days on which the product would have met the minimum ROI: `meetsMinRoi(price)` judges a
 * day's buy-box price (asked once per distinct price); a day without a buy box counts as not profitable, a day without
 * data is left out. Null with fewer than MIN_KNOWN_DAYS known days.
 */
export function profitableShare(daily: DailyPrices, meetsMinRoi: (price: number) => boolean): { share: number; knownDays: number } | null {
  const verdicts = new Map<number, boolean>();
  let known = 0;
  let good = 0;
  for (const value of daily) {
    if (value === null) continue;
    known += 1;
    if (value <= 0) continue;
    let ok = verdicts.get(value);
    if (ok === undefined) verdicts.set(value, (ok = meetsMinRoi(value)));
    if (ok) good += 1;
  }
  if (known < MIN_KNOWN_DAYS) return null;
  return { share: good / known, knownDays: known };
}
