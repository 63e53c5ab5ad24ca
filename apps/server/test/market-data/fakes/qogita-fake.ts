import { sendJson, startFake, type FakeRequest } from './http-fake.ts';

/** A variant the look-alike knows: its FID and slug (its product URL is /products/{fid}/{slug}/) and its offers. */
export interface FakeQogitaVariant {
  gtin: string;
  fid: string;
  slug: string;
  name: string;
  offers: Array<{ seller: string; price: string; priceCurrency?: string; inventory: number; mov: string; movCurrency?: string }>;
}

/** One item of the look-alike's watchlist, in Qogita's wire format (external-apis.md §2.4). */
export interface FakeWatchlistItem {
  gtin: string;
  name: string;
  price: string | null;
  priceCurrency: string;
  targetPrice: string;
  targetPriceCurrency: string;
  availableQuantity: number;
  targetQuantity: number;
  areTargetsMet: boolean;
}

export const FAKE_QOGITA_EMAIL = 'buyer@example.com';
export const FAKE_QOGITA_PASSWORD = 'secret';

/**
 * The Qogita Buyer API look-alike for the buy list: login (POST /auth/login/ → accessToken), Bearer auth, the offers of a
 * variant (/variants/{fid}/{slug}/offers/, decimal strings + currencies), the JSON search by GTIN, and the watchlist —
 * GET /watchlist/items/ (DRF pages), POST /watchlist/items/ (400 when the GTIN is already there), PATCH
 * /watchlist/items/{gtin}/ (404 when it is not). GTINs in `refuse` are refused with a DRF field error, as Qogita refuses
 * an invalid target. Every request is recorded in `requests`; the watchlist is in `watchlist`.
 */
