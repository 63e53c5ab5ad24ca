/**
 * CSV rules of SPEC §5 shared by the browser (mapping dialog preview) and the server (scans).
 * Delimiter: semicolon if the text contains one, otherwise comma. The first line is the header;
 * the first 3 data rows are previewed. Quoted fields ("a;b", "line\nbreak", "say ""hi""") are honoured,
 * CRLF and LF both end a record, blank lines are skipped, a UTF-8 byte-order mark is dropped.
 */
import { CSV_PREVIEW_ROWS } from './constants.ts';

export type CsvDelimiter = ';' | ',';

/** SPEC §5: semicolon if the text contains one, else comma. Pass the file's first chunk (the server uses the first 64 KiB). */
export function detectDelimiter(text: string): CsvDelimiter {
  return text.includes(';') ? ';' : ',';
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Splits CSV text into records of fields. Stops after `maxRecords` records (blank records skipped).
 * An unterminated last record (text cut in the middle, e.g. a preview slice) is returned only when `complete` is true.
 */
export function parseCsvRecords(
  text: string,
  delimiter: CsvDelimiter,
  options: { maxRecords?: number; complete?: boolean } = {},
): string[][] {
  const max = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const complete = options.complete ?? true;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false;
  let i = 0;
  const pushRecord = () => {
    record.push(field);
    const blank = record.length === 1 && record[0]!.trim() === '';
    if (!blank) records.push(record);
    record = [];
    field = '';
    fieldStarted = false;
  };
  while (i < text.length && records.length < max) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      inQuotes = true;
      fieldStarted = true;
      i += 1;
      continue;
    }
    if (ch === delimiter) {
      record.push(field);
      field = '';
      fieldStarted = false;
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      pushRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += ch;
    fieldStarted = true;
    i += 1;
  }
  if (records.length < max && complete && !inQuotes && (field !== '' || record.length > 0)) pushRecord();
  return records;
}

export interface CsvPreview {
  delimiter: CsvDelimiter;
  /** Header names, trimmed; empty names become 'Column N'. */
  headers: string[];
  /** Up to `rows` data rows (blank lines skipped), each padded/cut to the header's length. */
  rows: string[][];
}

/**
 * Header + first data rows for the column-mapping dialog. `text` may be just the beginning of the file
 * (the browser reads the first 64 KiB); a record cut off at the end of the slice is not shown.
 * Throws Error('Failed to read CSV') when there is no header.
 */
export function parseCsvPreview(text: string, options: { rows?: number; complete?: boolean } = {}): CsvPreview {
  const clean = stripBom(text);
  const delimiter = detectDelimiter(clean);
  const wanted = options.rows ?? CSV_PREVIEW_ROWS;
  const records = parseCsvRecords(clean, delimiter, { maxRecords: wanted + 1, complete: options.complete ?? true });
  const headerRecord = records[0];
  if (!headerRecord || headerRecord.every((h) => h.trim() === '')) throw new Error('Failed to read CSV');
  const headers = normalizeHeaders(headerRecord);
  const rows = records.slice(1, wanted + 1).map((r) => headers.map((_, index) => r[index] ?? ''));
  return { delimiter, headers, rows };
}

/** Trimmed header names; blanks become 'Column N' (1-based) so they can still be chosen. */
export function normalizeHeaders(headerRecord: string[]): string[] {
  return headerRecord.map((h, index) => {
    const name = h.replace(/^\uFEFF/, '').trim();
    return name === '' ? `Column ${index + 1}` : name;
  });
}

/** Finds a mapped column by header name: exact first, then case- and space-insensitive. -1 when absent. */
export function findColumn(headers: string[], name: string): number {
  const exact = headers.indexOf(name);
  if (exact >= 0) return exact;
  const key = name.trim().toLowerCase();
  return headers.findIndex((h) => h.trim().toLowerCase() === key);
}

/** Guesses for the mapping dialog's defaults (the user confirms): ean/gtin/barcode, brand/marke, price/preis/cost. */
export function guessColumns(headers: string[]): { ean?: string; brand?: string; price?: string } {
  const pick = (patterns: RegExp[]) => {
    for (const p of patterns) {
      const found = headers.find((h) => p.test(h.trim().toLowerCase()));
      if (found) return found;
    }
    return undefined;
  };
  return {
    ean: pick([/^(ean|gtin|ean13|ean-13|barcode|upc)$/, /ean|gtin|barcode|upc/]),
    brand: pick([/^(brand|marke|marque|marca|manufacturer|hersteller)$/, /brand|marke|marque|marca/]),
    price: pick([/^(price|preis|prix|prezzo|precio|cost|unit price|net price)$/, /price|preis|prix|prezzo|precio|cost/]),
  };
}
