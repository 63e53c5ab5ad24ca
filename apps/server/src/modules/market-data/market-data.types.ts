import type { MarketId } from '@dealradar/shared/markets';

/**
 * The market-data layer's contract. Owned by the market-data module (issue 4); scans, brand analysis and
 * price drops use only this. Money is always integer minor units (cents/pence) in the stated currency.
 */

/** One Amazon listing of an EAN in one market, as the retail provider (Keepa, import or demo) reported it. */
export interface AmazonListing {
  /** Canonical 13-digit EAN (GTIN-13; GTIN-14 only when no 13-digit form exists) the listing was found for. */
  ean: string;
  asin: string;
  market: MarketId;
  title: string | null;
  brand: string | null;
  imageUrl: string | null;
  /** Buy-box price as the buyer pays it (VAT-inclusive in DE/UK/FR/IT/ES), minor units of the market currency. Null: no buy box. */
  buyBoxPrice: number | null;
  lowestFbaPrice: number | null;
  lowestFbmPrice: number | null;
  /** New offer count (shown as numberOfSellers). */
  offerCount: number | null;
  mainCategoryRank: number | null;
  /** Beauty (sub-category) rank, shown as the secondary rank. */
  beautyCategoryRank: number | null;
  estimatedMonthlySales: number | null;
  /** 0–5 stars. */
  rating: number | null;
  reviewCount: number | null;
  buyBoxSellerId: string | null;
  /** Referral fee as a fraction (0.15 = 15 %); null: use the market's default schedule. */
  referralFeeRate: number | null;
  /** FBA pick-and-pack fee per unit, minor units of the market currency; null when unknown. */
  fbaFee: number | null;
  /** Units in the listing (package quantity / number of items), at least 1. */
  packageQuantity: number;
  fetchedAt: Date;
  source: 'demo' | 'keepa' | 'import';
}

/** The listing used for an EAN in a market after EAN-ASIN mappings and the best-rank rule. */
export interface ResolvedListing {
  listing: AmazonListing;
  /** Pack count for the cost: the mapping's numberOfPacks, else the listing's packageQuantity. */
  numberOfPacks: number;
  /** Other listings of the same EAN in that market (kept for display). */
  alternatives: AmazonListing[];
  /** True when an admin's EAN-ASIN mapping chose the ASIN. */
  mapped: boolean;
}

export interface LookupResult {
  /** By canonical EAN; an EAN that was looked up and has no listing is absent here. */
  resolved: Map<string, ResolvedListing>;
  /** EANs that could not be looked up (upstream failure); report them, don't treat them as "no listing". */
  notLookedUp: string[];
  /** Upstream requests this call made (0 when everything came from the cache). */
  upstreamRequests: number;
}

/** One wholesale (Qogita) variant. Prices in EUR minor units. */
export interface WholesaleVariant {
  gtin: string;
  name: string;
  brand: string;
  category: string | null;
  priceExclVat: number;
  priceInclVat: number;
  currency: 'EUR';
  stock: number | null;
  productUrl: string | null;
  imageUrl: string | null;
}

export interface FxRate {
  from: string;
  to: string;
  rate: number;
  /** The date the rate is valid for (YYYY-MM-DD). */
  date: string;
  /** Where the rate came from: FX_RATES ('config'), the ECB feed ('ecb') or the offline table ('built-in'). */
  source?: 'config' | 'ecb' | 'built-in';
}

export interface MarketDataService {
  /** 'demo', 'keepa', 'qogita' … — what the admin Settings shows as the active source. */
  readonly source: { retail: string; wholesale: string; isDemo: boolean };
  /**
   * Resolved Amazon listings for many EANs in one market: from the shared database cache when fresh,
   * else batched upstream calls (concurrent look-ups of the same EAN are not duplicated).
   * Input EANs must already be canonical (see @dealradar/shared/ean).
   */
  lookupListings(eans: string[], market: MarketId, options?: { signal?: AbortSignal }): Promise<LookupResult>;
  /** Every brand name of the wholesale catalogue, sorted. */
  listWholesaleBrands(): Promise<string[]>;
  /** Every wholesale variant of one brand. */
  listWholesaleVariants(brand: string): Promise<WholesaleVariant[]>;
  /** The full wholesale catalogue in batches (the price monitor's snapshot). */
  fetchWholesaleCatalogue(): AsyncIterable<WholesaleVariant[]>;
  /** EUR-based reference rate from → to (identity when equal). */
  fxRate(from: string, to: string): Promise<FxRate>;
}
