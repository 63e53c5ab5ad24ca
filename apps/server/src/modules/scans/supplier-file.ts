import fs from 'node:fs';
import { CsvFormatError, CsvRecordParser, detectDelimiter, findColumn, normalizeHeaders, type CsvDelimiter } from '@dealradar/shared/csv';
import type { RowIssue, RowIssueReason } from '@dealradar/shared/contracts/scans';
import { normalizeEan } from '@dealradar/shared/ean';
import { badRequest } from '../../errors/app-error.ts';
import { parseSupplierPrice } from './supplier-price.ts';
import { SupplierTextDecoder, looksBinary } from './supplier-text-decoder.ts';

/** The column mapping of the dialog, by header name. price '' = no price column. */
export interface SupplierColumns {
  ean: string;
  brand: string;
  price: string;
}

/**
 * A supplier file reduced to its distinct valid EANs in file order (first occurrence wins), kept compact:
 * EANs as numbers (canonical keys have at most 14 digits, exact in a double), prices in EUR cents (NaN = none),
 * brand strings interned. Plus the count and reasons of every row that could not be used.
 */
export interface ParsedSupplierFile {
  encoding: string;
  delimiter: CsvDelimiter;
  headers: string[];
  eans: number[];
  brands: string[];
  prices: number[];
  lines: number[];
  rowsRead: number;
  duplicateRows: number;
  invalidRows: number;
  issueCounts: Partial<Record<RowIssueReason, number>>;
  issueSamples: RowIssue[];
}

export const ISSUE_SAMPLE_LIMIT = 50;
const SNIFF_BYTES = 64 * 1024;
const DECODE_BYTES = 32 * 1024;

/**
 * A copy of a cell that does not keep the file's text alive. V8 makes a cell of 13 or more characters a view into
 * the decoded chunk it came from (and a sentence quoting it a chain of pieces pointing there); keeping such a string
 * (a memo key, a brand, a sample) kept its whole chunk, and across a 50 MB file that was most of the file.
 * A JSON round trip always yields a new flat string.
 */
function detached(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}

/** Canonical EAN string from its numeric key. */
export function eanFromKey(key: number): string {
  const text = String(key);
  return text.length >= 13 ? text : text.padStart(13, '0');
}

/**
 * Fast path for the common cell: exactly 13 digits, not all zeros, correct GS1 check digit. normalizeEan gives the
 * same canonical EAN for such a cell (nothing to repair); every other cell goes through normalizeEan.
 */
export function plainEan13Key(raw: string): number | undefined {
  if (raw.length !== 13) return undefined;
  let sum = 0;
  let nonZero = false;
  for (let i = 0; i < 12; i += 1) {
    const d = raw.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    if (d) nonZero = true;
    sum += i % 2 === 0 ? d : d * 3;
  }
  const check = raw.charCodeAt(12) - 48;
  if (check < 0 || check > 9 || (!nonZero && check === 0)) return undefined;
  if ((10 - (sum % 10)) % 10 !== check) return undefined;
  return Number(raw);
}

/**
 * Streams the file from disk (never whole in memory), decodes UTF-8 or Windows-1252, applies the SPEC §5 delimiter
 * rule to the first 64 KiB, maps the columns by header name, and normalizes every row.
 * File-level problems throw AppError 400 with a sentence; row-level problems are counted and sampled.
 * `lineOffset` shifts reported line numbers (manual entry: -1 so row 1 is the first entry).
 */
