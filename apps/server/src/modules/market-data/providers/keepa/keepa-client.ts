import { canonicalEan, toUpcA } from '@dealradar/shared/ean';
import type { MarketId } from '@dealradar/shared/markets';
import type { AmazonListing } from '../../market-data.types.ts';
import { backoffMs, fetchWithTimeout, PermanentUpstreamError, realSleep, type Sleep } from '../http-retry.ts';
import type { RetailBatchResult, RetailProvider } from '../provider.types.ts';
import { KEEPA_DOMAINS, productCodes, toListing, type KeepaProduct } from './keepa-product.ts';

export interface KeepaOptions {
  apiKey: string;
  baseUrl: string;
  now: () => Date;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  fetchImpl?: typeof fetch;
  sleep?: Sleep;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Transient failures (5xx, network, timeout, malformed answer) retried this many times (default 3). */
  maxRetries?: number;
  /** 429 waits before the batch is given up (default 5). */
  maxTokenWaits?: number;
  /** Backoff base (default 1 s). */
  backoffBaseMs?: number;
  /** Products returned per code at most (Keepa `code-limit`, default 5). */
  codeLimit?: number;
}

interface Envelope {
  tokensLeft?: number;
  refillIn?: number;
  refillRate?: number;
  products?: KeepaProduct[] | null;
  error?: { type?: string; message?: string } | null;
}

/**
 * The Keepa token bucket as the last answer described it: tokensLeft, refillIn (ms until the next refill) and
 * refillRate (tokens per minute). Before a request, if the bucket is empty we wait for the refill instead of
 * provoking a 429.
 */
export class KeepaTokenBudget {
  tokensLeft: number | undefined;
  refillRate = 0;
  private refillAt = 0;

  update(envelope: Envelope, nowMs: number): void {
    if (typeof envelope.tokensLeft === 'number') this.tokensLeft = envelope.tokensLeft;
    if (typeof envelope.refillRate === 'number') this.refillRate = envelope.refillRate;
    if (typeof envelope.refillIn === 'number') this.refillAt = nowMs + envelope.refillIn;
  }

  /** Milliseconds to wait before spending tokens (0 when tokens are left or nothing is known yet). */
  waitMs(nowMs: number): number {
    if (this.tokensLeft === undefined || this.tokensLeft > 0) return 0;
    let wait = Math.max(0, this.refillAt - nowMs);
    // A negative balance needs that many tokens refilled first (refillRate per minute).
    if (this.tokensLeft < 0 && this.refillRate > 0) wait += (-this.tokensLeft / this.refillRate) * 60_000;
    return Math.ceil(wait) + 100;
  }

  /** After a refill the balance is unknown until the next answer. */
  spentWait(): void {
    this.tokensLeft = undefined;
  }
}

