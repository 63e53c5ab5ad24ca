import { isAmazonSellerId } from '@dealradar/shared/markets';
import { NO_VALUE } from '@dealradar/shared/number-format';

/**
 * Display formatting of the web app: the shared money, count and percent formats and the one "no value" mark, so
 * screens and e-mails write numbers alike. Dates: date-format.ts.
 */
export { formatMoney } from '@dealradar/shared/money';
export { formatCount, formatPercent, NO_VALUE } from '@dealradar/shared/number-format';

/** Amazon's own seller ids are shown as 'Amazon' instead of the id (SPEC §9). */
export function buyBoxSellerLabel(sellerId: string | null | undefined): string {
  if (!sellerId) return NO_VALUE;
  return isAmazonSellerId(sellerId) ? 'Amazon' : sellerId;
}
