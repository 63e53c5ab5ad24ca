import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyList, BuyListSupplier, SendToWatchlistResult } from '@dealradar/shared/contracts/buy-list';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { TestClock } from '../../src/lib/clock.ts';
import { silentLogger } from '../../src/lib/logger.ts';
import { WATCHLIST_UNAVAILABLE } from '../../src/modules/buy-list/buy-list.service.ts';
import { createMarketDataService } from '../../src/modules/market-data/market-data.service.ts';
import type { MarketDataService } from '../../src/modules/market-data/market-data.types.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../../src/modules/market-data/providers/demo/demo-retail.ts';
import { createQogitaProvider } from '../../src/modules/market-data/providers/qogita/qogita-client.ts';
import { catalogueOf, variant } from '../../src/modules/price-drops/price-drops.test-helpers.ts';
import { refreshPrices } from '../../src/modules/price-drops/price-refresh.service.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { FAKE_QOGITA_EMAIL, FAKE_QOGITA_PASSWORD, startQogitaLookAlike } from '../market-data/fakes/qogita-fake.ts';

/**
 * The buy list's Qogita side (docs/buy-list.md "Qogita price drops"): a price drop added gets its Qogita offer's seller
 * as supplier, the offer's MOV and its inventory as the cap; a Qogita group is put on the buyer's watchlist on the
 * Qogita look-alike (right GTINs, target prices and quantities, PATCH for a GTIN already there); a refused call gets
 * Qogita's sentence and changes nothing; organizations do not see each other's lines; without a Qogita account 409.
 */
const HOUR = 3_600_000;
let ctx: TestContext;
let clock: TestClock;
let qogita: Awaited<ReturnType<typeof startQogitaLookAlike>>;
let demoMarketData: MarketDataService;
let owner: TestUser;
let other: TestUser;
let free: TestUser;
const gtins: { a: string; b: string } = { a: '', b: '' };
const drops: { a: PriceDropItem | null; b: PriceDropItem | null } = { a: null, b: null };
const cents = (v: number) => Math.round(v * 100) / 100;
/** A price refresh of the two products: prices × factor (EUR cents), A's stock. */
let refresh: (factor: number, stockA?: number, factorB?: number) => Promise<unknown>;
let prices: { a: number; b: number };

/** Demo EANs with one German single-unit listing with a buy box (the demo retail source), bought at 30 % of its price. */
function cheapDemoVariants(at: Date): Array<{ gtin: string; price: number }> {
  const found: Array<{ gtin: string; price: number }> = [];
  for (const v of demoCatalogue().variants) {
    const listings = demoListings(v.gtin, 'DE', at);
    if (listings.length === 1 && listings[0]!.buyBoxPrice !== null && listings[0]!.packageQuantity === 1 && listings[0]!.buyBoxPrice! > 2000) {
      found.push({ gtin: v.gtin, price: Math.round(listings[0]!.buyBoxPrice! * 0.3) });
      if (found.length === 2) break;
    }
  }
  return found;
}