/** The Keepa /product adapter: ≤ 100 codes per request, several listings per code, polite token use. */
export function createKeepaProvider(options: KeepaOptions): RetailProvider & { budget: KeepaTokenBudget } {
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 3;
  const maxTokenWaits = options.maxTokenWaits ?? 5;
  const base = options.baseUrl.replace(/\/$/, '');
  const budget = new KeepaTokenBudget();

  /** One /product call with retries; resolves to the products or throws after giving up. */
  async function getProducts(params: Record<string, string>, counter: { requests: number }, signal?: AbortSignal): Promise<KeepaProduct[]> {
    const query = new URLSearchParams({ key: options.apiKey, ...params });
    const url = `${base}/product?${query.toString()}`;
    let transientFailures = 0;
    let tokenWaits = 0;
    for (;;) {
      const wait = budget.waitMs(Date.now());
      if (wait > 0) {
        await sleep(wait);
        budget.spentWait();
      }
      counter.requests += 1;
      let status = 0;
      let body: Envelope | undefined;
      let failure: string | undefined;
      try {
        const response = await fetchWithTimeout(fetchImpl, url, { headers: { 'accept-encoding': 'gzip' } }, timeoutMs, signal);
        status = response.status;
        const text = await response.text();
        try {
          body = JSON.parse(text) as Envelope;
        } catch {
          failure = `malformed answer (HTTP ${status})`;
        }
      } catch (error) {
        if (signal?.aborted) throw error;
        failure = (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : `network error: ${(error as Error).message}`;
      }
      if (body) budget.update(body, Date.now());

      if (!failure && status === 200 && body) {
        if (body.products !== undefined && body.products !== null && !Array.isArray(body.products)) failure = 'malformed products';
        else return body.products ?? [];
      }
      if (status === 429 || status === 503) {
        tokenWaits += 1;
        if (tokenWaits > maxTokenWaits) throw new Error(`Keepa kept answering ${status} (out of tokens)`);
        // Wait for the refill the answer announced (plus the deficit), then retry the identical request.
        const announced = body ? budget.waitMs(Date.now()) : backoffMs(tokenWaits, options.backoffBaseMs ?? 1000);
        await sleep(Math.max(announced, 100));
        budget.spentWait();
        continue;
      }
      if ([400, 401, 402, 404, 405].includes(status)) {
        throw new PermanentUpstreamError(`Keepa refused the request (${status} ${body?.error?.type ?? ''} ${body?.error?.message ?? ''})`.trim());
      }
      failure ??= `HTTP ${status}`;
      transientFailures += 1;
      if (transientFailures > maxRetries) throw new Error(`Keepa failed: ${failure}`);
      await sleep(backoffMs(transientFailures - 1, options.backoffBaseMs ?? 1000));
    }
  }

  const commonParams = (market: MarketId) => ({
    domain: String(KEEPA_DOMAINS[market]),
    stats: '90',
    buybox: '1',
    rating: '1',
    history: '1',
    days: '2',
  });

  async function lookupEans(eans: string[], market: MarketId, signal?: AbortSignal): Promise<RetailBatchResult<AmazonListing[]>> {
    if (eans.length > 100) throw new Error('Keepa takes at most 100 codes per request.');
    // North America lists UPC-A: send the 12-digit form of codes that have one.
    const wire = eans.map((ean) => ((market === 'US' || market === 'CA') && toUpcA(ean)) || ean);
    const counter = { requests: 0 };
    try {
      const products = await getProducts({ ...commonParams(market), code: wire.join(','), 'code-limit': String(options.codeLimit ?? 5) }, counter, signal);
      const wanted = new Set(eans);
      const found = new Map<string, AmazonListing[]>();
      const fetchedAt = options.now();
      for (const product of products) {
        const codes = productCodes(product).filter((c) => wanted.has(c));
        for (const ean of codes) {
          const listing = toListing(product, ean, market, fetchedAt);
          if (!listing) continue;
          const list = found.get(ean) ?? [];
          if (!list.some((l) => l.asin === listing.asin)) list.push(listing);
          found.set(ean, list);
        }
      }
      return { found, failed: [], requests: counter.requests };
    } catch (error) {
      if (signal?.aborted) throw error;
      const log = error instanceof PermanentUpstreamError ? options.log.error : options.log.warn;
      log({ market, codes: eans.length, err: (error as Error).message }, 'Keepa batch not looked up');
      return { found: new Map(), failed: [...eans], requests: counter.requests };
    }
  }

  async function lookupAsins(asins: string[], market: MarketId, signal?: AbortSignal): Promise<RetailBatchResult<AmazonListing>> {
    const counter = { requests: 0 };
    try {
      const products = await getProducts({ ...commonParams(market), asin: asins.join(',') }, counter, signal);
      const found = new Map<string, AmazonListing>();
      const fetchedAt = options.now();
      for (const product of products) {
        const ean = productCodes(product)[0] ?? '';
        const listing = toListing(product, canonicalEan(ean) ?? '', market, fetchedAt);
        if (listing && asins.includes(listing.asin)) found.set(listing.asin, listing);
      }
      return { found, failed: [], requests: counter.requests };
    } catch (error) {
      if (signal?.aborted) throw error;
      options.log.warn({ market, asins: asins.length, err: (error as Error).message }, 'Keepa ASIN batch not looked up');
      return { found: new Map(), failed: [...asins], requests: counter.requests };
    }
  }

  return { name: 'keepa', isDemo: false, batchSize: 100, lookupEans, lookupAsins, budget };
}
