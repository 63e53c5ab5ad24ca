import type { SalesFacts } from '@dealradar/shared/sales-estimate';
import type { AmazonListing } from './market-data.types.ts';

/**
 * The listing's sales facts (docs/sales-estimate.md); a listing without them (an import, an older cache entry) gives
 * what it has: its monthly sales figure as monthlySold, its main rank, its offer count.
 */
export function salesFactsOf(listing: AmazonListing): SalesFacts {
  return (
    listing.sales ?? {
      monthlySold: listing.estimatedMonthlySales,
      rankDrops30: null,
      rankDrops90: null,
      salesRank: listing.mainCategoryRank,
      rootCategory: null,
      newFbaOffers: null,
      newOffers: listing.offerCount,
      amazonBuyBoxShare: null,
    }
  );
}
