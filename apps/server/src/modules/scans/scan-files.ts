import fs from 'node:fs';
import path from 'node:path';
import { isSupplierCurrency, priceTermsOf, type PriceTerms } from '@dealradar/shared/price-terms';
import type { ScanRow } from './scans.repository.ts';
import type { ParsedSupplierFile, ReadOptions, SupplierColumns } from './supplier-file.ts';

/** Uploaded supplier files live under DATA_DIR/uploads/<scanId>.csv until their scan ends. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function removeUpload(filePath: string | null | undefined): void {
  if (!filePath) return;
  fs.rm(filePath, { force: true }, () => undefined);
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
 * The parse done while answering the start request, handed to the worker of the same process so a 50 MB file is
 * parsed once. A worker in another process (or after a restart) finds nothing here and parses the file again.
 */
const handoff = new Map<string, { parsed: ParsedSupplierFile; timer: NodeJS.Timeout }>();

export function handOffParsedFile(scanId: string, parsed: ParsedSupplierFile): void {
  const timer = setTimeout(() => handoff.delete(scanId), 5 * 60 * 1000);
  timer.unref();
  handoff.set(scanId, { parsed, timer });
}

export function takeParsedFile(scanId: string): ParsedSupplierFile | undefined {
  const entry = handoff.get(scanId);
  if (!entry) return undefined;
  clearTimeout(entry.timer);
  handoff.delete(scanId);
  return entry.parsed;
}
