import type { AmazonListing, ResolvedListing } from './market-data.types.ts';

/** Ordering of the best-main-rank rule: a known, positive main rank first (lower is better), then a buy box, then ASIN. */
function rankKey(listing: AmazonListing): number {
  const rank = listing.mainCategoryRank;
  return rank !== null && rank > 0 ? rank : Number.POSITIVE_INFINITY;
}

export function compareByMainRank(a: AmazonListing, b: AmazonListing): number {
  const byRank = rankKey(a) - rankKey(b);
  if (byRank !== 0 && !Number.isNaN(byRank)) return byRank;
  const byBuyBox = (a.buyBoxPrice === null ? 1 : 0) - (b.buyBoxPrice === null ? 1 : 0);
  if (byBuyBox !== 0) return byBuyBox;
  return a.asin.localeCompare(b.asin);
}

export interface MappingOverride {
  asin: string;
  numberOfPacks: number;
}

/**
 * The listing used for one EAN in one market.
 * - An admin mapping wins when its ASIN is listed in that market (from the EAN's listings or an ASIN look-up);
 *   its numberOfPacks is the pack count.
 * - Otherwise the listing with the best (lowest) main-category rank; the others are kept as alternatives;
 *   the pack count is that listing's package quantity.
 */
export function resolveListing(
  ean: string,
  listings: AmazonListing[],
  mapping?: MappingOverride,
  mappedListing?: AmazonListing,
): ResolvedListing | undefined {
  if (mapping) {
    const chosen = listings.find((l) => l.asin === mapping.asin) ?? mappedListing;
    if (chosen) {
      return {
        listing: { ...chosen, ean },
        numberOfPacks: Math.max(1, mapping.numberOfPacks),
        alternatives: listings.filter((l) => l.asin !== chosen.asin).sort(compareByMainRank),
        mapped: true,
      };
    }
  }
  if (!listings.length) return undefined;
  const [best, ...rest] = [...listings].sort(compareByMainRank);
  return { listing: best!, numberOfPacks: Math.max(1, best!.packageQuantity || 1), alternatives: rest, mapped: false };
}
