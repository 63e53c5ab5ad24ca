import { wholesalePriceInclVat } from '@dealradar/shared/purchase-vat';
import type { Clock } from '../../../../lib/clock.ts';
import type { WholesaleOffer, WholesaleVariant } from '../../market-data.types.ts';
import type { WholesaleProvider } from '../provider.types.ts';
import { demoCatalogue, type DemoVariant } from './demo-catalogue.ts';
import { between, pick, unit } from './demo-random.ts';

/**
 * The demo wholesale price process: the price of a variant at time t is a pure function of (variant, hour of t).
 * - a slow drift (±4 %) that changes at staggered, variant-specific intervals of 3–14 days;
 * - promotions: the hours are cut into variant-specific windows of 4–30 hours; in about 9 % of the windows the
 *   price is discounted (3–85 %, most discounts small). A window ending is a rise, a new promotion is a drop.
 * Successive catalogue refreshes therefore see drops of every category and rises, as a real wholesale catalogue does.
 */
const HOUR_MS = 3_600_000;

function discountFor(variant: DemoVariant, window: number): number {
  if (unit(variant.gtin, 'promo', window) >= 0.09) return 0;
  const u = unit(variant.gtin, 'depth', window);
  const span = (lo: number, hi: number) => lo + unit(variant.gtin, 'depth-in', window) * (hi - lo);
  if (u < 0.4) return span(0.03, 0.1);
  if (u < 0.72) return span(0.1, 0.25);
  if (u < 0.9) return span(0.25, 0.5);
  if (u < 0.97) return span(0.5, 0.75);
  return span(0.75, 0.85);
}

/** Wholesale price excl. VAT (EUR cents) of a demo variant at an instant. */
export function demoWholesalePrice(variant: DemoVariant, at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const driftPeriod = between(72, 336, variant.gtin, 'drift-period');
  const driftEpoch = Math.floor((hour + between(0, driftPeriod, variant.gtin, 'drift-offset')) / driftPeriod);
  const drift = 1 + (unit(variant.gtin, 'drift', driftEpoch) - 0.5) * 0.08;
  const promoPeriod = between(4, 30, variant.gtin, 'promo-period');
  const promoWindow = Math.floor((hour + between(0, promoPeriod, variant.gtin, 'promo-offset')) / promoPeriod);
  const price = variant.basePrice * drift * (1 - discountFor(variant, promoWindow));
  return Math.max(10, Math.round(price));
}

/** Stock changes once a day; about 5 % of variants are out of stock. */
function demoStock(variant: DemoVariant, at: Date): number {
  const day = Math.floor(at.getTime() / (24 * HOUR_MS));
  if (unit(variant.gtin, 'oos', day) < 0.05) return 0;
  return between(6, 2400, variant.gtin, 'stock', day);
}

export function demoWholesaleVariant(variant: DemoVariant, at: Date): WholesaleVariant {
  const priceExclVat = demoWholesalePrice(variant, at);
  return {
    gtin: variant.gtin,
    name: variant.name,
    brand: variant.brand,
    category: variant.category,
    priceExclVat,
    priceInclVat: wholesalePriceInclVat(priceExclVat),
    currency: 'EUR',
    stock: demoStock(variant, at),
    productUrl: `https://www.qogita.com/search/?query=${variant.gtin}`,
    imageUrl: null,
  };
}

/** The demo's wholesale sellers (Qogita supplier FIDs look like this). */
export const DEMO_SELLERS = ['QS7K2M', 'QS4TRB', 'QS9HXD', 'QS2LWP', 'QS6NVE'] as const;
const DEMO_MOVS = [100, 150, 250, 500, 1000] as const;

/**
 * The demo offers of a variant at an instant: 1–3 sellers, the first the cheapest at the catalogue's price with the
 * catalogue's stock, the others 2–15 % dearer; each seller's MOV is fixed per seller. A pure function of (GTIN, time).
 */
export function demoWholesaleOffers(variant: DemoVariant, at: Date): WholesaleOffer[] {
  const base = demoWholesaleVariant(variant, at);
  const count = between(1, 3, variant.gtin, 'offers');
  const offers: WholesaleOffer[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const seller = pick(DEMO_SELLERS, variant.gtin, 'seller', i);
    if (used.has(seller)) continue;
    used.add(seller);
    const markup = i === 0 ? 1 : 1 + between(2, 15, variant.gtin, 'markup', i) / 100;
    offers.push({
      seller,
      price: Math.round(base.priceExclVat * markup) / 100,
      priceCurrency: 'EUR',
      inventory: i === 0 ? base.stock : between(6, 600, variant.gtin, 'inventory', i),
      mov: DEMO_MOVS[DEMO_SELLERS.indexOf(seller) % DEMO_MOVS.length]!,
      movCurrency: 'EUR',
    });
  }
  return offers;
}

let variantsByGtin: Map<string, DemoVariant> | undefined;

export function createDemoWholesaleProvider(clock: Clock): WholesaleProvider {
  return {
    name: 'demo',
    isDemo: true,
    async listBrands() {
      return demoCatalogue()
        .brands.map((b) => b.name)
        .sort((a, b) => a.localeCompare(b));
    },
    async listVariants(brand: string) {
      const now = clock.now();
      const wanted = brand.trim().toLowerCase();
      return demoCatalogue()
        .variants.filter((v) => v.brand.toLowerCase() === wanted)
        .map((v) => demoWholesaleVariant(v, now));
    },
    async *fetchCatalogue() {
      const now = clock.now();
      const all = demoCatalogue().variants;
      for (let i = 0; i < all.length; i += 1000) yield all.slice(i, i + 1000).map((v) => demoWholesaleVariant(v, now));
    },
    async offersOf(wanted) {
      variantsByGtin ??= new Map(demoCatalogue().variants.map((v) => [v.gtin, v]));
      const variant = variantsByGtin.get(wanted.gtin);
      return variant ? demoWholesaleOffers(variant, clock.now()) : [];
    },
  };
}
