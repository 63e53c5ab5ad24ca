import type { ManualEntryRow } from '@dealradar/shared/contracts/scans';
import { parseDecimalInput } from '@dealradar/shared/decimal';

/** A row of the Manual entry table as typed (SPEC §3 'Manual entry row'). */
export interface ManualRowInput {
  key: string;
  ean: string;
  brand: string;
  /** The price as typed ('' when not given): "4,20", "4.20", "1.234,56" and "1,234.56" are all read (issue 11). */
  price: number | string;
}

export type ManualEntryResult =
  | { ok: true; entries: ManualEntryRow[] }
  | { ok: false; title: 'Missing fields'; message: 'EAN and Brand are required' }
  | { ok: false; title: 'Invalid price'; message: string };

/**
 * Rows left completely blank are ignored; every other row needs an EAN and a Brand (SPEC §5),
 * and at least one row must be filled. A price is optional, a number of 0 or more, read with the shared
 * parseDecimalInput (a decimal comma is a decimal, never a thousands separator: "4,20" is 4.20, not 420).
 */
export function toManualEntries(rows: readonly ManualRowInput[]): ManualEntryResult {
  const missing = { ok: false, title: 'Missing fields', message: 'EAN and Brand are required' } as const;
  const filled = rows.filter((r) => r.ean.trim() || r.brand.trim() || String(r.price).trim());
  if (filled.length === 0) return missing;
  const entries: ManualEntryRow[] = [];
  for (const [index, row] of filled.entries()) {
    const ean = row.ean.trim();
    const brand = row.brand.trim();
    if (!ean || !brand) return missing;
    const price = parseDecimalInput(row.price);
    if (!price.ok)
      return { ok: false, title: 'Invalid price', message: `Row ${index + 1}: the price ${String(row.price).trim()} is not a number of 0 or more.` };
    entries.push(price.value === null ? { ean, brand } : { ean, brand, price: price.value });
  }
  return { ok: true, entries };
}

let nextKey = 0;
export function emptyManualRow(): ManualRowInput {
  nextKey += 1;
  return { key: `row-${nextKey}`, ean: '', brand: '', price: '' };
}
