import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import type { PriceDropsRequest } from './api/price-alerts-queries.ts';

const SORT_VALUE: Record<PriceDropsRequest['sortBy'], (i: PriceDropItem) => number | string> = {
  detectedAt: (i) => i.detectedAt,
  priceDropPercentage: (i) => i.priceDropPercentage,
  newPriceExclVat: (i) => i.newPriceExclVat,
  oldPriceExclVat: (i) => i.oldPriceExclVat,
  productName: (i) => i.productName,
  productBrand: (i) => i.productBrand,
  stock: (i) => i.stock ?? -1,
  bestRoiPercentage: (i) => i.bestRoiPercentage ?? -Infinity,
  estimatedMonthlyProfit: (i) => i.estimatedMonthlyProfit ?? -Infinity,
};

/** The example rows of FREE/STARTER, filtered and sorted in the browser the way the server does it for live data. */
export function filterExampleDrops(items: PriceDropItem[], request: PriceDropsRequest): PriceDropItem[] {
  const search = request.search.trim().toLowerCase();
  const rows = items.filter(
    (i) =>
      (!search ||
        i.productName.toLowerCase().includes(search) ||
        i.productBrand.toLowerCase().includes(search) ||
        i.productPrimaryIdentifier.includes(search)) &&
      (!request.dropCategory || i.dropCategory === request.dropCategory) &&
      (!request.priority || i.priority === request.priority) &&
      (!request.brand || i.productBrand === request.brand) &&
      (request.minRoi === null || (i.bestRoiPercentage !== null && i.bestRoiPercentage >= request.minRoi)) &&
      (request.minUnitsPerMonth === null || (i.salesEstimate?.sellerUnitsPerMonth ?? -1) >= request.minUnitsPerMonth) &&
      (request.minMonthlyProfit === null || (i.estimatedMonthlyProfit ?? -Infinity) >= request.minMonthlyProfit) &&
      (request.listingRestriction !== 'sellable' || i.listingRestriction?.status === 'CAN_SELL') &&
      (request.listingRestriction !== 'hideNotEligible' || i.listingRestriction?.status !== 'NOT_ELIGIBLE'),
  );
  const pick = SORT_VALUE[request.sortBy];
  const direction = request.sortOrder === 'asc' ? 1 : -1;
  return rows.sort((a, b) => (pick(a) < pick(b) ? -direction : pick(a) > pick(b) ? direction : 0));
}
