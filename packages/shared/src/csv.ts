/**
 * CSV rules of SPEC §5 shared by the browser (mapping dialog preview) and the server (scans).
 * The header is the first line that looks like one (table-header.ts: title, date and blank lines above it are
 * skipped and reported); the delimiter rule (semicolon if the line contains one, otherwise comma) applies to that
 * header line; the first 3 data rows are previewed. Quoted fields ("a;b", "line\nbreak", "say ""hi""") are honoured,
 * CRLF and LF both end a record, blank lines are skipped, a UTF-8 byte-order mark is dropped.
 */
import { CSV_PREVIEW_ROWS } from './constants.ts';
import { detectHeaderRow, HEADER_SEARCH_ROWS, type SkippedLine } from './table-header.ts';
export { guessColumns, type ColumnGuess } from './column-guess.ts';

export type CsvDelimiter = ';' | ',';

/** SPEC §5: semicolon if the text contains one, else comma. Applied to the detected header line (detectCsvLayout). */
export function detectDelimiter(text: string): CsvDelimiter {
  return text.includes(';') ? ';' : ',';
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The text cannot be read as CSV (message is a sentence for the user). */
export class CsvFormatError extends Error {}

/**
 * Incremental CSV record parser (one implementation for the browser preview and the server's streamed scans).
 * Feed decoded text with push(); records come out through onRecord(fields, line) where `line` is the 1-based
 * physical line the record starts on. Handles quotes spanning chunks, "" escapes, CR, LF and CRLF in any mix
 * (also inside quoted fields), and skips blank lines. Text after a closing quote is kept (lenient, like spreadsheets).
 * Return false from onRecord to stop.
 */
export class CsvRecordParser {
  private pending = '';
  private line = 1;
  private stopped = false;
  private readonly delim: number;

  private readonly maxRecordChars: number;
  private readonly reuse: string[] | undefined;
  private keep: boolean[] | undefined;

  /**
   * `reuseFields`: onRecord gets the same array every time (faster; it must not keep the array itself).
   */
  constructor(
    delimiter: CsvDelimiter,
    private readonly onRecord: (fields: string[], line: number) => boolean | void,
    options: { maxRecordChars?: number; reuseFields?: boolean } = {},
  ) {
    this.delim = delimiter.charCodeAt(0);
    this.maxRecordChars = options.maxRecordChars ?? 1_000_000;
    this.reuse = options.reuseFields ? [] : undefined;
  }

  /** From now on only these columns (0-based) get their text; the others come out as ''. null: all columns. */
  keepOnly(columns: number[] | null): void {
    if (!columns) {
      this.keep = undefined;
      return;
    }
    const keep: boolean[] = [];
    for (const c of columns) keep[c] = true;
    this.keep = keep;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  push(chunk: string): void {
    if (this.stopped) return;
    const text = this.pending === '' ? chunk : this.pending + chunk;
    this.pending = text.slice(this.parse(text, false));
    if (this.pending.length > this.maxRecordChars) {
      throw new CsvFormatError(`Line ${this.line}: a record is longer than ${this.maxRecordChars} characters; probably a quote (") is never closed.`);
    }
  }

  /** Flushes the last record (even without a final newline; an unterminated quote runs to the end). */
  end(): void {
    if (this.stopped) return;
    const text = this.pending;
    this.pending = '';
    this.parse(text, true);
  }

  /** Parses whole records from text; returns the offset where an incomplete record starts. */
  private parse(text: string, final: boolean): number {
    const n = text.length;
    const d = this.delim;
    let i = 0;
    while (i < n) {
      const recordStart = i;
      const startLine = this.line;
      let lines = 0;
      const fields: string[] = this.reuse ?? [];
      let count = 0;
      const keep = this.keep;
      let complete = false;
      for (;;) {
        // one field starting at i
        const wanted = keep === undefined || keep[count] === true;
        if (i < n && text.charCodeAt(i) === 34) {
          let j = i + 1;
          let value = '';
          for (;;) {
            const q = text.indexOf('"', j);
            if (q === -1) {
              if (!final) return recordStart;
              lines += countLineBreaks(text, j, n);
              if (wanted) value += text.slice(j);
              j = n;
              break;
            }
            lines += countLineBreaks(text, j, q);
            if (wanted) value += text.slice(j, q);
            if (q + 1 >= n && !final) return recordStart;
            if (text.charCodeAt(q + 1) === 34) {
              if (wanted) value += '"';
              j = q + 2;
              continue;
            }
            j = q + 1;
            break;
          }
          // anything up to the next delimiter / line break is appended as written
          let k = j;
          while (k < n) {
            const c = text.charCodeAt(k);
            if (c === d || c === 10 || c === 13) break;
            k += 1;
          }
          if (k > j && wanted) value += text.slice(j, k);
          fields[count++] = value;
          i = k;
        } else {
          let k = i;
          while (k < n) {
            const c = text.charCodeAt(k);
            if (c === d || c === 10 || c === 13) break;
            k += 1;
          }
          fields[count++] = wanted ? text.slice(i, k) : '';
          i = k;
        }
        if (i >= n) {
          if (!final) return recordStart;
          complete = true;
          break;
        }
        const c = text.charCodeAt(i);
        if (c === d) {
          i += 1;
          if (i >= n && !final) return recordStart;
          continue;
        }
        // line break
        if (c === 13) {
          if (i + 1 >= n && !final) return recordStart;
          i += text.charCodeAt(i + 1) === 10 ? 2 : 1;
        } else {
          i += 1;
        }
        lines += 1;
        complete = true;
        break;
      }
      if (complete) {
        if (fields.length > count) fields.length = count; // a reused array keeps nothing of a longer record
        this.line = startLine + lines;
        const blank = fields.length === 1 && fields[0]!.trim() === '';
        if (!blank && this.onRecord(fields, startLine) === false) {
          this.stopped = true;
          return n;
        }
      }
    }
    return n;
  }
}

/** Line breaks (CRLF counted once) in text[from, to). */
function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10) count += 1;
    else if (c === 13) {
      count += 1;
      if (i + 1 < to && text.charCodeAt(i + 1) === 10) i += 1;
    }
  }
  return count;
}