beforeAll(async () => {
  clock = new TestClock(new Date('2026-11-24T10:00:00Z'));
  ctx = await buildTestApp({ clock, env: { MARKET_DATA: 'demo' } });
  const [a, b] = cheapDemoVariants(clock.now());
  gtins.a = a!.gtin;
  gtins.b = b!.gtin;
  qogita = await startQogitaLookAlike([
    {
      gtin: gtins.a,
      fid: 'FIDA',
      slug: 'product-a',
      name: 'Product A',
      offers: [
        { seller: 'SELLERB', price: ((a!.price * 1.1) / 100).toFixed(2), inventory: 900, mov: '100.00' },
        { seller: 'SELLERA', price: (a!.price / 100).toFixed(2), inventory: 5, mov: '250.00' },
      ],
    },
    {
      gtin: gtins.b,
      fid: 'FIDB',
      slug: 'product-b',
      name: 'Product B',
      offers: [{ seller: 'SELLERA', price: (b!.price / 100).toFixed(2), inventory: 1000, mov: '250.00' }],
    },
  ]);
  demoMarketData = ctx.deps.marketData;
  // The demo Amazon data with the Qogita look-alike as the wholesale source (as MARKET_DATA=keepa with QOGITA_* set).
  ctx.deps.marketData = createMarketDataService({
    config: ctx.deps.config,
    db: ctx.deps.db,
    clock,
    log: silentLogger(),
    providers: {
      wholesale: createQogitaProvider({ email: FAKE_QOGITA_EMAIL, password: FAKE_QOGITA_PASSWORD, baseUrl: qogita.url, log: silentLogger(), backoffBaseMs: 5 }),
    },
  });
  const productUrl = (fid: string, slug: string) => `https://www.qogita.com/products/${fid}/${slug}/`;
  refresh = (factor: number, stockA = 5, factorB = factor) =>
    refreshPrices(ctx.deps, {
      trigger: 'test',
      catalogue: catalogueOf([
        variant(gtins.a, Math.round(a!.price * factor), { brand: 'QogitaBuy', productUrl: productUrl('FIDA', 'product-a'), stock: stockA }),
        variant(gtins.b, Math.round(b!.price * factorB), { brand: 'QogitaBuy', productUrl: productUrl('FIDB', 'product-b'), stock: 1000 }),
      ]),
    });
  prices = { a: a!.price, b: b!.price };
  await refresh(2);
  clock.set(new Date(clock.now().getTime() + HOUR));
  await refresh(1);
  owner = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.2 });
  other = await createUser(ctx.deps, { tier: 'PRO' });
  free = await createUser(ctx.deps, { tier: 'STARTER' });
  const list = (await ctx.app.inject({ method: 'GET', url: '/api/price-alerts/price-drops?brand=QogitaBuy', headers: owner.headers })).json()
    .content as PriceDropItem[];
  drops.a = list.find((d) => d.productId === gtins.a) ?? null;
  drops.b = list.find((d) => d.productId === gtins.b) ?? null;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await qogita?.close();
});

