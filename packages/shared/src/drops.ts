/**
 * Price-drop categories, priorities and colours (SPEC §4, §9). Percentages are the fall of the price
 * excluding VAT against the original old price, in percent (0–100).
 *
 * Category (the filter of SPEC §9): MINOR 0–10, SMALL 10–25, MEDIUM 25–50, LARGE 50–75, HUGE 75+.
 * Priority (our reading of the banner legend LOW 0–5, MEDIUM 5–15, HIGH 15–30, VERY HIGH 30+, extended
 * with CRITICAL 50+ so the analytics can list Low … Critical): LOW 0–5, MEDIUM 5–15, HIGH 15–30,
 * VERY_HIGH 30–50, CRITICAL 50+. A lower bound belongs to its band: exactly 10 % is SMALL.
 */
export const DROP_CATEGORIES = ['MINOR', 'SMALL', 'MEDIUM', 'LARGE', 'HUGE'] as const;
export type DropCategory = (typeof DROP_CATEGORIES)[number];

export const DROP_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH', 'CRITICAL'] as const;
export type DropPriority = (typeof DROP_PRIORITIES)[number];

/** Lower bound (percent, inclusive) of each band, in order. */
export const DROP_CATEGORY_FLOORS: Record<DropCategory, number> = { MINOR: 0, SMALL: 10, MEDIUM: 25, LARGE: 50, HUGE: 75 };
export const DROP_PRIORITY_FLOORS: Record<DropPriority, number> = { LOW: 0, MEDIUM: 5, HIGH: 15, VERY_HIGH: 30, CRITICAL: 50 };

/** Display labels in the order SPEC §9 lists them. */
export const DROP_CATEGORY_LABELS: Record<DropCategory, string> = { MINOR: 'Minor', SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large', HUGE: 'Huge' };
export const DROP_PRIORITY_LABELS: Record<DropPriority, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', VERY_HIGH: 'Very High', CRITICAL: 'Critical' };

/** Icon sent with each drop item (dropIcon). */
export const DROP_ICONS: Record<DropCategory, string> = { MINOR: '📉', SMALL: '💰', MEDIUM: '🔥', LARGE: '🚀', HUGE: '💎' };

function band<K extends string>(floors: Record<K, number>, order: readonly K[], percentage: number): K {
  let result = order[0] as K;
  for (const key of order) if (percentage >= floors[key]) result = key;
  return result;
}

export function dropCategoryOf(percentage: number): DropCategory {
  return band(DROP_CATEGORY_FLOORS, DROP_CATEGORIES, percentage);
}

export function dropPriorityOf(percentage: number): DropPriority {
  return band(DROP_PRIORITY_FLOORS, DROP_PRIORITIES, percentage);
}

/** SPEC §4: Minor green, Small yellow, Medium orange, Large red, other gray. Accepts the code or its label. */
export function dropCategoryColor(category: string | null | undefined): 'green' | 'yellow' | 'orange' | 'red' | 'gray' {
  switch ((category ?? '').toUpperCase()) {
    case 'MINOR':
      return 'green';
    case 'SMALL':
      return 'yellow';
    case 'MEDIUM':
      return 'orange';
    case 'LARGE':
      return 'red';
    default:
      return 'gray';
  }
}

/** Percentage of the fall from old to new, two decimals; 0 when the price did not fall. */
export function dropPercentage(oldPrice: number, newPrice: number): number {
  if (oldPrice <= 0 || newPrice >= oldPrice) return 0;
  return Math.round(((oldPrice - newPrice) * 10000) / oldPrice) / 100;
}

/** A drop expires this long after it was detected (SPEC §9). */
export const DROP_TTL_HOURS = 24;
/** The Recent Drops window (SPEC §2 'Last 2h'). */
export const RECENT_DROPS_HOURS = 2;
export const HOT_DEALS_LIMIT = 5;
export const RECENT_DROPS_SHOWN = 5;
export const TOP_BRANDS_LIMIT = 10;
export const DAILY_TREND_DAYS = 14;
