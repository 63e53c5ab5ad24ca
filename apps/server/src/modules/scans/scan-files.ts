import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { isSupplierCurrency, priceTermsOf, type PriceTerms } from '@dealradar/shared/price-terms';
import type { ScanRow } from './scans.repository.ts';
import type { ParsedSupplierFile, ReadOptions, SupplierColumns } from './supplier-file.ts';

/** Uploaded supplier files live under DATA_DIR/uploads/<uploadId>.csv (the scan takes the upload's id) until their scan ends. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Removes a stored file and its stored parse (parsedPathOf). */
export function removeUpload(filePath: string | null | undefined): void {
  if (!filePath) return;
  fs.rm(filePath, { force: true }, () => undefined);
  fs.rm(parsedPathOf(filePath), { force: true }, () => undefined);
}

/** The mapping a scan was started with (a resumed run reads its file again with it). */
export function scanColumns(scan: ScanRow): SupplierColumns {
  return {
    ean: scan.ean_column,
    brand: scan.brand_column,
    price: scan.price_column,
    units: scan.units_column || undefined,
    unitsPerPrice: scan.units_per_price ?? undefined,
    sheet: scan.sheet ?? undefined,
    priceTerms: priceTermsOfScan(scan),
  };
}

/** The supplier price's currency and VAT a scan was started with (scans before migration 0022: EUR excl. VAT). */
export function priceTermsOfScan(scan: Pick<ScanRow, 'price_currency' | 'price_includes_vat' | 'price_vat_rate'>): PriceTerms {
  const currency = isSupplierCurrency(scan.price_currency) ? scan.price_currency : 'EUR';
  return priceTermsOf(currency, scan.price_includes_vat ?? false, scan.price_vat_rate);
}

/** Manual entry rows are numbered from 1 (not lines) and their prices are written with a '.' decimal point. */
export function readOptionsOf(source: 'upload' | 'manual'): ReadOptions {
  return source === 'manual' ? { lineOffset: -1, priceDecimal: '.' } : {};
}

/**
 * The parse of a scan's file, stored beside it (<file>.parsed, V8's serialization) by the start request that made it:
 * the worker that runs the scan, in this process or another, after a restart too, loads it instead of reading the
 * supplier file again. It is only what the parse kept (distinct EANs, prices, the first unusable rows), not the file.
 */
export function parsedPathOf(filePath: string): string {
  return `${filePath}.parsed`;
}

export async function storeParsedFile(filePath: string, parsed: ParsedSupplierFile): Promise<void> {
  await fs.promises.writeFile(parsedPathOf(filePath), v8.serialize(parsed));
}

/** The stored parse, or undefined when there is none (a scan started before it was stored, or it could not be written). */
export async function loadParsedFile(filePath: string): Promise<ParsedSupplierFile | undefined> {
  try {
    return v8.deserialize(await fs.promises.readFile(parsedPathOf(filePath))) as ParsedSupplierFile;
  } catch {
    return undefined;
  }
}
