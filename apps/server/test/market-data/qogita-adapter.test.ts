import { afterEach, describe, expect, it } from 'vitest';
import { createQogitaProvider } from '../../src/modules/market-data/providers/qogita/qogita-client.ts';
import { parseQogitaCsv } from '../../src/modules/market-data/providers/qogita/qogita-csv.ts';
import { sendJson, startFake, type FakeRequest } from './fakes/http-fake.ts';
import { FAKE_QOGITA_EMAIL, FAKE_QOGITA_PASSWORD, startQogitaLookAlike } from './fakes/qogita-fake.ts';
import { silentLog } from './helpers.ts';

const CSV_HEADER =
  'GTIN,Name,Category,Brand,€ Lowest Price inc. shipping,Unit,Lowest Priced Offer Inventory,Is a pre-order?,Estimated Delivery Time (weeks),Number of Offers,Total Inventory of All Offers,Product URL,Image URL';
const CSV_ROWS = [
  '4006381333931,"Face Cream, 50 ml",Skin Care,Alpha,7.45,1,240,No,1,3,400,https://www.qogita.com/products/ABC/face-cream/,https://img/1.jpg',
  '036000291452,Shampoo 250 ml,Hair Care,Beta,"1,234.50",1,,No,1,1,0,https://www.qogita.com/products/DEF/shampoo/,',
  '4.00638E+12,Broken,Skin Care,Alpha,3.00,1,5,No,1,1,5,,',
  '4006381333931X,Bad,Skin Care,Alpha,3.00,1,5,No,1,1,5,,',
];

/** Qogita Buyer API as external-apis.md §2 describes it: login, Bearer, DRF pages, Retry-After, CSV download. */
async function startQogitaFake(opts: { expireFirstToken?: boolean; rateLimitOnce?: boolean } = {}) {
  let issued = 0;
  let expired = opts.expireFirstToken ?? false;
  let limited = opts.rateLimitOnce ?? false;
  return startFake((req: FakeRequest, res) => {
    if (req.path === '/auth/login/' && req.method === 'POST') {
      const body = JSON.parse(req.body) as { email: string; password: string };
      if (body.email !== 'buyer@example.com' || body.password !== 'secret') return sendJson(res, 401, { detail: 'bad credentials' });
      issued += 1;
      return sendJson(res, 200, { accessToken: `token-${issued}`, accessExp: Date.now() + 3_600_000, user: { email: body.email, activeCartQid: 'cart' } });
    }
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer token-')) return sendJson(res, 401, { detail: 'not authenticated' });
    if (expired && auth === 'Bearer token-1') {
      expired = false;
      return sendJson(res, 401, { detail: 'token expired' });
    }
    if (limited) {
      limited = false;
      return sendJson(res, 429, { detail: 'slow down' }, { 'retry-after': '1' });
    }
    if (req.path === '/brands/') {
      const page = Number(req.query.get('page') ?? 1);
      const all = ['Gamma', 'Alpha', 'Beta', 'Delta', 'Epsilon'];
      const size = 2;
      const results = all.slice((page - 1) * size, page * size).map((name) => ({ qid: name, name, slug: name.toLowerCase() }));
      const next = page * size < all.length ? `https://api.qogita.com/brands/?page=${page + 1}&size=${size}` : null;
      return sendJson(res, 200, { count: all.length, next, previous: null, results });
    }
    if (req.path === '/variants/search/download/') {
      const brands = req.query.getAll('brand_name');
      const rows = CSV_ROWS.filter((r) => !brands.length || brands.some((b) => r.includes(`,${b},`)));
      res.writeHead(200, { 'content-type': 'text/csv' });
      return res.end([CSV_HEADER, ...rows].join('\r\n'));
    }
    return sendJson(res, 404, { detail: 'not found' });
  });
}

