import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import type { BuyList } from '@dealradar/shared/contracts/buy-list';
import { TestClock } from '../../src/lib/clock.ts';
import { listFavorites, startScan, waitForScan } from '../../src/modules/brand-analyzer/test-support/scan-helpers.ts';
import { chooseOffer } from '../../src/modules/buy-list/buy-list-qogita.service.ts';
import { FAVORITE_NOT_FOUND } from '../../src/modules/buy-list/buy-list-favorites.service.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoWholesaleOffers } from '../../src/modules/market-data/providers/demo/demo-wholesale.ts';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';

/**
 * Brand favorites on the buy list (docs/buy-list.md "Brand favorites"): a favorite lands in the group of its Qogita
 * offer's seller (the cheapest offer with stock) with that offer's MOV and stock, its figures in EUR, and without a
 * quantity the suggestion from its share; another user's favorite is not found; FREE gets 403.
 */
describe('buy list: add a brand favorite', () => {
  let ctx: TestContext;
  let clock: TestClock;
  let owner: TestUser;
  let favorites: Favorite[] = [];
  const cents = (v: number) => Math.round(v * 100) / 100;

  beforeAll(async () => {
    clock = new TestClock(new Date('2026-11-24T10:00:00Z'));
    ctx = await buildTestApp({ clock, withQueue: true, env: { MARKET_DATA: 'demo' } });
    owner = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.15 });
    const brands: string[] = (await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/brands', headers: owner.headers })).json();
    const res = await startScan(ctx, owner, brands.slice(0, 3), ['DE', 'UK']);
    expect((await waitForScan(ctx, owner, res.json().scanId, 60_000)).status).toBe('COMPLETED');
    favorites = (await listFavorites(ctx, owner, 'size=100')).json().content;
    expect(favorites.length).toBeGreaterThan(1);
  });
  afterAll(async () => ctx?.close());

  const add = (who: TestUser, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/buy-list/favorites', headers: who.headers, payload });
  const offerOf = (ean: string) =>
    chooseOffer(
      demoWholesaleOffers(
        demoCatalogue().variants.find((v) => v.gtin === ean)!,
        clock.now(),
      ),
    )!;

  it("without a quantity: the offer seller's group, its MOV and stock, the suggestion from the share, figures in EUR", async () => {
    // A German favorite with a share and an offer with stock.
    const favorite = favorites.find(
      (f) => f.market === 'DE' && f.salesEstimate?.sellerUnitsPerMonth && (offerOf(f.ean).inventory ?? 1) > 0 && (f.breakdown?.numberOfPacks ?? 1) === 1,
    )!;
    expect(favorite).toBeDefined();
    const offer = offerOf(favorite.ean);
    const res = await add(owner, { favoriteId: favorite.id });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as BuyList;
    const group = list.suppliers.find((s) => s.supplierName === `Qogita · ${offer.seller}`)!;
    expect(group).toMatchObject({ source: 'qogita', qogitaSeller: offer.seller, minOrderValue: offer.mov });
    const line = group.lines.find((l) => l.ean === favorite.ean)!;
    // 4 weeks of the share: ceil(share × 4 ÷ (52/12)), capped by the offer's inventory.
    const share = favorite.salesEstimate!.sellerUnitsPerMonth!;
    const wanted = Math.max(1, Math.ceil((share * 4) / (52 / 12) - 1e-9));
    const expected = offer.inventory === null ? wanted : Math.min(wanted, offer.inventory);
    expect(line).toMatchObject({
      source: 'qogita',
      market: 'DE',
      asin: favorite.asin,
      quantity: expected,
      stock: offer.inventory,
      unitPrice: favorite.supplierPriceEur,
      profitPerListing: favorite.estimatedProfit,
      roiPercentage: favorite.roiPercentage,
      sellerUnitsPerMonth: share,
      priceDropId: null,
    });
  });

  it('a UK favorite: its pound figures converted to EUR at the rate its profit used', async () => {
    const favorite = favorites.find((f) => f.market === 'UK' && (offerOf(f.ean).inventory ?? 1) > 0);
    expect(favorite).toBeDefined();
    if (!favorite) return;
    const res = await add(owner, { favoriteId: favorite.id, quantity: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const line = (res.json() as BuyList).suppliers.flatMap((s) => s.lines).find((l) => l.ean === favorite.ean && l.market === 'UK')!;
    const fx = favorite.breakdown!.fxRate;
    expect(line.quantity).toBe(1);
    expect(line.unitPrice).toBe(favorite.supplierPriceEur);
    expect(line.profitPerListing).toBeCloseTo(cents(favorite.estimatedProfit / fx), 2);
    expect(line.amazonPrice).toBeCloseTo(cents(favorite.amazonPrice / fx), 2);
  });

  it("another user's favorite is not found; FREE gets the upgrade sentence; a bad id is a 400 with a sentence", async () => {
    const stranger = await createUser(ctx.deps, { tier: 'GROWTH' });
    const res = await add(stranger, { favoriteId: favorites[0]!.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(FAVORITE_NOT_FOUND);
    const free = await createUser(ctx.deps, { tier: 'FREE' });
    expect((await add(free, { favoriteId: favorites[0]!.id })).statusCode).toBe(403);
    const bad = await add(owner, { favoriteId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please choose a favorite.');
  });
});
