import type { MarketId } from '@dealradar/shared/markets';
import type { AmazonListing, QogitaWatchlist, WholesaleOffer, WholesaleVariant } from '../market-data.types.ts';

/** What one retail look-up call against the upstream returned. */
export interface RetailBatchResult<K> {
  /** Listings per requested key; a key absent here (and not in `failed`) has no listing. */
  found: Map<string, K>;
  /** Keys that could not be looked up (upstream failure after retries). */
  failed: string[];
  /** Upstream HTTP requests made (for the cache's accounting and tests). */
  requests: number;
  /** Keepa tokens the upstream charged (its `tokensConsumed`); absent or 0 for sources without tokens. */
  tokens?: number;
}

/** A look-up waiting for the Keepa token bucket to refill (null: the wait ended). */
export interface TokenWait {
  until: Date;
  /** The balance the last answer reported (may be negative). */
  tokensLeft: number | null;
  /** Tokens per minute. */
  refillRate: number | null;
  reason: string;
}

export interface RetailCallOptions {
  /**
   * false: the cheap first phase of the two-phase look-up (no buy-box data; Keepa charges 1 token per product instead
   * of 3); listings come back with `withoutBuyBox` and `highestSeenPrice`. Default true.
   */
  buyBox?: boolean;
  /** Told when a request must wait for tokens and when the wait ends. */
  onTokenWait?: (wait: TokenWait | null) => void;
}

/** The Keepa account as the last answer (or the free /token call) described it. */
export interface TokenAccount {
  tokensLeft: number | null;
  /** Tokens per minute. */
  refillRate: number | null;
}

/** An Amazon data source (demo, Keepa, or "import only"). The cache in front of it does the batching. */
export interface RetailProvider {
  readonly name: 'demo' | 'keepa' | 'import';
  readonly isDemo: boolean;
  /** Most codes one upstream request may carry (Keepa: 100). */
  readonly batchSize: number;
  /** Listings of up to batchSize canonical EANs in one market. */
  lookupEans(eans: string[], market: MarketId, signal?: AbortSignal, options?: RetailCallOptions): Promise<RetailBatchResult<AmazonListing[]>>;
  /** Listings (always with buy-box data) of up to batchSize ASINs in one market; `ean` of each is ''. */
  lookupAsins(asins: string[], market: MarketId, signal?: AbortSignal, options?: RetailCallOptions): Promise<RetailBatchResult<AmazonListing>>;
  /**
   * Sources that charge Keepa tokens (Keepa; the demo simulates Keepa's charges): the account's balance and refill
   * rate, asked for (free) when no answer has told it yet. Absent: look-ups cost no tokens.
   */
  tokenAccount?(): Promise<TokenAccount>;
}

/** A wholesale source (demo or Qogita). */
export interface WholesaleProvider {
  readonly name: 'demo' | 'qogita';
  readonly isDemo: boolean;
  listBrands(): Promise<string[]>;
  listVariants(brand: string): Promise<WholesaleVariant[]>;
  fetchCatalogue(): AsyncIterable<WholesaleVariant[]>;
  /** The offers of one variant (seller, price, inventory, MOV). */
  offersOf?(variant: { gtin: string; productUrl: string | null }): Promise<WholesaleOffer[]>;
  /** The buyer's watchlist (Qogita only). */
  watchlist?: QogitaWatchlist;
}
