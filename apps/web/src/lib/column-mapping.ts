import { guessColumns } from '@dealradar/shared/column-guess';
import { parseDecimalInput } from '@dealradar/shared/decimal';
import {
  detectPriceTerms,
  MAX_SUPPLIER_VAT_RATE,
  SUPPLIER_VAT_DEFAULTS,
  termsFromDetection,
  type PriceTerms,
  type PriceTermsDetection,
  type SupplierCurrency,
} from '@dealradar/shared/price-terms';

/**
 * The column mapping of an upload (SPEC §3 'Column mapping', §5; issue 11): what the mapping dialog sends with the file
 * to both analyzers. Pure rules, tested in column-mapping.test.ts.
 */
export interface ColumnMapping {
  ean: string;
  /** null: "No brand column: use the brand from the marketplace" (deals carry the Amazon listing's brand). */
  brand: string | null;
  /** null: no price column (only allowed when the price is optional). */
  price: string | null;
  /** The column giving the units each price buys (a case of N), or a number for the whole file; null: unit prices. */
  units: { column: string } | { perPrice: number } | null;
  /** XLSX: the sheet to read (null: CSV, or the first sheet). */
  sheet: string | null;
  /** The price's currency and VAT; absent: EUR excl. VAT. */
  priceTerms?: PriceTerms;
}

/** The dialog's price currency and VAT: detected from the price column, changed by the user. */
export interface PriceTermsChoice {
  currency: SupplierCurrency;
  includesVat: boolean;
  /** The supplier's VAT rate in percent as typed ('23'). */
  vatRate: string;
  /** What the file said, for the price column `detectedFor`. */
  detection: PriceTermsDetection | null;
  detectedFor: string | null;
  /** The user changed something: a new price column no longer replaces the choice. */
  touched: boolean;
}

export const VAT_RATE_ERROR = `The supplier's VAT rate must be a number between 0 and ${MAX_SUPPLIER_VAT_RATE * 100} (percent).`;

const percentText = (fraction: number) => String(Math.round(fraction * 10000) / 100);

/** The currency and VAT detected for a price column of the preview (EUR excl. VAT where the file says nothing). */
export function detectedPriceTerms(preview: { headers: string[]; sampleRows?: string[][]; rows: string[][] }, priceColumn: string | null): PriceTermsChoice {
  const detection = detectPriceTerms(preview.headers, preview.sampleRows ?? preview.rows, priceColumn);
  const terms = termsFromDetection(detection);
  return { currency: terms.currency, includesVat: terms.includesVat, vatRate: percentText(terms.vatRate), detection, detectedFor: priceColumn, touched: false };
}

/** Another currency chosen: its standard VAT rate comes with it. */
export function withCurrency(choice: PriceTermsChoice, currency: SupplierCurrency): PriceTermsChoice {
  return { ...choice, currency, vatRate: percentText(SUPPLIER_VAT_DEFAULTS[currency]), touched: true };
}

/** The typed VAT rate: a percentage from 0 to 30 (fraction), or an error. */
export function parseVatRate(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const parsed = parseDecimalInput(text);
  if (!parsed.ok || parsed.value === null || parsed.value < 0 || parsed.value > MAX_SUPPLIER_VAT_RATE * 100) return { ok: false, error: VAT_RATE_ERROR };
  return { ok: true, value: parsed.value / 100 };
}

/** What the user has chosen so far in the dialog. */
export interface MappingChoices {
  ean: string | null;
  brand: string | null;
  noBrandColumn: boolean;
  price: string | null;
  unitsColumn: string | null;
  /** The units-per-price number as typed ('' = none). */
  unitsPerPrice: string;
  /** The price's currency and VAT; absent: EUR excl. VAT. */
  priceTerms?: PriceTermsChoice;
}

export const NO_BRAND_COLUMN_LABEL = 'No brand column: use the brand from the marketplace';
export const UNITS_PER_PRICE_ERROR = 'Units per price must be a whole number of 1 or more.';

