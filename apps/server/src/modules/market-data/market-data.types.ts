import type { MarketId } from '@dealradar/shared/markets';
import type { SalesFacts } from '@dealradar/shared/sales-estimate';
import type { TokenAccount, TokenWait } from './providers/provider.types.ts';

export type { TokenAccount, TokenWait };

/**
 * The market-data layer's contract. Owned by the market-data module; scans, brand analysis and
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
  /**
   * True when the listing came from the cheap first phase of the two-phase look-up (docs/market-data.md "Keepa
   * tokens"): buyBoxPrice and buyBoxSellerId are unknown (null), not "no buy box". Absent: complete data.
   */
  withoutBuyBox?: boolean;
  /** Average buy-box price over the last 30 / 90 days (Keepa stats avg30 / avg90), minor units; null or absent: unknown. */
  buyBoxAvg30?: number | null;
  buyBoxAvg90?: number | null;
  /**
   * The buy box's daily prices of the last 90 days, oldest first (@dealradar/shared/stability: > 0 price, 0 no buy box,
   * null no data); null or absent: no history (first phase, imports).
   */
  buyBoxDaily90?: Array<number | null> | null;
  /** First phase only: the highest price Keepa shows for the listing (current and 90-day maximum of Amazon, new, FBA, FBM). */
  highestSeenPrice?: number | null;
  /**
   * What the sales estimate is made of (@dealradar/shared/sales-estimate, docs/sales-estimate.md): monthlySold, rank
   * drops, rank and root category, new FBA offers, Amazon's buy-box share. Absent (imports, older cache entries): the
   * estimate uses estimatedMonthlySales, the main rank and the offer count.
   */
  sales?: SalesFacts | null;
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
  /** What chose the listing: the organization's always rule, the admin's mapping, or the best rank. */
  matchedBy?: 'rule' | 'mapping' | 'rank';
}

export interface LookupResult {
  /** By canonical EAN; an EAN that was looked up and has no listing is absent here. */
  resolved: Map<string, ResolvedListing>;
  /** EANs that could not be looked up (upstream failure); report them, don't treat them as "no listing". */
  notLookedUp: string[];
  /** Upstream requests this call made (0 when everything came from the cache). */
  upstreamRequests: number;
  /** Keepa tokens this call spent (as the answers' tokensConsumed reported them). */
  tokensSpent?: number;
}

/** What a scan tells the look-up (two-phase look-up, token waits). */
export interface LookupOptions {
  signal?: AbortSignal;
  /**
   * Two-phase look-up: new EANs are first looked up without buy-box data; only listings for which this answers true
   * (given the listing priced at the highest price Keepa shows) are asked for their buy box. Absent: every listing gets
   * its buy box (one phase).
   */
  candidate?: (ean: string, atHighestPrice: ResolvedListing) => boolean;
  onTokenWait?: (wait: TokenWait | null) => void;
  /**
   * Apply this organization's match rules: never-matched ASINs are left out, an always rule chooses the
   * ASIN and pack count and wins over the admin's mapping. Absent: admin mappings and the best rank only.
   */
  organizationId?: string;
}

