import type { FxRate, WatchlistItemInput, WatchlistWriteResult, WholesaleOffer, WholesaleVariant } from '../../market-data.types.ts';
import { countUpstreamCall } from '../../../../lib/metrics.ts';
import { backoffMs, fetchWithTimeout, PermanentUpstreamError, realSleep, type Sleep } from '../http-retry.ts';
import type { WholesaleProvider } from '../provider.types.ts';
import { accountCurrencyOf, parseQogitaCsv } from './qogita-csv.ts';

export interface QogitaOptions {
  email: string;
  password: string;
  baseUrl: string;
  log: { warn(obj: object, msg?: string): void };
  fetchImpl?: typeof fetch;
  sleep?: Sleep;
  timeoutMs?: number;
  /** Catalogue downloads can be large and slow (default 5 min). */
  downloadTimeoutMs?: number;
  maxRetries?: number;
  backoffBaseMs?: number;
  /** Longest Retry-After we honour before giving up (default 15 min: the download limit's window). */
  maxRetryAfterMs?: number;
  /** Per-brand variant lists are kept this long (the download endpoint allows 5 requests per 15 minutes). */
  brandCacheMs?: number;
  now?: () => number;
  /** The day's reference rates (1 EUR = rate units): an account in GBP (or another currency) is converted to EUR. */
  fxRate?: (from: string, to: string) => Promise<FxRate>;
}

/**
 * The Qogita Buyer API adapter: login (POST /auth/login/), Bearer token renewed by logging in again on a 401,
 * DRF page-number pagination (page, size, next), Retry-After on 429, and the catalogue CSV download
 * (/variants/search/download/) because the JSON search is capped at 10,000 results.
 */