export async function startQogitaLookAlike(variants: FakeQogitaVariant[], port = 0) {
  const watchlist = new Map<string, FakeWatchlistItem>();
  const refuse = new Set<string>();
  const byGtin = new Map(variants.map((v) => [v.gtin, v]));
  const itemOf = (gtin: string, body: Partial<FakeWatchlistItem>, old?: FakeWatchlistItem): FakeWatchlistItem => {
    const variant = byGtin.get(gtin);
    const cheapest = variant?.offers.slice().sort((a, b) => Number(a.price) - Number(b.price))[0];
    const item: FakeWatchlistItem = {
      gtin,
      name: variant?.name ?? old?.name ?? gtin,
      price: cheapest?.price ?? null,
      priceCurrency: cheapest?.priceCurrency ?? 'EUR',
      targetPrice: body.targetPrice ?? old?.targetPrice ?? '0.00',
      targetPriceCurrency: body.targetPriceCurrency ?? old?.targetPriceCurrency ?? 'EUR',
      availableQuantity: variant?.offers.reduce((n, o) => n + o.inventory, 0) ?? 0,
      targetQuantity: body.targetQuantity ?? old?.targetQuantity ?? 1,
      areTargetsMet: false,
    };
    item.areTargetsMet = item.price !== null && Number(item.price) <= Number(item.targetPrice) && item.availableQuantity >= item.targetQuantity;
    return item;
  };
  /** Qogita's validation of a watchlist write: DRF field errors. */
  const invalid = (gtin: string, body: Partial<FakeWatchlistItem>): Record<string, string[]> | null => {
    if (refuse.has(gtin)) return { targetPrice: ['Ensure this value is greater than or equal to 0.01.'] };
    if (body.targetPrice !== undefined && !/^\d+(\.\d{1,2})?$/.test(String(body.targetPrice))) return { targetPrice: ['A valid number is required.'] };
    if (body.targetQuantity !== undefined && !(Number.isInteger(body.targetQuantity) && body.targetQuantity >= 1))
      return { targetQuantity: ['Ensure this value is greater than or equal to 1.'] };
    return null;
  };
  const fake = await startFake((req: FakeRequest, res) => {
    if (req.path === '/auth/login/' && req.method === 'POST') {
      const body = JSON.parse(req.body) as { email: string; password: string };
      if (body.email !== FAKE_QOGITA_EMAIL || body.password !== FAKE_QOGITA_PASSWORD)
        return sendJson(res, 401, { detail: 'No active account found with the given credentials' });
      return sendJson(res, 200, { accessToken: 'qogita-token', accessExp: Date.now() + 3_600_000, user: { email: body.email, activeCartQid: 'cart' } });
    }
    if (req.headers.authorization !== 'Bearer qogita-token') return sendJson(res, 401, { detail: 'Authentication credentials were not provided.' });
    const offers = /^\/variants\/([^/]+)\/([^/]+)\/offers\/$/.exec(req.path);
    if (offers && req.method === 'GET') {
      const variant = variants.find((v) => v.fid === offers[1] && v.slug === offers[2]);
      if (!variant) return sendJson(res, 404, { detail: 'Not found.' });
      return sendJson(res, 200, {
        offers: variant.offers.map((o, i) => ({
          qid: `${variant.fid}-${i}`,
          seller: o.seller,
          price: o.price,
          priceCurrency: o.priceCurrency ?? 'EUR',
          inventory: o.inventory,
          mov: o.mov,
          movCurrency: o.movCurrency ?? 'EUR',
          isTraceable: true,
          hasExtendedDeliveryTime: false,
          isTopSeller: false,
        })),
      });
    }
    if (req.path === '/variants/search/' && req.method === 'GET') {
      const query = req.query.get('query') ?? '';
      const results = variants.filter((v) => v.gtin === query).map((v) => ({ gtin: v.gtin, name: v.name, fid: v.fid, slug: v.slug }));
      return sendJson(res, 200, { count: results.length, next: null, previous: null, results });
    }
    if (req.path === '/watchlist/items/' && req.method === 'GET') {
      const page = Number(req.query.get('page') ?? 1);
      const size = Number(req.query.get('size') ?? 20);
      const all = [...watchlist.values()];
      const results = all.slice((page - 1) * size, page * size);
      const next = page * size < all.length ? `https://api.qogita.com/watchlist/items/?page=${page + 1}&size=${size}` : null;
      return sendJson(res, 200, { count: all.length, next, previous: null, results });
    }
    if (req.path === '/watchlist/items/' && req.method === 'POST') {
      const body = JSON.parse(req.body) as Partial<FakeWatchlistItem>;
      if (!body.gtin) return sendJson(res, 400, { gtin: ['This field is required.'] });
      if (watchlist.has(body.gtin)) return sendJson(res, 400, { gtin: ['Watchlist item with this gtin already exists.'] });
      const error = invalid(body.gtin, body);
      if (error) return sendJson(res, 400, error);
      const item = itemOf(body.gtin, body);
      watchlist.set(body.gtin, item);
      return sendJson(res, 201, item);
    }
    const one = /^\/watchlist\/items\/([^/]+)\/$/.exec(req.path);
    if (one && (req.method === 'PATCH' || req.method === 'DELETE')) {
      const gtin = decodeURIComponent(one[1]!);
      const old = watchlist.get(gtin);
      if (!old) return sendJson(res, 404, { detail: 'Not found.' });
      if (req.method === 'DELETE') {
        watchlist.delete(gtin);
        res.writeHead(204);
        return res.end();
      }
      const body = JSON.parse(req.body) as Partial<FakeWatchlistItem>;
      const error = invalid(gtin, body);
      if (error) return sendJson(res, 400, error);
      const item = itemOf(gtin, body, old);
      watchlist.set(gtin, item);
      return sendJson(res, 200, item);
    }
    return sendJson(res, 404, { detail: 'Not found.' });
  }, port);
  return {
    ...fake,
    watchlist,
    refuse,
    /** The watchlist writes received (POST and PATCH), with their JSON bodies. */
    watchlistWrites: () =>
      fake.requests
        .filter((r) => r.path.startsWith('/watchlist/items/') && (r.method === 'POST' || r.method === 'PATCH'))
        .map((r) => ({ method: r.method, path: r.path, body: JSON.parse(r.body) as Record<string, unknown> })),
  };
}
