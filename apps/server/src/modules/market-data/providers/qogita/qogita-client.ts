import type { FxRate, WholesaleVariant } from '../../market-data.types.ts';
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
  const fetchImpl = options.fetchImpl ?? fetch;
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

  /** GET with auth, one re-login on 401, Retry-After on 429, backoff on 5xx/network. */
  async function get(pathAndQuery: string, timeoutMs = options.timeoutMs ?? 30_000): Promise<Response> {
    let renewed = false;
    let attempt = 0;
    for (;;) {
      const bearer = token ?? (await login());
      let response: Response | undefined;
      try {
        response = await fetchWithTimeout(fetchImpl, `${base}${pathAndQuery}`, { headers: { authorization: `Bearer ${bearer}` } }, timeoutMs);
      } catch (error) {
        attempt += 1;
        if (attempt > maxRetries) throw new Error(`Qogita did not answer: ${(error as Error).message}`, { cause: error });
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
        if (attempt > maxRetries) throw new Error(`Qogita failed (${response.status}).`);
        await sleep(backoffMs(attempt - 1, options.backoffBaseMs ?? 1000));
        continue;
      }
      if (!response.ok) throw new PermanentUpstreamError(`Qogita refused ${pathAndQuery.split('?')[0]} (${response.status}).`);
      return response;
    }
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
  };
}
