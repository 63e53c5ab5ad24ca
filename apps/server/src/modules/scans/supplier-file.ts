import type { PriceTerms } from '@dealradar/shared/price-terms';
import { findColumn, normalizeHeaders, type CsvDelimiter } from '@dealradar/shared/csv';
import { STORED_ISSUES_LIMIT, type RowIssue, type RowIssueReason } from '@dealradar/shared/contracts/scans';
import { decimalSeparatorOf, parseDecimalInput } from '@dealradar/shared/decimal';
import { normalizeEan } from '@dealradar/shared/ean';
import { isTotalRow, isTrailerCandidate, rowText, type SkippedLine } from '@dealradar/shared/table-header';
import { CELL_NUMBER } from '@dealradar/shared/xlsx-reader';
import { badRequest } from '../../errors/app-error.ts';
import { readTableFile } from '../../lib/table-file.ts';
import type { EanSample } from '../market-data/market-data.types.ts';
import { eanSample } from '../market-data/token-estimate.ts';
import { KeySet } from '../../lib/key-set.ts';
import { parseSupplierPrice } from './supplier-price.ts';
import { flatCopy } from '@dealradar/shared/flat-copy';

/**
 * The column mapping of the dialog, by header name. brand '' = no brand column (deals carry the Amazon listing's
 * brand); price '' = no price column; units: a column with the units each price is for, or unitsPerPrice typed in
 * the dialog (unit cost = price ÷ units); sheet: the XLSX sheet (default the first).
 */
export interface SupplierColumns {
  ean: string;
  brand: string;
  price: string;
  units?: string;
  unitsPerPrice?: number;
  sheet?: string;
  /** The price's currency and VAT: not used by the parse (prices stay as written), by the scan. */
  priceTerms?: PriceTerms;
}

/**
 * A supplier file reduced to its distinct valid EANs in file order (first occurrence wins), kept compact:
 * EANs as numbers (canonical keys have at most 14 digits, exact in a double), UNIT prices in EUR cents (NaN = none)
 * with the units each written price was for, brand strings interned. Plus the count of every unusable row per
 * reason and the rows themselves (line, reason, value, sentence) up to STORED_ISSUES_LIMIT, and the lines that are
 * not products (titles above the header, totals and notes below the data).
 */
export interface ParsedSupplierFile {
  fileFormat: 'csv' | 'xlsx';
  sheet: string | null;
  /** Physical line (XLSX: sheet row) of the detected header. */
  headerLine: number;
  skippedLines: SkippedLine[];
  encoding: string;
  delimiter: CsvDelimiter;
  headers: string[];
  eans: number[];
  brands: string[];
  prices: number[];
  units: number[];
  lines: number[];
  rowsRead: number;
  duplicateRows: number;
  invalidRows: number;
  issueCounts: Partial<Record<RowIssueReason, number>>;
  /** Every unusable row up to STORED_ISSUES_LIMIT, in file order (the report download); sentences: issueMessage. */
  issues: ParsedIssue[];
  /** The first ISSUE_SAMPLE_LIMIT of them (the report in every scan answer). */
  issueSamples: RowIssue[];
}

export const ISSUE_SAMPLE_LIMIT = 50;
/** Data rows looked at before the rest, to learn the price column's decimal separator. */
const HINT_ROWS = 50;
/** Rows held back as possible totals/notes at the end; beyond this they count as unusable rows. */
const MAX_PENDING_TRAILERS = 1000;

/** Canonical EAN string from its numeric key. */
export function eanFromKey(key: number): string {
  const text = String(key);
  return text.length >= 13 ? text : text.padStart(13, '0');
}

/** The token estimate's sample of the first `count` distinct EAN keys of a file (only the sampled keys become strings). */
export function eanSampleOf(keys: readonly number[], count = keys.length): EanSample {
  return eanSample(count, (k) => eanFromKey(keys[k]!));
}