export async function readSupplierFile(
  filePath: string,
  columns: SupplierColumns,
  options: { signal?: AbortSignal; lineOffset?: number } = {},
): Promise<ParsedSupplierFile> {
  const decoder = new SupplierTextDecoder();
  const lineOffset = options.lineOffset ?? 0;
  const result: ParsedSupplierFile = {
    encoding: 'utf-8',
    delimiter: ',',
    headers: [],
    eans: [],
    brands: [],
    prices: [],
    lines: [],
    rowsRead: 0,
    duplicateRows: 0,
    invalidRows: 0,
    issueCounts: {},
    issueSamples: [],
  };
  const seen = new Set<number>();
  const brandPool = new Map<string, string>();
  // Real lists repeat the same codes; remembering recent normalizations saves most of the work.
  const eanMemo = new Map<string, number | false>();
  let eanIndex = -1;
  let brandIndex = -1;
  let priceIndex = -1;
  let headerSeen = false;

  // Counters per reason (plain numbers: this runs for every row of a million-row file).
  let missingEan = 0;
  let invalidEan = 0;
  let missingBrand = 0;
  let invalidPrice = 0;
  /** Keeps a sample (with its sentence) of the first ISSUE_SAMPLE_LIMIT unusable rows. */
  const sample = (reason: RowIssueReason, line: number, value: string, message: () => string) => {
    if (result.issueSamples.length < ISSUE_SAMPLE_LIMIT) result.issueSamples.push({ line, reason, value: detached(value.trim()), message: detached(message()) });
  };

  const onRecord = (fields: string[], line: number): void => {
    if (!headerSeen) {
      headerSeen = true;
      result.headers = normalizeHeaders(fields);
      eanIndex = requireColumn(result.headers, columns.ean, 'EAN');
      brandIndex = requireColumn(result.headers, columns.brand, 'Brand');
      priceIndex = columns.price.trim() === '' ? -1 : requireColumn(result.headers, columns.price, 'Price');
      parser?.keepOnly([eanIndex, brandIndex, ...(priceIndex >= 0 ? [priceIndex] : [])]);
      return;
    }
    result.rowsRead += 1;
    const reported = line + lineOffset;
    const rawEan = fields[eanIndex] ?? '';
    // The memo keeps the EAN's key, or false for an unusable cell; the sentence (which quotes the cell) is made again
    // for the few sampled rows only, so the memo keeps no text of the file.
    let key: number | false | undefined = plainEan13Key(rawEan);
    if (key === undefined) {
      key = eanMemo.get(rawEan);
      if (key === undefined) {
        const check = normalizeEan(rawEan);
        key = check.valid ? Number(check.ean) : false;
        if (eanMemo.size > 200_000) eanMemo.clear();
        eanMemo.set(detached(rawEan), key);
      }
    }
    if (key === false) {
      result.invalidRows += 1;
      const missing = rawEan.trim() === '';
      if (missing) missingEan += 1;
      else invalidEan += 1;
      sample(missing ? 'missing_ean' : 'invalid_ean', reported, rawEan, () => {
        const check = normalizeEan(rawEan);
        return check.valid ? '' : check.reason;
      });
      return;
    }
    if (seen.has(key)) {
      result.duplicateRows += 1;
      if (result.issueSamples.length < ISSUE_SAMPLE_LIMIT) {
        const dup = key;
        sample('duplicate_ean', reported, rawEan, () => `The EAN ${eanFromKey(dup)} appeared earlier in the file; it is analyzed once (first row).`);
      }
      return;
    }
    const brandRaw = (fields[brandIndex] ?? '').trim();
    if (brandRaw === '') {
      result.invalidRows += 1;
      missingBrand += 1;
      sample('missing_brand', reported, rawEan, () => 'The brand is empty.');
      return;
    }
    let cents = Number.NaN;
    if (priceIndex >= 0) {
      const price = parseSupplierPrice(fields[priceIndex]);
      if (!price.ok) {
        result.invalidRows += 1;
        invalidPrice += 1;
        sample('invalid_price', reported, rawEan, () => price.reason);
        return;
      }
      if (price.cents !== null) cents = price.cents;
    }
    seen.add(key);
    let brand = brandPool.get(brandRaw);
    if (brand === undefined) {
      brand = detached(brandRaw.length > 200 ? brandRaw.slice(0, 200) : brandRaw);
      brandPool.set(detached(brandRaw), brand);
    }
    result.eans.push(key);
    result.brands.push(brand);
    result.prices.push(cents);
    result.lines.push(reported);
  };

  let parser: CsvRecordParser | undefined;
  let sniff = '';
  let bytes = 0;
  let checkedHead = false;
  const startParser = (text: string) => {
    result.delimiter = detectDelimiter(text);
    parser = new CsvRecordParser(result.delimiter, onRecord, { reuseFields: true });
    parser.push(text);
  };

  const stream = fs.createReadStream(filePath, { highWaterMark: 256 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
      if (!checkedHead) {
        checkedHead = true;
        const binary = looksBinary(chunk);
        if (binary) throw badRequest(binary);
      }
      bytes += chunk.length;
      // Decoded in 32 KiB pieces: a longer decoded string is a "large object" to V8, which only a full garbage
      // collection frees, so a 50 MB file's chunks piled up in the heap until one ran (~100 MB more at peak).
      for (let at = 0; at < chunk.length; at += DECODE_BYTES) {
        const text = decoder.write(chunk.subarray(at, at + DECODE_BYTES));
        if (parser) parser.push(text);
        else {
          sniff += text;
          if (sniff.length >= SNIFF_BYTES) {
            startParser(sniff);
            sniff = '';
          }
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const tail = decoder.end();
    if (parser) parser.push(tail);
    else startParser(sniff + tail);
    parser!.end();
  } catch (error) {
    if (error instanceof CsvFormatError) throw badRequest(error.message);
    throw error;
  } finally {
    stream.destroy();
  }
  result.encoding = decoder.encoding;
  const counts: Array<[RowIssueReason, number]> = [
    ['missing_ean', missingEan], ['invalid_ean', invalidEan], ['missing_brand', missingBrand], ['invalid_price', invalidPrice], ['duplicate_ean', result.duplicateRows],
  ];
  for (const [reason, n] of counts) if (n > 0) result.issueCounts[reason] = n;
  if (bytes === 0 || !headerSeen) throw badRequest('The file is empty.');
  if (result.rowsRead === 0) throw badRequest('The file has a header line but no data rows.');
  return result;
}

function requireColumn(headers: string[], name: string, label: string): number {
  const index = findColumn(headers, name);
  if (index < 0) {
    const shown = headers.slice(0, 20).map((h) => `'${h}'`).join(', ');
    throw badRequest(`The ${label} column '${name}' is not in the file's header (columns: ${shown}).`);
  }
  return index;
}
