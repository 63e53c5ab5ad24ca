import { wholesalePriceInclVat } from '@dealradar/shared/purchase-vat';
import { canonicalEan } from '@dealradar/shared/ean';
import { detectDelimiter, parseCsvRecords, stripBom } from '@dealradar/shared/csv';
import type { WholesaleVariant } from '../../market-data.types.ts';
import { decimalToMinor } from '../../money-text.ts';

/**
 * Qogita catalogue CSV (external-apis.md §2.5): GTIN, Name, Category, Brand, "€ Lowest Price inc. shipping", Unit,
 * Lowest Priced Offer Inventory, …, Product URL (or Product Link), Image URL. The price column is found by
 * /price inc\. shipping/i and its currency from the prefix. Prices are read as excl. VAT (B2B).
 * An account in another currency ("£ Lowest Price inc. shipping") is converted to EUR with `eurRate`
 * (1 EUR = eurRate units of the account's currency, the day's reference rate); without one it is refused.
 */

export function currencyOfPriceHeader(header: string): string | undefined {
  const prefix = header.trim().split(/\s+/)[0] ?? '';
  if (prefix === '€' || /^eur$/i.test(prefix)) return 'EUR';
  if (prefix === '£' || /^gbp$/i.test(prefix)) return 'GBP';
  if (/price inc/i.test(prefix)) return undefined;
  return prefix.toUpperCase();
}

/** The currency of a catalogue CSV's price column ('EUR' when it names none). */
export function accountCurrencyOf(text: string): string {
  const clean = stripBom(text);
  const end = clean.search(/\r?\n/);
  const firstLine = end === -1 ? clean : clean.slice(0, end);
  const header = parseCsvRecords(firstLine, detectDelimiter(firstLine))[0] ?? [];
  const price = header.find((h) => /price inc\. shipping/i.test(h));
  return (price && currencyOfPriceHeader(price)) ?? 'EUR';
}

export interface QogitaCsvResult {
  variants: WholesaleVariant[];
  skipped: number;
  currency: string | undefined;
}

export function parseQogitaCsv(text: string, options: { eurRate?: (currency: string) => number | undefined } = {}): QogitaCsvResult {
  const clean = stripBom(text);
  const firstLine = clean.slice(0, clean.search(/\r?\n/) === -1 ? clean.length : clean.search(/\r?\n/));
  const records = parseCsvRecords(clean, detectDelimiter(firstLine));
  const [header, ...rows] = records;
  if (!header) return { variants: [], skipped: 0, currency: undefined };
  const names = header.map((h) => h.trim().toLowerCase());
  const col = (...candidates: string[]) => names.findIndex((n) => candidates.includes(n));
  const iGtin = col('gtin', 'ean');
  const iName = col('name');
  const iCategory = col('category');
  const iBrand = col('brand');
  const iPrice = names.findIndex((n) => /price inc\. shipping/i.test(n));
  const iStock = col('lowest priced offer inventory', 'inventory');
  const iUrl = col('product url', 'product link');
  const iImage = col('image url');
  if (iGtin < 0 || iPrice < 0) throw new Error('The Qogita catalogue has no GTIN or price column.');
  const currency = currencyOfPriceHeader(header[iPrice]!) ?? 'EUR';
  const rate = currency === 'EUR' ? 1 : options.eurRate?.(currency);
  if (!rate || !(rate > 0)) throw new Error(`The Qogita account quotes ${currency} and no exchange rate from EUR to ${currency} is known.`);
  const variants: WholesaleVariant[] = [];
  let skipped = 0;
  for (const row of rows) {
    const gtin = canonicalEan(row[iGtin]);
    const written = decimalToMinor(row[iPrice] ?? '');
    const priceExclVat = written === null ? null : Math.round(written / rate);
    if (!gtin || priceExclVat === null || priceExclVat <= 0) {
      skipped += 1;
      continue;
    }
    const stockText = iStock >= 0 ? (row[iStock] ?? '').trim() : '';
    variants.push({
      gtin,
      name: (iName >= 0 ? row[iName] : '')?.trim() || gtin,
      brand: (iBrand >= 0 ? row[iBrand] : '')?.trim() ?? '',
      category: (iCategory >= 0 ? row[iCategory]?.trim() : '') || null,
      priceExclVat,
      priceInclVat: wholesalePriceInclVat(priceExclVat),
      currency: 'EUR',
      stock: /^\d+$/.test(stockText) ? Number(stockText) : null,
      productUrl: (iUrl >= 0 ? row[iUrl]?.trim() : '') || null,
      imageUrl: (iImage >= 0 ? row[iImage]?.trim() : '') || null,
    });
  }
  return { variants, skipped, currency };
}