/**
 * Splits CSV text into records of fields. Stops after `maxRecords` records (blank records skipped).
 * An unterminated last record (text cut in the middle, e.g. a preview slice) is returned only when `complete` is true.
 */
export function parseCsvRecords(text: string, delimiter: CsvDelimiter, options: { maxRecords?: number; complete?: boolean } = {}): string[][] {
  const max = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: string[][] = [];
  const parser = new CsvRecordParser(delimiter, (fields) => {
    records.push(fields);
    return records.length < max;
  });
  parser.push(text);
  if (options.complete ?? true) parser.end();
  return records;
}

export interface CsvPreview {
  delimiter: CsvDelimiter;
  /** Header names, trimmed; empty names become 'Column N'. */
  headers: string[];
  /** Up to `rows` data rows (blank lines skipped), each padded/cut to the header's length. */
  rows: string[][];
  /** 1-based physical line (XLSX: sheet row) of the detected header. */
  headerLine: number;
  /** Title, date and blank lines above the header. */
  skippedLines: SkippedLine[];
  /** Up to PREVIEW_SAMPLE_ROWS data rows for guessing columns by content (guessColumns). */
  sampleRows?: string[][];
  /** XLSX: the visible sheets in workbook order, and the one shown. */
  sheets?: string[];
  sheet?: string;
}

/** Data rows the preview keeps for guessing columns by their content. */
export const PREVIEW_SAMPLE_ROWS = 20;

export interface CsvLayout {
  delimiter: CsvDelimiter;
  /** 1-based physical line of the header. */
  headerLine: number;
  skippedLines: SkippedLine[];
}

/**
 * Where the header of a CSV is and which delimiter it uses, from the file's beginning (the browser and the server both
 * pass the first 64 KiB): each of the first lines is split by the SPEC §5 rule applied to that line, the header row
 * is detected (detectHeaderRow), and the rule on the header line gives the file's delimiter. An Excel 'sep=;' first
 * line names the delimiter itself. `complete`: the text is the whole file (else its last, cut line is not used).
 */
export function detectCsvLayout(text: string, complete = true): CsvLayout {
  const clean = stripBom(text);
  const rows: string[][] = [];
  const lines: number[] = [];
  const texts: string[] = [];
  const blanks: number[] = [];
  let declared: CsvDelimiter | undefined;
  let line = 0;
  let at = 0;
  const pattern = /\r\n|\n|\r/g;
  while (rows.length < HEADER_SEARCH_ROWS + 10 && at <= clean.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(clean);
    if (!m && !complete && rows.length > 0) break; // the slice's last line may be cut
    const end = m ? m.index : clean.length;
    const physical = clean.slice(at, end);
    line += 1;
    at = m ? m.index + m[0].length : clean.length + 1;
    const sep = /^sep=([;,])\s*$/i.exec(physical);
    if (line === 1 && sep) {
      declared = sep[1] as CsvDelimiter;
      continue;
    }
    if (physical.trim() === '') {
      blanks.push(line);
      continue;
    }
    rows.push(parseCsvRecords(physical, declared ?? detectDelimiter(physical), { maxRecords: 1 })[0] ?? []);
    lines.push(line);
    texts.push(physical);
  }
  if (!rows.length) return { delimiter: declared ?? ',', headerLine: declared ? 2 : 1, skippedLines: [] };
  const found = detectHeaderRow(rows, lines);
  const headerLine = lines[found.index]!;
  const skippedLines = [...found.skipped, ...blanks.filter((b) => b < headerLine).map((b) => ({ line: b, reason: 'blank' as const, text: '' }))].sort(
    (a, b) => a.line - b.line,
  );
  return { delimiter: declared ?? detectDelimiter(texts[found.index]!), headerLine, skippedLines };
}

/**
 * Header + first data rows for the column-mapping dialog. `text` may be just the beginning of the file
 * (the browser reads the first 64 KiB); a record cut off at the end of the slice is not shown.
 * Throws Error('Failed to read CSV') when there is no header.
 */
export function parseCsvPreview(text: string, options: { rows?: number; complete?: boolean } = {}): CsvPreview {
  const clean = stripBom(text);
  const complete = options.complete ?? true;
  const layout = detectCsvLayout(clean, complete);
  const wanted = options.rows ?? CSV_PREVIEW_ROWS;
  let headerRecord: string[] | undefined;
  const data: string[][] = [];
  const parser = new CsvRecordParser(layout.delimiter, (fields, line) => {
    if (line < layout.headerLine) return true;
    if (!headerRecord) headerRecord = fields;
    else data.push(fields);
    return data.length < Math.max(wanted, PREVIEW_SAMPLE_ROWS);
  });
  parser.push(clean);
  if (complete) parser.end();
  if (!headerRecord || headerRecord.every((h) => h.trim() === '')) throw new Error('Failed to read CSV');
  const headers = normalizeHeaders(headerRecord);
  const fit = (r: string[]) => headers.map((_, index) => r[index] ?? '');
  return {
    delimiter: layout.delimiter,
    headers,
    rows: data.slice(0, wanted).map(fit),
    headerLine: layout.headerLine,
    skippedLines: layout.skippedLines,
    sampleRows: data.map(fit),
  };
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