/**
 * Fast path for the common cell: 9 to 14 digits only, not all zeros, correct GS1 check digit, not an internal code
 * (ean.ts internalCodeReason). normalizeEan gives such a cell the canonical EAN whose numeric key is the cell's own
 * number: 9–13 digits are padded to 13 (leading zeros lost by a spreadsheet, UPC-A), 14 digits keep their indicator
 * digit (a leading 0 is dropped) — padding and dropping zeros do not change the number. Every other cell (8 digits,
 * separators, scientific notation, …) goes through normalizeEan.
 */
export function plainGtinKey(raw: string): number | undefined {
  const n = raw.length;
  if (n < 9 || n > 14) return undefined;
  let sum = 0;
  let nonZero = false;
  // The code's value, read with its digits (at most 14 digits: exact in a double).
  let value = 0;
  // GS1 weights from the right: 3 next to the check digit, then 1, 3, …
  let weight = n % 2 === 0 ? 3 : 1;
  for (let i = 0; i < n - 1; i += 1) {
    const d = raw.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    if (d) nonZero = true;
    sum += d * weight;
    value = value * 10 + d;
    weight = 4 - weight;
  }
  const check = raw.charCodeAt(n - 1) - 48;
  if (check < 0 || check > 9 || (!nonZero && check === 0)) return undefined;
  if ((10 - (sum % 10)) % 10 !== check) return undefined;
  // Internal codes (GS1 restricted circulation and coupons: a prefix of the 13-digit body) go the slow way, which
  // reports them. The body is the code padded to 13 digits, or a 14-digit code without its indicator digit.
  let prefix = 0;
  for (let k = 0; k < 3; k += 1) {
    const j = n === 14 ? k + 1 : k - (13 - n);
    prefix = prefix * 10 + (j < 0 ? 0 : raw.charCodeAt(j) - 48);
  }
  // A GTIN-8 written with padding zeros is judged as its 8 digits (ean.ts): UPC-E (0/1) and RCN-8 (0/2) the slow way.
  if (n < 14 || raw.charCodeAt(0) === 48) {
    let lead = 0;
    while (raw.charCodeAt(lead) === 48) lead += 1;
    if (n - lead < 8 || (n - lead === 8 && raw.charCodeAt(lead) <= 50)) return undefined;
  }
  if (
    (prefix >= 20 && prefix <= 29) ||
    (prefix >= 40 && prefix <= 49) ||
    (prefix >= 200 && prefix <= 299) ||
    (prefix >= 980 && prefix <= 984) ||
    prefix >= 990
  ) {
    return undefined;
  }
  return value * 10 + check;
}

/** Units per price from a cell: one whole number ≥ 1, alone or with a word ('6', '6.0', '6 Stk', 'x12'); '' → 1. */
export function parseUnits(cell: string | undefined): number | null {
  const text = (cell ?? '').trim();
  if (text === '') return 1;
  const numbers = text.match(/\d+(?:[.,]\d+)?/g);
  if (
    !numbers ||
    numbers.length !== 1 ||
    text.replace(/\d+(?:[.,]\d+)?/, '').replace(/[\s.:x×*]|stk|stück|stueck|pcs|pc|pz|pzas?|er|units?|st|ud|uds|unidades|eenheden/gi, '') !== ''
  ) {
    return null;
  }
  const parsed = parseDecimalInput(numbers[0]!);
  if (!parsed.ok || parsed.value === null || !Number.isInteger(parsed.value) || parsed.value < 1 || parsed.value > 100_000) return null;
  return parsed.value;
}

/**
 * An unusable row as the parse keeps it: the sentence is made when it is stored or shown (issueMessage), so 25,000
 * of them stay small; only price and units problems keep theirs (they quote another cell).
 */
export interface ParsedIssue {
  line: number;
  reason: RowIssueReason;
  value: string;
  message?: string;
}

/** The sentence of an unusable row. */
export function issueMessage(issue: ParsedIssue): string {
  if (issue.message !== undefined) return issue.message;
  if (issue.reason === 'missing_brand') return 'The brand is empty.';
  const check = normalizeEan(issue.value);
  if (issue.reason === 'duplicate_ean')
    return `The EAN ${check.valid ? check.ean : issue.value} appeared earlier in the file; it is analyzed once (first row).`;
  return check.valid ? '' : check.reason;
}

