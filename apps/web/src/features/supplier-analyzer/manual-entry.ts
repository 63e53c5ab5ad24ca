import type { ManualEntryRow } from '@dealradar/shared/contracts/scans';

/** A row of the Manual entry table as typed (SPEC §3 'Manual entry row'). */
export interface ManualRowInput {
  key: string;
  ean: string;
  brand: string;
  /** '' when not given; Mantine NumberInput gives a number otherwise. */
  price: number | string;
}

export type ManualEntryResult = { ok: true; entries: ManualEntryRow[] } | { ok: false; title: 'Missing fields'; message: 'EAN and Brand are required' };

/**
 * Rows left completely blank are ignored; every other row needs an EAN and a Brand (SPEC §5),
 * and at least one row must be filled. A price is optional, a number of 0 or more.
 */
export function toManualEntries(rows: readonly ManualRowInput[]): ManualEntryResult {
  const missing = { ok: false, title: 'Missing fields', message: 'EAN and Brand are required' } as const;
  const filled = rows.filter((r) => r.ean.trim() || r.brand.trim() || String(r.price).trim());
  if (filled.length === 0) return missing;
  const entries: ManualEntryRow[] = [];
  for (const row of filled) {
    const ean = row.ean.trim();
    const brand = row.brand.trim();
    if (!ean || !brand) return missing;
    const price = typeof row.price === 'number' ? row.price : Number.parseFloat(row.price.replace(',', '.'));
    entries.push(Number.isFinite(price) && price >= 0 ? { ean, brand, price } : { ean, brand });
  }
  return { ok: true, entries };
}

let nextKey = 0;
export function emptyManualRow(): ManualRowInput {
  nextKey += 1;
  return { key: `row-${nextKey}`, ean: '', brand: '', price: '' };
}
