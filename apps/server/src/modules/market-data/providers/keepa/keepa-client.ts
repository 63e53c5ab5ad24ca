import { canonicalEan, toUpcA } from '@dealradar/shared/ean';
import type { MarketId } from '@dealradar/shared/markets';
import type { AmazonListing } from '../../market-data.types.ts';
import { countUpstreamCall, recordKeepaTokens } from '../../../../lib/metrics.ts';
import { backoffMs, fetchWithTimeout, PermanentUpstreamError, realSleep, type Sleep } from '../http-retry.ts';
import type { RetailBatchResult, RetailCallOptions, RetailProvider, TokenAccount } from '../provider.types.ts';
import { KEEPA_DOMAINS, productCodes, toListing, type KeepaProduct } from './keepa-product.ts';
import { withoutBuyBox } from './keepa-phases.ts';

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
  tokensConsumed?: number;
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
    recordKeepaTokens(envelope.tokensLeft, envelope.refillRate);
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

  /** When the wait of `waitMs` ends and why, for the scan's status. */
  describeWait(nowMs: number, waitMs: number) {
    const rate = this.refillRate > 0 ? this.refillRate : null;
    const left = this.tokensLeft ?? null;
    const reason =
      left !== null && left < 0
        ? `The Keepa account is ${-left} tokens in debt; it refills ${rate ?? '?'} tokens per minute.`
        : `The Keepa account has no tokens left; it refills ${rate ?? '?'} tokens per minute.`;
    return { until: new Date(nowMs + waitMs), tokensLeft: left, refillRate: rate, reason };
  }
}

