import type { WholesaleVariant } from '../market-data/market-data.types.ts';

/** Test helper: a wholesale variant with sensible defaults (prices in EUR cents, incl. = excl. × 1.19). */
export function variant(gtin: string, priceExclVat: number, overrides: Partial<WholesaleVariant> = {}): WholesaleVariant {
  return {
    gtin,
    name: `Product ${gtin}`,
    brand: 'Nivea',
    category: 'Skin Care',
    priceExclVat,
    priceInclVat: Math.round(priceExclVat * 1.19),
    currency: 'EUR',
    stock: 10,
    productUrl: `https://www.qogita.com/products/${gtin}/`,
    imageUrl: `https://images.example.test/${gtin}.jpg`,
    ...overrides,
  };
}

/** A catalogue source that yields the given variants in batches of `size`. */
export async function* catalogueOf(variants: WholesaleVariant[], size = 1000): AsyncIterable<WholesaleVariant[]> {
  for (let i = 0; i < variants.length; i += size) yield variants.slice(i, i + size);
}
