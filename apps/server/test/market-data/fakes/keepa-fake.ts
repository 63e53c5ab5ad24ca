import zlib from 'node:zlib';
import { startFake, sendJson, type FakeRequest } from './http-fake.ts';

/** Keepa /product as external-apis.md §1 describes it: envelope with token fields, products per code, code-limit. */
export interface KeepaFakeOptions {
  key: string;
  /** Products by the code (EAN/UPC as sent) or ASIN they are found under. */
  products: Map<string, object[]>;
  /** Scripted answers for the next requests (then normal behaviour). */
  script?: Array<'429' | '500' | 'hang' | 'malformed' | 'gzip'>;
  /** Starting balance (default 1200). With `enforceTokens`, a request at a balance ≤ 0 is answered 429. */
  tokensLeft?: number;
  enforceTokens?: boolean;
  refillRate?: number;
  /** Extra tokens per product for rating=1 (Keepa: may cost more [U]; default 0). */
  ratingTokens?: number;
}

/** Keepa's charges per returned product (external-apis.md §9.1): 1, +2 with buybox, + the rating extra. */
export function chargePerProduct(query: URLSearchParams, ratingTokens = 0): number {
  return 1 + (query.get('buybox') === '1' ? 2 : 0) + (query.get('rating') === '1' ? ratingTokens : 0);
}

/** Without buybox=1 Keepa sends no buy-box data: the current BUY_BOX_SHIPPING slot and the buy-box stats are -2, no holder history. */
function withoutBuyBoxData(product: object): object {
  const p = product as { stats?: { current?: number[] } };
  if (!p.stats) return product;
  const current = p.stats.current ? [...p.stats.current] : undefined;
  if (current) current[18] = -2;
  const { buyBoxSellerIdHistory: _history, ...rest } = product as { buyBoxSellerIdHistory?: unknown };
  const { buyBoxStats: _buyBoxStats, ...stats } = p.stats as { buyBoxStats?: unknown };
  return { ...rest, stats: { ...stats, current, buyBoxPrice: -2, buyBoxShipping: -2 } };
}

