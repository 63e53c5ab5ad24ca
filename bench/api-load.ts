/** What the API benchmarks (bench/api.ts, bench/scale.ts) share: the drops-list requests 50 clients send, and percentiles. */

/** GET /price-alerts/price-drops with the screen's filters and sorts, 100 per page. */
export const PRICE_DROP_QUERIES = [
  'sortBy=detectedAt&sortOrder=desc',
  'dropCategory=MEDIUM&sortBy=priceDropPercentage&sortOrder=desc',
  'priority=HIGH&sortBy=newPriceExclVat&sortOrder=asc',
  'brand=Brand%20117&sortBy=detectedAt&sortOrder=desc',
  'dropCategory=SMALL&priority=MEDIUM&sortBy=productName&sortOrder=asc',
  'search=Serum&dropCategory=LARGE&sortBy=priceDropPercentage&sortOrder=desc',
  'brand=Brand%2042&priority=CRITICAL&sortBy=stock&sortOrder=desc',
  'page=3&sortBy=oldPriceExclVat&sortOrder=desc',
].map((q) => `/api/price-alerts/price-drops?size=100&${q}`);

/** The p-th percentile of ascending `sorted` (0 when empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
