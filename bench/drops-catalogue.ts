import type { WholesaleVariant } from '../apps/server/src/modules/market-data/market-data.types.ts';

/**
 * A synthetic wholesale catalogue for the price-monitor benchmark: `size` variants over 400 brands,
 * deterministic. `changedShare` of the variants get a new price in the "after" catalogue
 * (half fall by 5–60 %, half rise by 5–20 %).
 */
export const CATALOGUE_SIZE = 500_000;
export const CHANGED_SHARE = 0.05;

function rand(seed: number): number {
  let x = (seed ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

function variantAt(i: number, changed: boolean, changedShare: number): WholesaleVariant {
  const base = 200 + Math.floor(rand(i) * 9800);
  let price = base;
  if (changed && rand(i * 7 + 1) < changedShare) {
    price = rand(i * 7 + 2) < 0.5 ? Math.round(base * (0.95 - rand(i * 7 + 3) * 0.55)) : Math.round(base * (1.05 + rand(i * 7 + 3) * 0.15));
  }
  const gtin = String(4_000_000_000_000 + i);
  return {
    gtin,
    name: `Bench Product ${i} ${['Cream', 'Serum', 'Shampoo', 'Lotion', 'Mascara'][i % 5]} ${50 + (i % 10) * 25} ml`,
    brand: `Brand ${i % 400}`,
    category: ['Skin Care', 'Hair Care', 'Make-up', 'Body Care', 'Fragrance'][i % 5]!,
    priceExclVat: price,
    priceInclVat: Math.round(price * 1.21),
    currency: 'EUR',
    stock: Math.floor(rand(i * 3) * 2000),
    productUrl: `https://www.qogita.com/products/${gtin}/`,
    imageUrl: `https://images.qogita.com/${gtin}.jpg`,
  };
}

export async function* benchCatalogue(after: boolean, size = CATALOGUE_SIZE, changedShare = CHANGED_SHARE): AsyncIterable<WholesaleVariant[]> {
  const batch = 5000;
  for (let i = 0; i < size; i += batch) {
    const rows: WholesaleVariant[] = [];
    for (let j = i; j < Math.min(size, i + batch); j += 1) rows.push(variantAt(j, after, changedShare));
    yield rows;
  }
}
