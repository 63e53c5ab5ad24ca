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

/** An organization's match rules for one EAN (docs/trusted-deals.md). */
export interface EanMatchRules {
  /** ASINs this EAN is never matched to ("wrong match"). */
  never: Set<string>;
  /** The ASIN this EAN is always matched to, with its pack count. */
  always?: MappingOverride;
}

/**
 * The listing used for one EAN in one market. Precedence (docs/trusted-deals.md):
 * 1. the organization's always rule, when its ASIN is listed in that market (the EAN's listings or an ASIN look-up);
 *    its numberOfPacks is the pack count;
 * 2. the admin's mapping, when its ASIN is listed there and no never rule of the organization names it;
 * 3. the listing with the best (lowest) main-category rank among those no never rule excludes; its package quantity.
 * Listings a never rule excludes are not offered as alternatives either; when every listing is excluded, no match.
 */
export function resolveListing(
  ean: string,
  listings: AmazonListing[],
  mapping?: MappingOverride,
  mappedListing?: AmazonListing,
  rules?: EanMatchRules,
  ruleListing?: AmazonListing,
): ResolvedListing | undefined {
  const usable = rules?.never.size ? listings.filter((l) => !rules.never.has(l.asin)) : listings;
  const pick = (override: MappingOverride, fallback: AmazonListing | undefined, matchedBy: 'rule' | 'mapping'): ResolvedListing | undefined => {
    const chosen = usable.find((l) => l.asin === override.asin) ?? fallback;
    if (!chosen) return undefined;
    return {
      listing: { ...chosen, ean },
      numberOfPacks: Math.max(1, override.numberOfPacks),
      alternatives: usable.filter((l) => l.asin !== chosen.asin).sort(compareByMainRank),
      mapped: matchedBy === 'mapping',
      matchedBy,
    };
  };
  if (rules?.always) {
    const byRule = pick(rules.always, ruleListing, 'rule');
    if (byRule) return byRule;
  }
  if (mapping && !rules?.never.has(mapping.asin)) {
    const byMapping = pick(mapping, mappedListing, 'mapping');
    if (byMapping) return byMapping;
  }
  if (!usable.length) return undefined;
  const [best, ...rest] = [...usable].sort(compareByMainRank);
  return { listing: best!, numberOfPacks: Math.max(1, best!.packageQuantity || 1), alternatives: rest, mapped: false, matchedBy: 'rank' };
}