export function toRowIssue(issue: ParsedIssue): RowIssue {
  return { line: issue.line, reason: issue.reason, value: issue.value, message: issueMessage(issue) };
}

/** A memoized EAN cell: its key, or INVALID / INTERNAL (the sentence is made again for the rows that are kept). */
const INVALID = -1;
const INTERNAL = -2;

/** A data row held back (a copy of the cells that matter). */
interface HeldRow {
  cells: string[];
  line: number;
  kinds?: number[];
}

/**
 * The rules for the rows of a supplier file, whatever its format: maps the columns by header name, holds back the
 * first rows to learn the price column's decimal separator, holds back rows without a code as possible totals or notes
 * below the data (they become unusable rows only when a product follows), and normalizes every product row.
 */
class SupplierRows {
  readonly result: ParsedSupplierFile;
  private eanIndex = -1;
  private brandIndex = -1;
  private priceIndex = -1;
  private unitsIndex = -1;
  private kept: number[] = [];
  private decimal: ',' | '.' | undefined;
  private hinting: HeldRow[] | null = [];
  private pending: HeldRow[] = [];
  private readonly seen = new KeySet();
  private readonly brandPool = new Map<string, string>();
  /** Real lists repeat the same codes; remembering recent normalizations saves most of the work. */
  private readonly eanMemo = new Map<string, number>();

  constructor(
    private readonly columns: SupplierColumns,
    private readonly options: { lineOffset: number; priceDecimal?: ',' | '.' },
  ) {
    this.result = {
      fileFormat: 'csv',
      sheet: null,
      headerLine: 1,
      skippedLines: [],
      encoding: 'utf-8',
      delimiter: ',',
      headers: [],
      eans: [],
      brands: [],
      prices: [],
      units: [],
      lines: [],
      rowsRead: 0,
      duplicateRows: 0,
      invalidRows: 0,
      issueCounts: {},
      issues: [],
      issueSamples: [],
    };
    this.decimal = options.priceDecimal;
    if (options.priceDecimal) this.hinting = null;
  }

  get headerSeen(): boolean {
    return this.result.headers.length > 0;
  }

  /** Maps the columns (400 naming the header when one is missing); returns the columns whose text is needed. */
  header(record: string[]): number[] {
    const headers = normalizeHeaders(record);
    this.result.headers = headers;
    const { columns } = this;
    this.eanIndex = requireColumn(headers, columns.ean, 'EAN');
    this.brandIndex = columns.brand.trim() === '' ? -1 : requireColumn(headers, columns.brand, 'Brand');
    this.priceIndex = columns.price.trim() === '' ? -1 : requireColumn(headers, columns.price, 'Price');
    this.unitsIndex = columns.units && columns.units.trim() !== '' ? requireColumn(headers, columns.units, 'Units') : -1;
    // Column A too: a total's label ('Summe') is usually there.
    this.kept = [...new Set([0, this.eanIndex, this.brandIndex, this.priceIndex, this.unitsIndex].filter((i) => i >= 0))];
    return this.kept;
  }

  /** One data row; `cells` may be reused by the caller after the call (held rows are copied). */
  row(cells: string[], line: number, kinds?: number[]): void {
    if (this.hinting) {
      this.hinting.push(this.copy(cells, line, kinds));
      if (this.hinting.length >= HINT_ROWS) this.endHinting();
      return;
    }
    this.take(cells, line, kinds);
  }

  finish(): void {
    if (this.hinting) this.endHinting();
    // Rows without a code after the last product: totals and notes, not unusable products.
    for (const held of this.pending) {
      const empty = this.kept.every((i) => (held.cells[i] ?? '').trim() === '');
      this.skip(held.line, isTotalRow(held.cells) ? 'total' : empty ? 'blank' : 'note', held.cells);
    }
    this.pending = [];
    this.result.issueSamples = this.result.issues.slice(0, ISSUE_SAMPLE_LIMIT).map(toRowIssue);
  }

  private endHinting(): void {
    const held = this.hinting ?? [];
    this.hinting = null;
    if (this.priceIndex >= 0 && this.decimal === undefined) {
      this.decimal = decimalSeparatorOf(held.filter((r) => r.kinds?.[this.priceIndex] !== CELL_NUMBER).map((r) => r.cells[this.priceIndex] ?? ''));
    }
    for (const row of held) this.take(row.cells, row.line, row.kinds);
  }

