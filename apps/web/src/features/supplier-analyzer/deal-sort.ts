/** The supplier deals' sort options (SPEC §9), in the order the select lists them. */
export const DEAL_SORT_OPTIONS = [
  { value: 'mainCategoryRank', label: 'Sales rank' },
  { value: 'roi', label: 'ROI' },
  { value: 'estimatedProfit', label: 'Estimated profit' },
  { value: 'buyBoxPrice', label: 'Buy box price' },
  { value: 'supplierPrice', label: 'Supplier price' },
  { value: 'estimatedMonthlySales', label: 'Monthly sales' },
  { value: 'numberOfSellers', label: 'Number of sellers' },
  { value: 'rating', label: 'Rating' },
  { value: 'reviewCount', label: 'Review count' },
  // Beyond SPEC §9's nine, the share of the last 90 days the deal was profitable.
  { value: 'profitableShare', label: '90-day stability' },
  // The seller's estimated monthly profit: share of the sales × profit per unit (docs/sales-estimate.md).
  { value: 'estimatedMonthlyProfit', label: 'Monthly profit (estimate)' },
] as const;

export type DealSortBy = (typeof DEAL_SORT_OPTIONS)[number]['value'];
export type SortOrder = 'asc' | 'desc';

export const DEFAULT_DEAL_SORT: DealSortBy = 'mainCategoryRank';

export function isDealSortBy(value: unknown): value is DealSortBy {
  return DEAL_SORT_OPTIONS.some((o) => o.value === value);
}

/**
 * The order a sort field starts with when chosen: a rank is best when low (asc, SPEC §9 default);
 * every other field is best when high (desc). The user can flip it afterwards.
 */
export function defaultOrderFor(sortBy: DealSortBy): SortOrder {
  return sortBy === 'mainCategoryRank' ? 'asc' : 'desc';
}