async function call(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url: `/api${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
}
const groupOf = (list: BuyList, name: string): BuyListSupplier => {
  const found = list.suppliers.find((s) => s.supplierName === name);
  if (!found) throw new Error(`no group ${name} in ${list.suppliers.map((s) => s.supplierName).join(', ')}`);
  return found;
};

describe('Qogita price drops on the buy list', () => {
  it('the drops exist with a Best ROI', () => {
    expect(drops.a?.bestRoiMarket).not.toBeNull();
    expect(drops.b?.bestRoiMarket).not.toBeNull();
    expect(drops.a!.bestRoiPercentage).toBeGreaterThan(0);
  });

  it('is for GROWTH and PRO: STARTER gets 403', async () => {
    const res = await call(free, 'POST', '/buy-list/price-drops', { priceDropId: drops.a!.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Growth and Pro/);
  });

  it("a drop added gets the cheapest offer's seller as supplier, its MOV and its inventory as the cap", async () => {
    // Without a quantity: 4 weeks of the share of the drop's listing (its profit basis), one unit without one, within the stock of 5.
    const basis = (await call(owner, 'GET', `/price-alerts/price-drops/${drops.a!.id}/profit`)).json() as {
      numberOfPacks: number;
      salesEstimate: { sellerUnitsPerMonth: number | null } | null;
    };
    const share = basis.salesEstimate?.sellerUnitsPerMonth ?? null;
    const uncapped = share === null || share <= 0 ? 1 : Math.ceil((share * 4 * basis.numberOfPacks) / (52 / 12) - 1e-9);
    // The demo listing's share asks for more than the seller's 5: the cap is what decides.
    expect(uncapped).toBeGreaterThan(5);
    const suggested = Math.min(5, uncapped);
    let res = await call(owner, 'POST', '/buy-list/price-drops', { priceDropId: drops.a!.id });
    expect(res.statusCode, res.body).toBe(200);
    let group = groupOf(res.json(), 'Qogita · SELLERA');
    expect(group).toMatchObject({ source: 'qogita', qogitaSeller: 'SELLERA', minOrderValue: 250 });
    const lineA = group.lines[0]!;
    expect(lineA).toMatchObject({
      source: 'qogita',
      ean: gtins.a,
      quantity: suggested,
      sellerUnitsPerMonth: share,
      stock: 5,
      priceDropId: drops.a!.id,
      market: drops.a!.bestRoiMarket,
      watchlist: null,
    });
    expect(lineA.unitPrice).toBe(drops.a!.newPriceExclVat);
    expect(lineA.roiPercentage).toBe(drops.a!.bestRoiPercentage);
    // 50 more asked: the seller has 5, so the line still holds 5.
    res = await call(owner, 'POST', '/buy-list/price-drops', { priceDropId: drops.a!.id, quantity: 50 });
    group = groupOf(res.json(), 'Qogita · SELLERA');
    expect(group.lines.find((l) => l.ean === gtins.a)!.quantity).toBe(5);
    res = await call(owner, 'POST', '/buy-list/price-drops', { priceDropId: drops.b!.id, quantity: 10 });
    group = groupOf(res.json(), 'Qogita · SELLERA');
    expect(group.lines).toHaveLength(2);
    // MOV 250 not met: 5 × A + 10 × B excl. VAT.
    const orderValue = cents(cents(5 * drops.a!.newPriceExclVat) + cents(10 * drops.b!.newPriceExclVat));
    expect(group.orderValue).toBe(orderValue);
    expect(group.movMet).toBe(orderValue >= 250);
    expect(group.movShortfall).toBe(cents(Math.max(0, 250 - orderValue)));
    // The offers were read from Qogita with the Bearer token.
    const offerCalls = qogita.requests.filter((r) => r.path.endsWith('/offers/'));
    expect(offerCalls.map((r) => r.path)).toContain('/variants/FIDA/product-a/offers/');
    expect(offerCalls.every((r) => r.headers.authorization === 'Bearer qogita-token')).toBe(true);
  });

  it("the Qogita group's MOV is the offer's: it cannot be set on the buy list", async () => {
    const res = await call(owner, 'PUT', '/buy-list/suppliers/mov', { supplierName: 'Qogita · SELLERA', minOrderValue: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/comes from its Qogita offer/);
  });

  it('another organization sees none of it and cannot send the group to Qogita', async () => {
    expect(((await call(other, 'GET', '/buy-list')).json() as BuyList).suppliers).toEqual([]);
    const before = qogita.watchlistWrites().length;
    const res = await call(other, 'POST', '/buy-list/qogita-watchlist', { supplierName: 'Qogita · SELLERA' });
    expect(res.statusCode).toBe(404);
    expect(qogita.watchlistWrites().length).toBe(before);
  });

  it('sends the lines to the watchlist: target price = max buy price at the minimum ROI (20 %), target quantity = the quantity', async () => {
    // B is already on the buyer's watchlist: it is PATCHed, A is POSTed.
    qogita.watchlist.set(gtins.b, {
      gtin: gtins.b,
      name: 'Product B',
      price: null,
      priceCurrency: 'EUR',
      targetPrice: '1.00',
      targetPriceCurrency: 'EUR',
      availableQuantity: 0,
      targetQuantity: 1,
      areTargetsMet: false,
    });
    const list = (await call(owner, 'GET', '/buy-list')).json() as BuyList;
    expect(list.qogitaWatchlist).toEqual({ available: true, reason: null });
    const lines = groupOf(list, 'Qogita · SELLERA').lines;
    // Max buy price = unit price × (1 + ROI) ÷ (1 + 20 %), rounded down to the cent.
    const target = (ean: string) => {
      const l = lines.find((x) => x.ean === ean)!;
      return Math.floor(((l.unitPrice * (1 + l.roiPercentage! / 100)) / 1.2) * 100 + 1e-7) / 100;
    };
    const res = await call(owner, 'POST', '/buy-list/qogita-watchlist', { supplierName: 'Qogita · SELLERA' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as SendToWatchlistResult;
    expect(answer.results.map((r) => [r.ean, r.outcome, r.targetPrice, r.targetQuantity, r.error])).toEqual(
      expect.arrayContaining([
        [gtins.a, 'created', target(gtins.a), 5, null],
        [gtins.b, 'updated', target(gtins.b), 10, null],
      ]),
    );
    const writes = qogita.watchlistWrites();
    expect(writes).toEqual(
      expect.arrayContaining([
        {
          method: 'POST',
          path: '/watchlist/items/',
          body: { gtin: gtins.a, targetPrice: target(gtins.a).toFixed(2), targetPriceCurrency: 'EUR', targetQuantity: 5 },
        },
        {
          method: 'PATCH',
          path: `/watchlist/items/${gtins.b}/`,
          body: { targetPrice: target(gtins.b).toFixed(2), targetPriceCurrency: 'EUR', targetQuantity: 10 },
        },
      ]),
    );
    expect(writes).toHaveLength(2);
    expect(qogita.watchlist.get(gtins.a)).toMatchObject({ targetPrice: target(gtins.a).toFixed(2), targetQuantity: 5 });
    expect(qogita.watchlist.get(gtins.b)).toMatchObject({ targetPrice: target(gtins.b).toFixed(2), targetQuantity: 10 });
    const sent = groupOf(answer.list, 'Qogita · SELLERA').lines.find((l) => l.ean === gtins.a)!;
    expect(sent.watchlist).toMatchObject({ targetPrice: target(gtins.a), targetPriceCurrency: 'EUR', targetQuantity: 5 });
  });

  it("a refused call gets Qogita's sentence and changes nothing on our side", async () => {
    const before = groupOf((await call(owner, 'GET', '/buy-list')).json(), 'Qogita · SELLERA').lines.find((l) => l.ean === gtins.b)!;
    const line = before.id;
    await ctx.app.inject({ method: 'PATCH', url: `/api/buy-list/lines/${line}`, headers: owner.headers, payload: { quantity: 20 } });
    qogita.refuse.add(gtins.b);
    const res = await call(owner, 'POST', '/buy-list/qogita-watchlist', { supplierName: 'Qogita · SELLERA' });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as SendToWatchlistResult;
    const refused = answer.results.find((r) => r.ean === gtins.b)!;
    expect(refused).toMatchObject({ outcome: 'refused', targetQuantity: 20 });
    expect(refused.error).toBe('Qogita refused it: targetPrice: Ensure this value is greater than or equal to 0.01.');
    // Our line keeps what Qogita last accepted (10), and Qogita's item is unchanged.
    const after = groupOf(answer.list, 'Qogita · SELLERA').lines.find((l) => l.ean === gtins.b)!;
    expect(after.watchlist).toEqual(before.watchlist);
    expect(after.watchlist?.targetQuantity).toBe(10);
    expect(qogita.watchlist.get(gtins.b)!.targetQuantity).toBe(10);
    qogita.refuse.clear();
  });

  it('without a Qogita account (demo wholesale data) the list says why and the send answers 409 with a sentence', async () => {
    const qogitaData = ctx.deps.marketData;
    ctx.deps.marketData = demoMarketData;
    try {
      const list = (await call(owner, 'GET', '/buy-list')).json() as BuyList;
      expect(list.qogitaWatchlist).toEqual({ available: false, reason: WATCHLIST_UNAVAILABLE });
      const before = qogita.watchlistWrites().length;
      const res = await call(owner, 'POST', '/buy-list/qogita-watchlist', { supplierName: 'Qogita · SELLERA' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(WATCHLIST_UNAVAILABLE);
      expect(qogita.watchlistWrites().length).toBe(before);
    } finally {
      ctx.deps.marketData = qogitaData;
    }
  });

  it('a newer price refresh that changes the price and stock shows the change on the line; an unchanged line shows none', async () => {
    let group = groupOf((await call(owner, 'GET', '/buy-list')).json(), 'Qogita · SELLERA');
    const before = group.lines.find((l) => l.ean === gtins.a)!;
    expect(group.lines.map((l) => l.changed)).toEqual([null, null]);
    // An hour later Qogita's lowest offer of A is 10 % cheaper with 3 left; B is as it was.
    clock.set(new Date(clock.now().getTime() + HOUR));
    await refresh(0.9, 3, 1);
    group = groupOf((await call(owner, 'GET', '/buy-list')).json(), 'Qogita · SELLERA');
    const lineA = group.lines.find((l) => l.ean === gtins.a)!;
    const lineB = group.lines.find((l) => l.ean === gtins.b)!;
    expect(lineB.changed).toBeNull();
    // The line keeps its figures; the change says what the refresh gives. Profit by hand: the cost of a listing moves by
    // packs × price change × (1 + purchase VAT), the Amazon side is as when added; ROI = that profit over the moved cost.
    expect(lineA).toMatchObject({ unitPrice: before.unitPrice, profitPerListing: before.profitPerListing, stock: 5 });
    const newPrice = Math.round(prices.a * 0.9) / 100;
    const extra = before.numberOfPacks * (newPrice - before.unitPrice) * (1 + before.purchaseVatRate);
    const profit = cents(before.profitPerListing! - extra);
    const costBasis = before.profitPerListing! / (before.roiPercentage! / 100) + extra;
    expect(lineA.changed).toMatchObject({
      reason: 'price-refresh',
      unitPrice: newPrice,
      profitPerListing: profit,
      roiPercentage: Math.round((profit / costBasis) * 10000) / 100,
      stock: 3,
      previousStock: 5,
      amazonPrice: before.amazonPrice,
    });
    expect(profit).toBeGreaterThan(before.profitPerListing!);
    expect(Date.parse(lineA.changed!.scannedAt)).toBe(clock.now().getTime());
    // Adding the drop again takes the refreshed figures: the change is gone.
    const drop = ((await call(owner, 'GET', '/price-alerts/price-drops?brand=QogitaBuy')).json().content as PriceDropItem[]).find(
      (d) => d.productId === gtins.a,
    )!;
    expect(drop.newPriceExclVat).toBe(newPrice);
    const readded = groupOf((await call(owner, 'POST', '/buy-list/price-drops', { priceDropId: drop.id, quantity: 1 })).json(), 'Qogita · SELLERA');
    expect(readded.lines.find((l) => l.ean === gtins.a)).toMatchObject({ unitPrice: newPrice, changed: null });
  });

  it("demo wholesale data with QOGITA_EMAIL/PASSWORD: the watchlist is that account's; the catalogue stays the demo's", async () => {
    const qogitaData = ctx.deps.marketData;
    const demoWithAccount = createMarketDataService({
      config: { ...ctx.deps.config, MARKET_DATA: 'demo', QOGITA_EMAIL: FAKE_QOGITA_EMAIL, QOGITA_PASSWORD: FAKE_QOGITA_PASSWORD, QOGITA_BASE_URL: qogita.url },
      db: ctx.deps.db,
      clock,
      log: silentLogger(),
    });
    expect(demoWithAccount.source).toMatchObject({ wholesale: 'demo', isDemo: true });
    ctx.deps.marketData = demoWithAccount;
    try {
      expect(((await call(owner, 'GET', '/buy-list')).json() as BuyList).qogitaWatchlist).toEqual({ available: true, reason: null });
      const before = qogita.watchlistWrites().length;
      const res = await call(owner, 'POST', '/buy-list/qogita-watchlist', { supplierName: 'Qogita · SELLERA' });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as SendToWatchlistResult;
      expect(answer.results.map((r) => r.outcome)).toEqual(['updated', 'updated']);
      expect(qogita.watchlistWrites().length).toBe(before + 2);
    } finally {
      ctx.deps.marketData = qogitaData;
    }
  });
});
