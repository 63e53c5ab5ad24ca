import type { AmazonListing } from '../../market-data.types.ts';
import { CSV, type KeepaProduct } from './keepa-product.ts';

/** Price series a first-phase answer (no `buybox`) carries: Amazon, new, new FBM incl. shipping, new FBA. */
const SEEN_PRICE_SERIES = [CSV.AMAZON, CSV.NEW, CSV.NEW_FBM_SHIPPING, CSV.NEW_FBA] as const;

interface StatsWithMax {
  current?: Array<number | null> | null;
  /** Per csv series: [keepaTime, value] of the maximum over the stats period (stats=90: 90 days), or null. */
  max?: Array<number[] | null> | null;
}

/**
 * The highest price Keepa shows for a product without buy-box data: the current value and the 90-day maximum of the
 * Amazon, new, FBM and FBA series (minor units). Null when Keepa shows no price at all.
 */
export function highestSeenPrice(product: KeepaProduct): number | null {
  const stats = (product.stats ?? {}) as StatsWithMax;
  let highest: number | null = null;
  for (const series of SEEN_PRICE_SERIES) {
    const values = [stats.current?.[series], stats.max?.[series]?.[1]];
    for (const value of values) if (typeof value === 'number' && value > 0 && (highest === null || value > highest)) highest = value;
  }
  return highest;
}

/** A first-phase listing: the buy box is unknown (not "none") until the second phase asks for it. */
export function withoutBuyBox(listing: AmazonListing, product: KeepaProduct): AmazonListing {
  return {
    ...listing,
    buyBoxPrice: null,
    buyBoxSellerId: null,
    buyBoxAvg30: null,
    buyBoxAvg90: null,
    buyBoxDaily90: null,
    withoutBuyBox: true,
    highestSeenPrice: highestSeenPrice(product),
    sales: listing.sales ? { ...listing.sales, amazonBuyBoxShare: null } : listing.sales,
  };
}
