import { isAmazonSellerId } from '@dealradar/shared/markets';

/**
 * Pure display formatting shared by the analyzer screens (SPEC §9: currency symbols GBP, EUR, USD with 2 decimals;
 * a specific seller id is displayed with the retailer's own name).
 */

/** Money with its currency symbol and 2 decimals; '—' when unknown: the shared money rule's (docs/money.md). */
export { formatMoney } from '@dealradar/shared/money';

export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return `${value.toFixed(digits)}%`;
}

export function formatCount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US');
}

/** Amazon's own seller ids are shown as 'Amazon' instead of the id (SPEC §9). */
export function buyBoxSellerLabel(sellerId: string | null | undefined): string {
  if (!sellerId) return '—';
  return isAmazonSellerId(sellerId) ? 'Amazon' : sellerId;
}
