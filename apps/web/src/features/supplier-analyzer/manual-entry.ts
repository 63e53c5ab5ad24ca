import type { ManualEntryRow } from '@dealradar/shared/contracts/scans';
import { parseAmountText } from '@dealradar/shared/amount-text';

/** A row of the Manual entry table as typed (SPEC §3 'Manual entry row'). */
export interface ManualRowInput {
  key: string;
  ean: string;
  brand: string;
  /** The price as typed ('' when not given): "4,20", "4.20", "1.234,56" and "1,234.56" are all read. */
  price: number | string;
}

/** What is wrong with a field of a row, shown at the field. */
export type ManualFieldErrors = Partial<Record<'ean' | 'brand' | 'price', string>>;

export type ManualEntryResult =
  | { ok: true; entries: ManualEntryRow[] }
  | { ok: false; title: 'Missing fields'; message: 'EAN and Brand are required'; errors: Record<string, ManualFieldErrors> }
  | { ok: false; title: 'Invalid price'; message: string; errors: Record<string, ManualFieldErrors> };

export const MISSING_EAN = 'EAN is required';
export const MISSING_BRAND = 'Brand is required (or tick “No brand”)';

/**
 * Rows left completely blank are ignored; every other row needs an EAN and a Brand (SPEC §5) — the brand may be left
 * out with "No brand" (deals carry the marketplace's brand, as an upload without a brand column) — and at least one
 * row must be filled. A price is optional, a number of 0 or more, read with the shared parseAmountText (a decimal comma
 * is a decimal: "4,20" is 4.20, not 420; "4,2,0" is not a number). Every wrong field is named in `errors` by row key.
 */
export function toManualEntries(rows: readonly ManualRowInput[], options: { noBrand?: boolean } = {}): ManualEntryResult {
  const filled = rows.filter((r) => r.ean.trim() || r.brand.trim() || String(r.price).trim());
  if (filled.length === 0) {
    const first = rows[0];
    const errors = first ? { [first.key]: { ean: MISSING_EAN, ...(options.noBrand ? {} : { brand: MISSING_BRAND }) } } : {};
    return { ok: false, title: 'Missing fields', message: 'EAN and Brand are required', errors };
  }
  const entries: ManualEntryRow[] = [];
  const missing: Record<string, ManualFieldErrors> = {};
  const badPrices: Record<string, ManualFieldErrors> = {};
  let firstBadPrice: string | null = null;
  for (const [index, row] of filled.entries()) {
    const ean = row.ean.trim();
    const brand = options.noBrand ? '' : row.brand.trim();
    if (!ean || (!brand && !options.noBrand))
      missing[row.key] = { ...(ean ? {} : { ean: MISSING_EAN }), ...(brand || options.noBrand ? {} : { brand: MISSING_BRAND }) };
    const price = parseAmountText(row.price);
    if (!price.ok || (price.value !== null && price.value < 0)) {
      badPrices[row.key] = { price: `${String(row.price).trim()} is not a number of 0 or more.` };
      firstBadPrice ??= `Row ${index + 1}: the price ${String(row.price).trim()} is not a number of 0 or more.`;
      continue;
    }
    entries.push(price.value === null ? { ean, brand } : { ean, brand, price: price.value });
  }
  if (Object.keys(missing).length > 0) return { ok: false, title: 'Missing fields', message: 'EAN and Brand are required', errors: merge(missing, badPrices) };
  if (firstBadPrice) return { ok: false, title: 'Invalid price', message: firstBadPrice, errors: badPrices };
  return { ok: true, entries };
}

function merge(a: Record<string, ManualFieldErrors>, b: Record<string, ManualFieldErrors>): Record<string, ManualFieldErrors> {
  const out = { ...a };
  for (const [key, errors] of Object.entries(b)) out[key] = { ...out[key], ...errors };
  return out;
}

let nextKey = 0;
export function emptyManualRow(): ManualRowInput {
  nextKey += 1;
  return { key: `row-${nextKey}`, ean: '', brand: '', price: '' };
}