  /** The kept cells of a row ('' elsewhere), detached from the file's text. */
  private copy(cells: string[], line: number, kinds?: number[]): HeldRow {
    const copy = new Array<string>(Math.max(...this.kept) + 1).fill('');
    for (const i of this.kept) copy[i] = flatCopy(cells[i] ?? '');
    return { cells: copy, line, kinds: kinds ? [...kinds] : undefined };
  }

  private take(cells: string[], line: number, kinds?: number[]): void {
    const rawEan = cells[this.eanIndex] ?? '';
    // A plain valid code (most rows) is a product: no need to ask whether the row is a total or a note.
    const key = plainGtinKey(rawEan);
    if (key === undefined && isTrailerCandidate(rawEan) && (isTotalRow(cells) || !this.looksLikeProduct(cells))) {
      this.pending.push(this.copy(cells, line, kinds));
      if (this.pending.length > MAX_PENDING_TRAILERS) this.product(this.pending.shift()!);
      return;
    }
    if (this.pending.length) {
      // A product follows: the held rows were rows of the list after all (totals in the middle stay skipped).
      for (const held of this.pending) {
        if (isTotalRow(held.cells)) this.skip(held.line, 'total', held.cells);
        else this.product(held);
      }
      this.pending = [];
    }
    this.product({ cells, line, kinds }, key);
  }

  /** A row with a brand and a price (of the mapped ones) is a product even without its code. */
  private looksLikeProduct(cells: string[]): boolean {
    if (this.brandIndex < 0 && this.priceIndex < 0) return false;
    const filled = (i: number) => i < 0 || (cells[i] ?? '').trim() !== '';
    return filled(this.brandIndex) && filled(this.priceIndex);
  }

  private skip(line: number, reason: SkippedLine['reason'], cells: string[]): void {
    this.result.skippedLines.push({ line: line + this.options.lineOffset, reason, text: flatCopy(rowText(this.kept.map((i) => cells[i] ?? ''))) });
  }

  private issue(reason: RowIssueReason, line: number, value: string, message?: () => string): void {
    this.result.issueCounts[reason] = (this.result.issueCounts[reason] ?? 0) + 1;
    if (reason !== 'duplicate_ean') this.result.invalidRows += 1;
    if (this.result.issues.length < STORED_ISSUES_LIMIT) {
      const issue: ParsedIssue = { line, reason, value: flatCopy(value.trim().slice(0, 200)) };
      if (message) issue.message = flatCopy(message());
      this.result.issues.push(issue);
    }
  }

  private eanKey(rawEan: string): number {
    const fast = plainGtinKey(rawEan);
    if (fast !== undefined) return fast;
    let memo = this.eanMemo.get(rawEan);
    if (memo === undefined) {
      const check = normalizeEan(rawEan);
      memo = check.valid ? Number(check.ean) : check.internal ? INTERNAL : INVALID;
      if (this.eanMemo.size > 200_000) this.eanMemo.clear();
      this.eanMemo.set(flatCopy(rawEan), memo);
    }
    return memo;
  }