/** The dialog's pre-selection: the shared guesses by header name and by the content of the sample rows. */
export function guessedChoices(preview: { headers: string[]; sampleRows?: string[][]; rows: string[][] }): MappingChoices {
  const guess = guessColumns(preview.headers, preview.sampleRows ?? preview.rows);
  return {
    ean: guess.ean ?? null,
    brand: guess.brand ?? null,
    noBrandColumn: false,
    price: guess.price ?? null,
    unitsColumn: guess.units ?? null,
    unitsPerPrice: '',
    priceTerms: detectedPriceTerms(preview, guess.price ?? null),
  };
}

/** The typed units per price: a whole number of 1 or more ('' → none); decimal commas and '1.000' as elsewhere. */
export function parseUnitsPerPrice(text: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const parsed = parseDecimalInput(text);
  if (!parsed.ok) return { ok: false, error: UNITS_PER_PRICE_ERROR };
  if (parsed.value === null) return { ok: true, value: null };
  if (!Number.isInteger(parsed.value) || parsed.value < 1) return { ok: false, error: UNITS_PER_PRICE_ERROR };
  if (parsed.value > 100_000) return { ok: false, error: 'Units per price must be at most 100000.' };
  return { ok: true, value: parsed.value };
}

/**
 * The mapping to send, or null while Confirm must stay disabled: EAN chosen; a brand column or "No brand column"
 * (SPEC §5: Confirm is disabled until EAN and brand are chosen; the explicit choice counts); the price when required;
 * a valid units number when one is typed.
 */
export function mappingOf(choices: MappingChoices, options: { priceRequired: boolean; sheet?: string | null }): ColumnMapping | null {
  if (!choices.ean) return null;
  if (!choices.noBrandColumn && !choices.brand) return null;
  if (options.priceRequired && !choices.price) return null;
  const typed = parseUnitsPerPrice(choices.unitsPerPrice);
  if (!typed.ok) return null;
  const vatRate = choices.priceTerms ? parseVatRate(choices.priceTerms.vatRate) : null;
  if (vatRate && !vatRate.ok) return null;
  const units = choices.unitsColumn ? { column: choices.unitsColumn } : typed.value !== null ? { perPrice: typed.value } : null;
  return {
    ean: choices.ean,
    brand: choices.noBrandColumn ? null : choices.brand,
    price: choices.price,
    units,
    sheet: options.sheet ?? null,
    ...(choices.priceTerms && vatRate?.ok
      ? { priceTerms: { currency: choices.priceTerms.currency, includesVat: choices.priceTerms.includesVat, vatRate: vatRate.value } }
      : {}),
  };
}

/** The multipart text fields of the agreed upload contract (shared contracts/scans.ts mappingShape), in order. */
export function mappingFormFields(mapping: ColumnMapping): Array<[string, string]> {
  const fields: Array<[string, string]> = [['eanColumn', mapping.ean]];
  if (mapping.brand === null) fields.push(['noBrandColumn', 'true']);
  else fields.push(['brandColumn', mapping.brand]);
  fields.push(['priceColumn', mapping.price ?? '']);
  if (mapping.units && 'column' in mapping.units) fields.push(['unitsColumn', mapping.units.column]);
  if (mapping.units && 'perPrice' in mapping.units) fields.push(['unitsPerPrice', String(mapping.units.perPrice)]);
  if (mapping.sheet) fields.push(['sheet', mapping.sheet]);
  if (mapping.priceTerms) fields.push(...priceTermsFields(mapping.priceTerms));
  return fields;
}

/** priceCurrency, priceIncludesVat and priceVatRate (percent) as the start contracts take them. */
export function priceTermsFields(terms: PriceTerms): Array<[string, string]> {
  return [
    ['priceCurrency', terms.currency],
    ['priceIncludesVat', String(terms.includesVat)],
    ['priceVatRate', percentText(terms.vatRate)],
  ];
}