export function createQogitaProvider(options: QogitaOptions): WholesaleProvider {
  const rawFetch = options.fetchImpl ?? fetch;
  // Every call to Qogita counts in the upstream metrics (lib/metrics.ts), failures too.
  const fetchImpl: typeof fetch = (input, init) => countUpstreamCall('qogita', () => rawFetch(input, init));
  const sleep = options.sleep ?? realSleep;
  const base = options.baseUrl.replace(/\/$/, '');
  const maxRetries = options.maxRetries ?? 3;
  const now = options.now ?? Date.now;
  let token: string | undefined;
  let loggingIn: Promise<string> | undefined;
  const brandCache = new Map<string, { at: number; variants: WholesaleVariant[] }>();

  async function login(): Promise<string> {
    loggingIn ??= (async () => {
      const response = await fetchWithTimeout(
        fetchImpl,
        `${base}/auth/login/`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ email: options.email, password: options.password }),
        },
        options.timeoutMs ?? 30_000,
      );
      if (response.status === 400 || response.status === 401)
        throw new PermanentUpstreamError('Qogita refused the login (check QOGITA_EMAIL and QOGITA_PASSWORD).');
      if (!response.ok) throw new Error(`Qogita login failed (${response.status}).`);
      const body = (await response.json()) as { accessToken?: string };
      if (!body.accessToken) throw new Error('Qogita login answered without an access token.');
      token = body.accessToken;
      return token;
    })().finally(() => {
      loggingIn = undefined;
    });
    return loggingIn;
  }

  /**
   * A call with auth, one re-login on 401, Retry-After on 429; GETs are retried with backoff on 5xx/network. Answers
   * every other status as it came (the caller decides what a 4xx means).
   */
  async function call(pathAndQuery: string, init: { method?: string; body?: unknown } = {}, timeoutMs = options.timeoutMs ?? 30_000): Promise<Response> {
    const method = init.method ?? 'GET';
    const retriable = method === 'GET';
    let renewed = false;
    let attempt = 0;
    for (;;) {
      const bearer = token ?? (await login());
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
      if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers.accept = 'application/json';
      }
      let response: Response | undefined;
      try {
        response = await fetchWithTimeout(
          fetchImpl,
          `${base}${pathAndQuery}`,
          { method, headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) },
          timeoutMs,
        );
      } catch (error) {
        attempt += 1;
        if (!retriable || attempt > maxRetries) throw new Error(`Qogita did not answer: ${(error as Error).message}`, { cause: error });
        await sleep(backoffMs(attempt - 1, options.backoffBaseMs ?? 1000));
        continue;
      }
      if (response.status === 401 && !renewed) {
        renewed = true;
        token = undefined;
        continue;
      }
      if (response.status === 429) {
        attempt += 1;
        const retryAfter = Number(response.headers.get('retry-after'));
        const waitMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : backoffMs(attempt, options.backoffBaseMs ?? 1000);
        if (attempt > maxRetries || waitMs > (options.maxRetryAfterMs ?? 15 * 60_000)) throw new Error('Qogita rate limit: try again later.');
        await sleep(waitMs);
        continue;
      }
      if (response.status >= 500) {
        attempt += 1;
        if (!retriable || attempt > maxRetries) throw new Error(`Qogita failed (${response.status}).`);
        await sleep(backoffMs(attempt - 1, options.backoffBaseMs ?? 1000));
        continue;
      }
      return response;
    }
  }

  /** GET that must succeed: a 4xx is a permanent error. */
  async function get(pathAndQuery: string, timeoutMs = options.timeoutMs ?? 30_000): Promise<Response> {
    const response = await call(pathAndQuery, {}, timeoutMs);
    if (!response.ok) throw new PermanentUpstreamError(`Qogita refused ${pathAndQuery.split('?')[0]} (${response.status}).`);
    return response;
  }

  /** The variant's FID and slug: from its product URL (/products/{fid}/{slug}/), else from the JSON search by GTIN. */
  async function variantPath(variant: { gtin: string; productUrl: string | null }): Promise<{ fid: string; slug: string } | null> {
    const match = variant.productUrl ? /\/products\/([^/?#]+)\/([^/?#]+)/.exec(variant.productUrl) : null;
    if (match) return { fid: decodeURIComponent(match[1]!), slug: decodeURIComponent(match[2]!) };
    const body = (await (await get(`/variants/search/?${new URLSearchParams({ query: variant.gtin, page: '1', size: '10' })}`)).json()) as {
      results?: Array<{ gtin?: string; fid?: string; slug?: string }>;
    };
    const hit = (body.results ?? []).find((r) => r.gtin?.replace(/^0+/, '') === variant.gtin.replace(/^0+/, '') && r.fid && r.slug);
    return hit ? { fid: hit.fid!, slug: hit.slug! } : null;
  }

  function nextPath(next: string): string {
    if (next.startsWith(base)) return next.slice(base.length);
    const url = new URL(next, base);
    return `${url.pathname}${url.search}`;
  }

  async function download(query: URLSearchParams): Promise<WholesaleVariant[]> {
    const qs = query.toString();
    const response = await get(`/variants/search/download/${qs ? `?${qs}` : ''}`, options.downloadTimeoutMs ?? 300_000);
    const text = await response.text();
    // A non-EUR account: its prices are converted at the day's rate of its currency.
    const code = accountCurrencyOf(text);
    const rate = code !== 'EUR' && options.fxRate ? (await options.fxRate('EUR', code).catch(() => undefined))?.rate : undefined;
    const { variants, skipped } = parseQogitaCsv(text, { eurRate: () => rate });
    if (skipped) options.log.warn({ skipped }, 'Qogita catalogue rows without a valid GTIN or price skipped');
    return variants;
  }

  return {
    name: 'qogita',
    isDemo: false,
    async listBrands() {
      const names = new Set<string>();
      let path: string | null = '/brands/?page=1&size=100';
      for (let pages = 0; path && pages < 1000; pages += 1) {
        const body = (await (await get(path)).json()) as { next?: string | null; results?: Array<{ name?: string }> };
        for (const brand of body.results ?? []) if (brand.name?.trim()) names.add(brand.name.trim());
        // `next` is an absolute URL on the API host; keep only its path and query (our base may differ in tests).
        path = body.next ? nextPath(body.next) : null;
      }
      return [...names].sort((a, b) => a.localeCompare(b));
    },
    async listVariants(brand: string) {
      const key = brand.trim().toLowerCase();
      const hit = brandCache.get(key);
      if (hit && now() - hit.at < (options.brandCacheMs ?? 3_600_000)) return hit.variants;
      const variants = (await download(new URLSearchParams({ brand_name: brand.trim() }))).filter((v) => v.brand.toLowerCase() === key);
      brandCache.set(key, { at: now(), variants });
      return variants;
    },
    async *fetchCatalogue() {
      const variants = await download(new URLSearchParams());
      for (let i = 0; i < variants.length; i += 1000) yield variants.slice(i, i + 1000);
    },
    async offersOf(variant) {
      const path = await variantPath(variant);
      if (!path) return [];
      const body = (await (await get(`/variants/${encodeURIComponent(path.fid)}/${encodeURIComponent(path.slug)}/offers/`)).json()) as {
        offers?: RawOffer[];
      };
      return (body.offers ?? []).flatMap((o) => toOffer(o) ?? []);
    },
    watchlist: {
      async listGtins() {
        const gtins = new Set<string>();
        let path: string | null = '/watchlist/items/?page=1&size=100';
        for (let pages = 0; path && pages < 1000; pages += 1) {
          const body = (await (await get(path)).json()) as { next?: string | null; results?: Array<{ gtin?: string }> };
          for (const item of body.results ?? []) if (item.gtin) gtins.add(item.gtin);
          path = body.next ? nextPath(body.next) : null;
        }
        return gtins;
      },
      async put(item: WatchlistItemInput, exists: boolean): Promise<WatchlistWriteResult> {
        const response = exists
          ? await call(`/watchlist/items/${encodeURIComponent(item.gtin)}/`, {
              method: 'PATCH',
              body: { targetPrice: item.targetPrice, targetPriceCurrency: item.targetPriceCurrency, targetQuantity: item.targetQuantity },
            })
          : await call('/watchlist/items/', { method: 'POST', body: item });
        if (response.ok) return { ok: true, action: exists ? 'updated' : 'created' };
        return { ok: false, status: response.status, error: await qogitaErrorText(response) };
      },
    },
  };
}

interface RawOffer {
  seller?: string;
  price?: string | number;
  priceCurrency?: string;
  inventory?: number | string | null;
  mov?: string | number | null;
  movCurrency?: string;
}

const decimal = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** An offer of `/variants/{fid}/{slug}/offers/` (decimal strings + currency), or null when it has no seller or price. */
function toOffer(raw: RawOffer): WholesaleOffer | null {
  const price = decimal(raw.price);
  if (!raw.seller || price === null) return null;
  const inventory = decimal(raw.inventory);
  return {
    seller: raw.seller,
    price,
    priceCurrency: raw.priceCurrency ?? 'EUR',
    inventory: inventory === null ? null : Math.max(0, Math.floor(inventory)),
    mov: decimal(raw.mov),
    movCurrency: raw.movCurrency ?? raw.priceCurrency ?? 'EUR',
  };
}

/**
 * Qogita's error body as a sentence: DRF's `{ "detail": "…" }`, field errors `{ "targetPrice": ["…"] }` or a list
 * `{ "errors": [{ "detail": "…" }] }`; the status when the body says nothing readable.
 */
async function qogitaErrorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parts: string[] = [];
  const collect = (value: unknown, field?: string) => {
    if (typeof value === 'string') parts.push(field && field !== 'detail' && field !== 'non_field_errors' ? `${field}: ${value}` : value);
    else if (Array.isArray(value)) for (const v of value) collect(v, field);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) collect(v, k === 'errors' || k === 'detail' || k === 'message' ? field : k);
  };
  collect(body);
  const said = parts.join(' ').trim().slice(0, 300);
  return said || `Qogita answered ${response.status}.`;
}