  /** One product row; `plainKey`: its code's key when take() already found it plain (plainGtinKey). */
  private product({ cells, line, kinds }: HeldRow, plainKey?: number): void {
    const result = this.result;
    result.rowsRead += 1;
    const reported = line + this.options.lineOffset;
    const rawEan = cells[this.eanIndex] ?? '';
    const key = plainKey ?? this.eanKey(rawEan);
    if (key < 0) {
      this.issue(rawEan.trim() === '' ? 'missing_ean' : key === INTERNAL ? 'internal_code' : 'invalid_ean', reported, rawEan);
      return;
    }
    if (this.seen.has(key)) {
      result.duplicateRows += 1;
      this.issue('duplicate_ean', reported, rawEan);
      return;
    }
    // Without a brand column (brandIndex -1) the deal carries the Amazon listing's brand.
    const brandRaw = this.brandIndex < 0 ? '' : (cells[this.brandIndex] ?? '').trim();
    if (this.brandIndex >= 0 && brandRaw === '') {
      this.issue('missing_brand', reported, rawEan);
      return;
    }
    let cents = Number.NaN;
    if (this.priceIndex >= 0) {
      const cell = cells[this.priceIndex] ?? '';
      const price = kinds?.[this.priceIndex] === CELL_NUMBER ? numberCellPrice(cell) : parseSupplierPrice(cell, this.decimal);
      if (!price.ok) {
        this.issue('invalid_price', reported, rawEan, () => price.reason);
        return;
      }
      if (price.cents !== null) cents = price.cents;
    }
    let units = this.columns.unitsPerPrice ?? 1;
    if (this.unitsIndex >= 0) {
      const cell = cells[this.unitsIndex];
      const parsed = parseUnits(cell);
      if (parsed === null) {
        this.issue('invalid_units', reported, rawEan, () => `The units per price ${(cell ?? '').trim()} is not a whole number of 1 or more.`);
        return;
      }
      units = parsed;
    }
    this.seen.add(key);
    let brand = this.brandPool.get(brandRaw);
    if (brand === undefined) {
      brand = flatCopy(brandRaw.length > 200 ? brandRaw.slice(0, 200) : brandRaw);
      this.brandPool.set(flatCopy(brandRaw), brand);
    }
    result.eans.push(key);
    result.brands.push(brand);
    result.prices.push(units === 1 ? cents : cents / units);
    result.units.push(units);
    result.lines.push(reported);
  }
}

/** A price from a number cell of a spreadsheet (a plain number with a '.' decimal point). */
function numberCellPrice(cell: string): { ok: true; cents: number } | { ok: false; reason: string } {
  const value = Number(cell);
  if (!Number.isFinite(value)) return { ok: false, reason: `The price ${cell} is not a number.` };
  if (value < 0) return { ok: false, reason: `The price ${cell} is negative.` };
  return { ok: true, cents: Math.round(value * 100 * 10000) / 10000 };
}

function requireColumn(headers: string[], name: string, label: string): number {
  const index = findColumn(headers, name);
  if (index < 0) {
    const shown = headers
      .slice(0, 20)
      .map((h) => `'${h}'`)
      .join(', ');
    throw badRequest(`The ${label} column '${name}' is not in the file's header (columns: ${shown}).`);
  }
  return index;
}

export interface ReadOptions {
  signal?: { readonly aborted: boolean; readonly reason?: unknown };
  /** Shifts reported line numbers (manual entry: -1 so row 1 is the first entry). */
  lineOffset?: number;
  /** The price column's decimal separator when it is known (manual entry writes '.'). */
  priceDecimal?: ',' | '.';
}

/** Full reads of supplier files by this process (the upload benchmark and tests count them per scan). */
export const supplierFileReads = { count: 0 };

/**
 * Streams the file from disk (never whole in memory) as CSV or XLSX (decided by its bytes, lib/table-file.ts), finds
 * the header below any title lines, maps the columns by header name, and normalizes every row. File-level problems
 * throw AppError 400 with a sentence; row-level problems are counted and kept (up to STORED_ISSUES_LIMIT).
 */
export async function readSupplierFile(filePath: string, columns: SupplierColumns, options: ReadOptions = {}): Promise<ParsedSupplierFile> {
  supplierFileReads.count += 1;
  const rows = new SupplierRows(columns, { lineOffset: options.lineOffset ?? 0, priceDecimal: options.priceDecimal });
  const info = await readTableFile(
    filePath,
    {
      header: (cells, line, skipped) => {
        rows.result.headerLine = line;
        rows.result.skippedLines.push(...skipped);
        return rows.header(cells);
      },
      row: (cells, line, kinds) => rows.row(cells, line, kinds),
    },
    { sheet: columns.sheet, signal: options.signal },
  );
  rows.finish();
  const result = rows.result;
  Object.assign(result, { fileFormat: info.format, sheet: info.sheet, encoding: info.encoding, delimiter: info.delimiter });
  if (result.rowsRead === 0) throw badRequest('The file has a header line but no data rows.');
  return result;
}
