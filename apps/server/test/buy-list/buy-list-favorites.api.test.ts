import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favorite } from '@dealradar/shared/contracts/brand-analyzer';
import type { BuyList } from '@dealradar/shared/contracts/buy-list';
import { TestClock } from '../../src/lib/clock.ts';
import { listFavorites, startScan, waitForScan } from '../../src/modules/brand-analyzer/test-support/scan-helpers.ts';
import { chooseOffer } from '../../src/modules/buy-list/buy-list-qogita.service.ts';
import { FAVORITE_NOT_FOUND } from '../../src/modules/buy-list/buy-list-favorites.service.ts';
import { demoCatalogue } from '../../src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoWholesaleOffers } from '../../src/modules/market-data/providers/demo/demo-wholesale.ts';
import { signSessionToken } from '../../src/modules/auth/session-token.ts';
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

  it('a newer brand scan of the same brands and market that re-evaluates a favorite shows the change on its line; unchanged lines show none', async () => {
    let user = await createUser(ctx.deps, { tier: 'PRO', minRoiThreshold: 0.15 });
    const brands: string[] = (await ctx.app.inject({ method: 'GET', url: '/api/brand-analyzer/brands', headers: user.headers })).json();
    const scan = async () => {
      const res = await startScan(ctx, user, brands.slice(0, 3), ['DE']);
      expect((await waitForScan(ctx, user, res.json().scanId, 60_000)).status).toBe('COMPLETED');
      return (await listFavorites(ctx, user, 'size=100')).json().content as Favorite[];
    };
    const first = (await scan()).filter((f) => (offerOf(f.ean).inventory ?? 1) > 0).slice(0, 8);
    expect(first.length).toBeGreaterThan(2);
    let list: BuyList | undefined;
    for (const f of first) list = (await add(user, { favoriteId: f.id, quantity: 1 })).json();
    const lines = () => list!.suppliers.flatMap((s) => s.lines);
    // Just added: nothing newer, no change.
    expect(lines()).toHaveLength(first.length);
    expect(lines().every((l) => l.changed === null)).toBe(true);

    // Twelve days later the demo wholesale and Amazon prices have moved; the same brand scan re-evaluates the favorites.
    clock.advance(12 * 24 * 3_600_000);
    // A new session: the first one has expired meanwhile.
    const token = await signSessionToken(
      ctx.deps.jwtSecret,
      { id: user.id, username: user.username, email: user.email, role: 'USER', subscriptionTier: 'PRO' },
      ctx.deps.config.JWT_TTL_SECONDS,
      clock.now(),
    );
    user = { ...user, token, headers: { authorization: `Bearer ${token}` } };
    const second = await scan();
    list = (await ctx.app.inject({ method: 'GET', url: '/api/buy-list', headers: user.headers })).json();
    let changed = 0;
    for (const line of lines()) {
      const now = second.find((f) => f.ean === line.ean && f.market === line.market && f.asin === line.asin);
      const moved = now && (Math.abs(now.supplierPriceEur! - line.unitPrice) > 0.005 || Math.abs(now.estimatedProfit - line.profitPerListing!) > 0.005);
      if (!now || !moved) {
        // Dropped by the newer scan (no longer a favorite) or the same figures: no change shown.
        expect(line.changed).toBeNull();
        continue;
      }
      changed += 1;
      // German favorites: EUR figures, the line's own figures kept.
      expect(line.changed).toMatchObject({
        reason: 'brand-scan',
        unitPrice: now.supplierPriceEur,
        profitPerListing: now.estimatedProfit,
        roiPercentage: now.roiPercentage,
        amazonPrice: now.amazonPrice,
        stock: null,
      });
      expect(Date.parse(line.changed!.scannedAt)).toBeGreaterThan(Date.parse(line.addedAt));
      expect(line.unitPrice).toBe(first.find((f) => f.id === now.id || f.ean === now.ean)!.supplierPriceEur);
    }
    expect(changed).toBeGreaterThan(0);

    // Adding the re-evaluated favorite again takes its figures: the change is gone.
    const stale = lines().find((l) => l.changed !== null)!;
    const favorite = second.find((f) => f.ean === stale.ean && f.market === stale.market)!;
    const readded = ((await add(user, { favoriteId: favorite.id, quantity: 1 })).json() as BuyList).suppliers
      .flatMap((s) => s.lines)
      .find((l) => l.ean === stale.ean && l.market === stale.market);
    // The offer's seller may have changed with the demo's time: the line of the current seller takes the figures.
    expect(readded).toMatchObject({ unitPrice: favorite.supplierPriceEur, changed: null });
  }, 180_000);
});