/** Request parameters of the two phases (docs/market-data.md "Keepa tokens"). */
function phaseParams(market: MarketId, buyBox: boolean): Record<string, string> {
  const common = { domain: String(KEEPA_DOMAINS[market]), stats: '90', history: '1', days: '2' };
  // First phase: 1 token per product. The buy box costs 2 more per product; rating may cost more [U], so it is only
  // asked for with the buy box (the products that are kept). With the buy box, 90 days of history: the buy box's daily
  // prices give the 90-day stability; history costs no tokens, only a larger answer.
  return buyBox ? { ...common, days: '90', buybox: '1', rating: '1' } : common;
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
  async function getProducts(
    params: Record<string, string>,
    counter: { requests: number; tokens: number },
    signal?: AbortSignal,
    onTokenWait?: RetailCallOptions['onTokenWait'],
  ): Promise<KeepaProduct[]> {
    const query = new URLSearchParams({ key: options.apiKey, ...params });
    const url = `${base}/product?${query.toString()}`;
    let transientFailures = 0;
    let tokenWaits = 0;
    for (;;) {
      const wait = budget.waitMs(Date.now());
      if (wait > 0) await waitForTokens(wait, signal, onTokenWait);
      counter.requests += 1;
      let status = 0;
      let body: Envelope | undefined;
      let failure: string | undefined;
      try {
        const response = await countUpstreamCall('keepa', () =>
          fetchWithTimeout(fetchImpl, url, { headers: { 'accept-encoding': 'gzip' } }, timeoutMs, signal),
        );
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
      if (body) {
        budget.update(body, Date.now());
        if (typeof body.tokensConsumed === 'number' && body.tokensConsumed > 0) counter.tokens += body.tokensConsumed;
      }

      if (!failure && status === 200 && body) {
        if (body.products !== undefined && body.products !== null && !Array.isArray(body.products)) failure = 'malformed products';
        else return body.products ?? [];
      }
      if (status === 429 || status === 503) {
        tokenWaits += 1;
        if (tokenWaits > maxTokenWaits) throw new Error(`Keepa kept answering ${status} (out of tokens)`);
        // Wait for the refill the answer announced (plus the deficit), then retry the identical request.
        const announced = body ? budget.waitMs(Date.now()) : backoffMs(tokenWaits, options.backoffBaseMs ?? 1000);
        await waitForTokens(Math.max(announced, 100), signal, onTokenWait);
        continue;
      }
      if ([400, 401, 402, 404, 405].includes(status)) {
        throw new PermanentUpstreamError(`Keepa refused the request (${status} ${body?.error?.type ?? ''} ${body?.error?.message ?? ''})`.trim());
      }
      failure ??= `HTTP ${status}`;
      transientFailures += 1;
      if (transientFailures > maxRetries) throw new Error(`Keepa failed: ${failure}`);
      await sleep(backoffMs(transientFailures - 1, options.backoffBaseMs ?? 1000), signal);
    }
  }

  /** Sits out an empty bucket (the scan's status says so; a cancel ends the wait at once). */
  async function waitForTokens(ms: number, signal: AbortSignal | undefined, onTokenWait: RetailCallOptions['onTokenWait']): Promise<void> {
    onTokenWait?.(budget.describeWait(Date.now(), ms));
    try {
      await sleep(ms, signal);
    } finally {
      onTokenWait?.(null);
    }
    budget.spentWait();
  }

  /** The balance and refill rate; the free GET /token when no answer has told them yet. */
  async function tokenAccount(): Promise<TokenAccount> {
    if (budget.tokensLeft === undefined && budget.refillRate === 0) {
      try {
        const response = await countUpstreamCall('keepa', () =>
          fetchWithTimeout(fetchImpl, `${base}/token?key=${encodeURIComponent(options.apiKey)}`, {}, timeoutMs),
        );
        if (response.ok) budget.update((await response.json()) as Envelope, Date.now());
      } catch (error) {
        options.log.warn({ err: (error as Error).message }, 'Keepa token status not read');
      }
    }
    return { tokensLeft: budget.tokensLeft ?? null, refillRate: budget.refillRate > 0 ? budget.refillRate : null };
  }

  async function lookupEans(
    eans: string[],
    market: MarketId,
    signal?: AbortSignal,
    callOptions: RetailCallOptions = {},
  ): Promise<RetailBatchResult<AmazonListing[]>> {
    const buyBox = callOptions.buyBox ?? true;
    if (eans.length > 100) throw new Error('Keepa takes at most 100 codes per request.');
    // North America lists UPC-A: send the 12-digit form of codes that have one.
    const wire = eans.map((ean) => ((market === 'US' || market === 'CA') && toUpcA(ean)) || ean);
    const counter = { requests: 0, tokens: 0 };
    try {
      const params = { ...phaseParams(market, buyBox), code: wire.join(','), 'code-limit': String(options.codeLimit ?? 5) };
      const products = await getProducts(params, counter, signal, callOptions.onTokenWait);
      const wanted = new Set(eans);
      const found = new Map<string, AmazonListing[]>();
      const fetchedAt = options.now();
      for (const product of products) {
        const codes = productCodes(product).filter((c) => wanted.has(c));
        for (const ean of codes) {
          const full = toListing(product, ean, market, fetchedAt);
          if (!full) continue;
          const listing = buyBox ? full : withoutBuyBox(full, product);
          const list = found.get(ean) ?? [];
          if (!list.some((l) => l.asin === listing.asin)) list.push(listing);
          found.set(ean, list);
        }
      }
      return { found, failed: [], requests: counter.requests, tokens: counter.tokens };
    } catch (error) {
      if (signal?.aborted) throw error;
      const log = error instanceof PermanentUpstreamError ? options.log.error : options.log.warn;
      log({ market, codes: eans.length, err: (error as Error).message }, 'Keepa batch not looked up');
      return { found: new Map(), failed: [...eans], requests: counter.requests, tokens: counter.tokens };
    }
  }

  async function lookupAsins(
    asins: string[],
    market: MarketId,
    signal?: AbortSignal,
    callOptions: RetailCallOptions = {},
  ): Promise<RetailBatchResult<AmazonListing>> {
    const counter = { requests: 0, tokens: 0 };
    try {
      const products = await getProducts({ ...phaseParams(market, true), asin: asins.join(',') }, counter, signal, callOptions.onTokenWait);
      const found = new Map<string, AmazonListing>();
      const fetchedAt = options.now();
      for (const product of products) {
        const ean = productCodes(product)[0] ?? '';
        const listing = toListing(product, canonicalEan(ean) ?? '', market, fetchedAt);
        if (listing && asins.includes(listing.asin)) found.set(listing.asin, listing);
      }
      return { found, failed: [], requests: counter.requests, tokens: counter.tokens };
    } catch (error) {
      if (signal?.aborted) throw error;
      options.log.warn({ market, asins: asins.length, err: (error as Error).message }, 'Keepa ASIN batch not looked up');
      return { found: new Map(), failed: [...asins], requests: counter.requests, tokens: counter.tokens };
    }
  }

  return { name: 'keepa', isDemo: false, batchSize: 100, lookupEans, lookupAsins, tokenAccount, budget };
}
