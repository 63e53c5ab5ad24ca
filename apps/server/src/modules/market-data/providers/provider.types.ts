import type { MarketId } from '@dealradar/shared/markets';
import type { AmazonListing, WholesaleVariant } from '../market-data.types.ts';

/** What one retail look-up call against the upstream returned. */
export interface RetailBatchResult<K> {
  /** Listings per requested key; a key absent here (and not in `failed`) has no listing. */
  found: Map<string, K>;
  /** Keys that could not be looked up (upstream failure after retries). */
  failed: string[];
  /** Upstream HTTP requests made (for the cache's accounting and tests). */
  requests: number;
}

/** An Amazon data source (demo, Keepa, or "import only"). The cache in front of it does the batching. */
export interface RetailProvider {
  readonly name: 'demo' | 'keepa' | 'import';
  readonly isDemo: boolean;
  /** Most codes one upstream request may carry (Keepa: 100). */
  readonly batchSize: number;
  /** Listings of up to batchSize canonical EANs in one market. */
  lookupEans(eans: string[], market: MarketId, signal?: AbortSignal): Promise<RetailBatchResult<AmazonListing[]>>;
  /** Listings of up to batchSize ASINs in one market (for EAN-ASIN mappings); `ean` of each is ''. */
  lookupAsins(asins: string[], market: MarketId, signal?: AbortSignal): Promise<RetailBatchResult<AmazonListing>>;
}

/** A wholesale source (demo or Qogita). */
export interface WholesaleProvider {
  readonly name: 'demo' | 'qogita';
  readonly isDemo: boolean;
  listBrands(): Promise<string[]>;
  listVariants(brand: string): Promise<WholesaleVariant[]>;
  fetchCatalogue(): AsyncIterable<WholesaleVariant[]>;
}