/** Expected Keepa tokens of looking EANs up now (docs/market-data.md "Keepa tokens"). */
export interface TokenEstimate {
  /** Distinct EANs asked about. */
  eans: number;
  /** EANs with no fresh shared-cache entry (they go to Keepa). */
  newEans: number;
  /** EANs cached from a first phase only (a candidate among them still needs its buy box). */
  withoutBuyBoxEans: number;
  tokens: number;
  /** Tokens per minute of the account (null: unknown). */
  refillRate: number | null;
  tokensLeft: number | null;
  /** Minutes until the tokens are there at the refill rate (0 when the balance covers it; null: rate unknown). */
  minutes: number | null;
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

/** One seller's offer of a wholesale variant (Qogita `/variants/{fid}/{slug}/offers/`); money in major units of its currency. */
export interface WholesaleOffer {
  /** The seller's (supplier's) FID on Qogita. */
  seller: string;
  price: number;
  priceCurrency: string;
  /** Units the seller has; null when not given. */
  inventory: number | null;
  /** The seller's minimum order value; null when not given. */
  mov: number | null;
  movCurrency: string;
}

/** One item of the buyer's Qogita watchlist as `/watchlist/items/` sends and takes it. */
export interface WatchlistItemInput {
  gtin: string;
  /** Decimal string, e.g. "7.45". */
  targetPrice: string;
  targetPriceCurrency: string;
  targetQuantity: number;
}

/** What Qogita answered to one watchlist write: ok, or refused with the sentence of its error body. */
export type WatchlistWriteResult = { ok: true; action: 'created' | 'updated' } | { ok: false; status: number; error: string };

/** The buyer's Qogita watchlist (external-apis.md §2.4), through the install's Qogita account. */
export interface QogitaWatchlist {
  /** GTINs already on the watchlist. */
  listGtins(): Promise<Set<string>>;
  /** POST /watchlist/items/ (new) or PATCH /watchlist/items/{gtin}/ (already there). */
  put(item: WatchlistItemInput, exists: boolean): Promise<WatchlistWriteResult>;
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

/**
 * The distinct EANs a token estimate is about: how many, and an even sample of at most ESTIMATE_SAMPLE of them (the
 * answer is "about" anyway, and a list of 800,000 EANs is not turned into 800,000 strings for it).
 */
export interface EanSample {
  count: number;
  sample: string[];
}

export interface MarketDataService {
  /** 'demo', 'keepa', 'qogita' … — what the admin Settings shows as the active source. */
  readonly source: { retail: string; wholesale: string; isDemo: boolean };
  /**
   * Resolved Amazon listings for many EANs in one market: from the shared database cache when fresh,
   * else batched upstream calls (concurrent look-ups of the same EAN are not duplicated).
   * Input EANs must already be canonical (see @dealradar/shared/ean).
   */
  lookupListings(eans: string[], market: MarketId, options?: LookupOptions): Promise<LookupResult>;
  /**
   * The same resolved listings with `listing.buyBoxDaily90` filled in from the cache (null when none is known):
   * look-ups leave it out, so a list is priced without reading ninety values per listing; deals ask for it.
   */
  withBuyBoxHistory(market: MarketId, items: ResolvedListing[]): Promise<ResolvedListing[]>;
  /**
   * Expected Keepa tokens and time of looking a list's distinct canonical EANs up now (0 tokens when the source charges
   * none), judged by an even sample of them (token-estimate.ts eanSample).
   */
  estimateTokens?(eans: EanSample, market: MarketId): Promise<TokenEstimate>;
  /** The Keepa account's balance and refill rate (null fields when the source charges no tokens). */
  tokenAccount?(): Promise<TokenAccount>;
  /**
   * The newest listing of an ASIN in a market as the cache holds it (never an upstream call): from the entry of `ean`
   * when given, else the ASIN's own entry; undefined when none is known. Amazon's fee estimate compares Amazon's fees
   * with our rules' at this listing's buy box (seller-account/amazon-fees.service.ts).
   */
  cachedListing?(asin: string, market: MarketId, ean?: string): Promise<AmazonListing | undefined>;
  /** Every brand name of the wholesale catalogue, sorted. */
  listWholesaleBrands(): Promise<string[]>;
  /** Every wholesale variant of one brand. */
  listWholesaleVariants(brand: string): Promise<WholesaleVariant[]>;
  /** The full wholesale catalogue in batches (the price monitor's snapshot). */
  fetchWholesaleCatalogue(): AsyncIterable<WholesaleVariant[]>;
  /** EUR-based reference rate from → to (identity when equal). */
  fxRate(from: string, to: string): Promise<FxRate>;
  /** The offers of one wholesale variant (seller, MOV, inventory); the demo answers deterministic offers. */
  wholesaleOffers?(variant: { gtin: string; productUrl: string | null }): Promise<WholesaleOffer[]>;
  /** The buyer's Qogita watchlist; null when no Qogita account is configured (demo wholesale data). */
  qogitaWatchlist?: QogitaWatchlist | null;
}
