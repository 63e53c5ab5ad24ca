import { guessColumns } from '@dealradar/shared/column-guess';
import { parseDecimalInput } from '@dealradar/shared/decimal';

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
  const units = choices.unitsColumn ? { column: choices.unitsColumn } : typed.value !== null ? { perPrice: typed.value } : null;
  return {
    ean: choices.ean,
    brand: choices.noBrandColumn ? null : choices.brand,
    price: choices.price,
    units,
    sheet: options.sheet ?? null,
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
  return fields;
}