export async function startKeepaFake(options: KeepaFakeOptions) {
  const script = [...(options.script ?? [])];
  let tokensLeft = options.tokensLeft ?? 1200;
  const refillRate = options.refillRate ?? 20;
  const stats = { tokensConsumed: 0, requests: 0, buyBoxRequests: 0 };
  const envelope = (extra: object) => ({
    timestamp: Date.now(),
    tokensLeft,
    refillIn: 30_000,
    refillRate,
    tokenFlowReduction: 0,
    processingTimeInMs: 3,
    ...extra,
  });
  const fake = await startFake(async (req: FakeRequest, res) => {
    if (req.path === '/token') return sendJson(res, 200, envelope({ tokensConsumed: 0 }));
    if (req.path !== '/product') return sendJson(res, 404, envelope({ error: { type: 'NOT_FOUND', message: 'no such request' } }));
    if (req.query.get('key') !== options.key) return sendJson(res, 402, envelope({ error: { type: 'PAYMENT_REQUIRED', message: 'invalid key' } }));
    const domain = Number(req.query.get('domain'));
    if (![1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12].includes(domain))
      return sendJson(res, 400, envelope({ error: { type: 'REQUEST_REJECTED', message: 'invalid domain' } }));
    const codes = (req.query.get('code') ?? req.query.get('asin') ?? '').split(',').filter(Boolean);
    if (codes.length === 0 || codes.length > 100) return sendJson(res, 400, envelope({ error: { type: 'REQUEST_REJECTED', message: '1-100 codes' } }));
    const step = script.shift();
    if (options.enforceTokens && tokensLeft <= 0)
      return sendJson(res, 429, envelope({ tokensConsumed: 0, error: { type: 'NOT_ENOUGH_TOKEN', message: 'not enough tokens' } }));
    if (step === '429')
      return sendJson(res, 429, {
        ...envelope({ error: { type: 'NOT_ENOUGH_TOKEN', message: 'not enough tokens' } }),
        tokensLeft: -5,
        refillIn: 200,
        refillRate: 600,
      });
    if (step === '500') return sendJson(res, 500, envelope({ error: { type: 'INTERNAL_SERVER_ERROR', message: 'oops' } }));
    if (step === 'hang') return; // never answers: the client must time out
    if (step === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"tokensLeft": 10, "products": [');
    }
    const limit = Number(req.query.get('code-limit') ?? 1000);
    const buyBox = req.query.get('buybox') === '1';
    const products = codes.flatMap((c) => (options.products.get(c) ?? []).slice(0, limit)).map((p) => (buyBox ? p : withoutBuyBoxData(p)));
    const consumed = products.length * chargePerProduct(req.query, options.ratingTokens);
    tokensLeft -= consumed;
    stats.tokensConsumed += consumed;
    stats.requests += 1;
    if (buyBox) stats.buyBoxRequests += 1;
    const body = envelope({ products, tokensConsumed: consumed });
    if (step === 'gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return res.end(zlib.gzipSync(JSON.stringify(body)));
    }
    return sendJson(res, 200, body);
  });
  return { ...fake, stats, setTokens: (n: number) => (tokensLeft = n), tokens: () => tokensLeft };
}

/** A Keepa product object with the fields we read (values invented). */
function maxima(newMax: number): Array<number[] | null> {
  const max: Array<number[] | null> = new Array(36).fill(null);
  max[1] = [7012000, newMax];
  return max;
}

export function keepaProduct(o: {
  asin: string;
  ean?: string;
  upc?: string;
  buyBox?: number;
  max90?: number;
  rank?: number;
  subRank?: number;
  pack?: number;
  productType?: number;
  referral?: number | null;
  fba?: number | null;
  monthlySold?: number;
  buyBoxSeller?: string;
  rankReference?: number;
  statsRank?: number;
  /** stats.salesRankDrops30 / 90 (default 25 / 70; -1 = unknown). */
  drops30?: number;
  drops90?: number;
  /** New FBA offers, current[COUNT_NEW_FBA] (default 3). */
  fbaOffers?: number;
  /** Amazon's own offer price, current[AMAZON] (default -1: no Amazon offer). */
  amazonPrice?: number;
  /** stats.buyBoxStats: percentageWon (0–100) by seller id (sent with buybox=1 only). */
  buyBoxStats?: Record<string, number>;
}) {
  const current = new Array(36).fill(-1);
  current[3] = o.statsRank ?? o.rank ?? 1520;
  current[10] = 1249;
  current[7] = 1399;
  current[11] = 7;
  current[16] = 45;
  current[17] = 812;
  current[18] = o.buyBox ?? 1299;
  current[34] = o.fbaOffers ?? 3;
  current[0] = o.amazonPrice ?? -1;
  return {
    asin: o.asin,
    domainId: 3,
    productType: o.productType ?? 0,
    title: `Product ${o.asin}`,
    brand: 'ExampleBrand',
    eanList: o.ean ? [o.ean] : null,
    upcList: o.upc ? [o.upc] : null,
    images: [{ l: '41aaaa.jpg', lH: 1500, lW: 1500, m: '41aaaa-m.jpg' }],
    imagesCSV: '41aaaa.jpg,51bbbb.jpg',
    rootCategory: 64187031,
    categoryTree: [
      { catId: 64187031, name: 'Beauty' },
      { catId: 1234567031, name: 'Face Creams' },
    ],
    salesRankReference: o.rankReference ?? 64187031,
    salesRanks: { '64187031': [7012000, o.rank ?? 1520], '1234567031': [7012000, 90, 7012300, o.subRank ?? 88] },
    packageQuantity: o.pack ?? 1,
    numberOfItems: o.pack ?? 1,
    fbaFees: o.fba === null ? null : { pickAndPackFee: o.fba ?? 290, pickAndPackFeeTax: 0, storageFee: 3 },
    referralFeePercent: o.referral === null ? null : 15,
    referralFeePercentage: o.referral === undefined ? 15.0 : o.referral,
    monthlySold: o.monthlySold ?? 300,
    lastUpdate: 7012345,
    // With buybox=1 Keepa sends the holder history (Keepa time, seller id pairs); stats.buyBoxSellerId stays -2 without offers.
    buyBoxSellerIdHistory: ['7010000', 'A1OTHERSELLER1', '7012000', o.buyBoxSeller ?? 'A2MERCHANT0001'],
    // 90-day maxima per csv series ([keepaTime, value]); the NEW series peaked above today's buy box.
    stats: {
      current,
      max: maxima(o.max90 ?? Math.max(o.buyBox ?? 1299, 1399) + 50),
      totalOfferCount: 9,
      buyBoxPrice: -2,
      buyBoxShipping: -2,
      buyBoxSellerId: '-2',
      salesRankDrops30: o.drops30 ?? 25,
      salesRankDrops90: o.drops90 ?? 70,
      ...(o.buyBoxStats
        ? {
            buyBoxStats: Object.fromEntries(
              Object.entries(o.buyBoxStats).map(([id, won]) => [id, { percentageWon: won, avgPrice: o.buyBox ?? 1299, isFBA: true }]),
            ),
          }
        : {}),
    },
  };
}