describe('Qogita adapter against a local Qogita', () => {
  let fake: Awaited<ReturnType<typeof startQogitaFake>>;
  afterEach(async () => fake?.close());
  const provider = () => createQogitaProvider({ email: 'buyer@example.com', password: 'secret', baseUrl: fake.url, log: silentLog, backoffBaseMs: 10 });

  it('logs in, sends the Bearer token and follows the pages of /brands/', async () => {
    fake = await startQogitaFake();
    expect(await provider().listBrands()).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);
    expect(fake.requests.filter((r) => r.path === '/auth/login/')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/brands/').map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
    expect(fake.requests.find((r) => r.path === '/brands/')!.headers.authorization).toBe('Bearer token-1');
  });

  it('logs in again once on a 401 and retries', async () => {
    fake = await startQogitaFake({ expireFirstToken: true });
    expect(await provider().listBrands()).toHaveLength(5);
    expect(fake.requests.filter((r) => r.path === '/auth/login/')).toHaveLength(2);
  });

  it('waits Retry-After seconds on 429', async () => {
    fake = await startQogitaFake({ rateLimitOnce: true });
    const started = Date.now();
    expect(await provider().listBrands()).toHaveLength(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('downloads the catalogue CSV and parses it (quoted names, decimal prices, invalid GTINs skipped)', async () => {
    fake = await startQogitaFake();
    const batches = [];
    for await (const batch of provider().fetchCatalogue()) batches.push(...batch);
    expect(batches).toHaveLength(2);
    expect(batches[0]).toEqual({
      gtin: '4006381333931',
      name: 'Face Cream, 50 ml',
      brand: 'Alpha',
      category: 'Skin Care',
      priceExclVat: 745,
      priceInclVat: 901,
      currency: 'EUR',
      stock: 240,
      productUrl: 'https://www.qogita.com/products/ABC/face-cream/',
      imageUrl: 'https://img/1.jpg',
    });
    expect(batches[1]).toMatchObject({ gtin: '0036000291452', priceExclVat: 123450, stock: null, imageUrl: null });
  });

  it("lists one brand's variants through the filtered download", async () => {
    fake = await startQogitaFake();
    const variants = await provider().listVariants('Beta');
    expect(variants.map((v) => v.gtin)).toEqual(['0036000291452']);
    expect(fake.requests.find((r) => r.path === '/variants/search/download/')!.query.get('brand_name')).toBe('Beta');
  });

  it('refuses wrong credentials clearly', async () => {
    fake = await startQogitaFake();
    const bad = createQogitaProvider({ email: 'buyer@example.com', password: 'wrong', baseUrl: fake.url, log: silentLog });
    await expect(bad.listBrands()).rejects.toThrow(/QOGITA_EMAIL and QOGITA_PASSWORD/);
  });
});

describe('Qogita catalogue CSV', () => {
  it('reads the price column by its pattern; a GBP account is converted to EUR at the day’s rate', () => {
    expect(parseQogitaCsv(`GTIN;Name;Brand;€ Price inc. shipping\n4006381333931;X;Y;12,99`).variants[0]!.priceExclVat).toBe(1299);
    const gbp = parseQogitaCsv(`GTIN,Name,Brand,£ Lowest Price inc. shipping\n4006381333931,X,Y,7.29`, { eurRate: (c) => (c === 'GBP' ? 0.8745 : undefined) });
    expect(gbp.currency).toBe('GBP');
    // £7.29 at 1 EUR = 0.8745 GBP is €8.34 (not €7.29)
    expect(gbp.variants[0]).toMatchObject({ priceExclVat: 834, currency: 'EUR' });
    expect(() => parseQogitaCsv(`GTIN,Name,Brand,£ Lowest Price inc. shipping\n4006381333931,X,Y,1`)).toThrow(/GBP/);
  });
});

describe('Qogita offers and watchlist against the look-alike', () => {
  let lookAlike: Awaited<ReturnType<typeof startQogitaLookAlike>>;
  afterEach(async () => lookAlike?.close());
  const adapter = () => createQogitaProvider({ email: FAKE_QOGITA_EMAIL, password: FAKE_QOGITA_PASSWORD, baseUrl: lookAlike.url, log: silentLog });
  const variants = [
    {
      gtin: '4006381333931',
      fid: 'ABC',
      slug: 'face-cream',
      name: 'Face Cream',
      offers: [{ seller: 'SUPPLIER1', price: '7.45', inventory: 240, mov: '250.00', movCurrency: 'GBP' }],
    },
  ];

  it("reads a variant's offers by its product URL, or finds its FID and slug by GTIN; decimal strings become numbers", async () => {
    lookAlike = await startQogitaLookAlike(variants);
    const expected = [{ seller: 'SUPPLIER1', price: 7.45, priceCurrency: 'EUR', inventory: 240, mov: 250, movCurrency: 'GBP' }];
    expect(await adapter().offersOf!({ gtin: '4006381333931', productUrl: 'https://www.qogita.com/products/ABC/face-cream/' })).toEqual(expected);
    expect(await adapter().offersOf!({ gtin: '4006381333931', productUrl: null })).toEqual(expected);
    expect(lookAlike.requests.filter((r) => r.path === '/variants/search/').map((r) => r.query.get('query'))).toEqual(['4006381333931']);
    expect(await adapter().offersOf!({ gtin: '5000000000000', productUrl: null })).toEqual([]);
  });

  it('POSTs a new watchlist item, PATCHes one already there, and turns a refusal into Qogita’s sentence', async () => {
    lookAlike = await startQogitaLookAlike(variants);
    const qogita = adapter();
    const item = { gtin: '4006381333931', targetPrice: '6.10', targetPriceCurrency: 'EUR', targetQuantity: 24 };
    expect(await qogita.watchlist!.listGtins()).toEqual(new Set());
    expect(await qogita.watchlist!.put(item, false)).toEqual({ ok: true, action: 'created' });
    expect(await qogita.watchlist!.listGtins()).toEqual(new Set(['4006381333931']));
    expect(await qogita.watchlist!.put({ ...item, targetQuantity: 48 }, true)).toEqual({ ok: true, action: 'updated' });
    expect(lookAlike.watchlist.get('4006381333931')).toMatchObject({ targetPrice: '6.10', targetQuantity: 48, availableQuantity: 240 });
    expect(lookAlike.watchlistWrites()).toEqual([
      { method: 'POST', path: '/watchlist/items/', body: item },
      { method: 'PATCH', path: '/watchlist/items/4006381333931/', body: { targetPrice: '6.10', targetPriceCurrency: 'EUR', targetQuantity: 48 } },
    ]);
    // Already there but POSTed: Qogita's field error comes back as a sentence.
    expect(await qogita.watchlist!.put(item, false)).toEqual({ ok: false, status: 400, error: 'gtin: Watchlist item with this gtin already exists.' });
    expect(await qogita.watchlist!.put({ ...item, gtin: '5000000000000' }, true)).toEqual({ ok: false, status: 404, error: 'Not found.' });
  });
});
