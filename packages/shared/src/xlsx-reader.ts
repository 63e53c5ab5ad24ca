import { DecodeUTF8 } from 'fflate';
import { readZipDirectory, readZipEntry, SpreadsheetFileError, type ByteSource, type Inflater, type ZipEntry } from './zip-reader.ts';
import { flatCopy } from './flat-copy.ts';
import { formatCount } from './number-format.ts';

/**
 * A streaming reader of the first (or a named) sheet of an .xlsx workbook, the same code in the browser preview and on
 * the server: fflate inflates the parts as streams (node:zlib can be passed in on the server) and a minimal
 * SpreadsheetML scanner reads rows, so memory stays bounded whatever the sheet's size:
 * - the sheet is read row by row and never held whole;
 * - shared strings: a table up to SST_FULL_LOAD_BYTES is loaded; a larger one is read twice more so that only the
 *   strings of the columns the caller needs are kept (product names and URLs of a million-row list are not);
 * - caps: a part may not unpack to more than it declares, nor declare more than `maxUncompressedBytes`; at most
 *   `maxRows` rows (Excel's own limit by default); a single row's XML at most MAX_ROW_XML characters.
 * Cell values come out as the spreadsheet shows them: numbers as plain digits (4006381333931, never 4.00638E+12),
 * shared and inline strings, cached formula results, TRUE/FALSE, errors (#N/A), dates as YYYY-MM-DD.
 */

/** Excel's limit of rows per sheet; a sheet with more is not from Excel. */
export const XLSX_MAX_ROWS = 1_048_576;
const XLSX_MAX_COLUMNS = 16_384;
/** Shared-string tables up to this size are loaded whole (fast path); larger ones only for the needed columns. */
export const SST_FULL_LOAD_BYTES = 16 * 1024 * 1024;
const MAX_ROW_XML = 8 * 1024 * 1024;
const SMALL_PART_BYTES = 32 * 1024 * 1024;
const DECODE_PIECE = 32 * 1024;
const TOO_MANY_ROWS = `The sheet has more than ${formatCount(XLSX_MAX_ROWS)} rows (the most Excel allows); it is damaged or not a price list. Please split it.`;

export const CELL_EMPTY = 0;
export const CELL_TEXT = 1;
export const CELL_NUMBER = 2;
export const CELL_BOOLEAN = 3;
export const CELL_ERROR = 4;
export const CELL_DATE = 5;

/** One non-empty row: `row` is the sheet's 1-based row number; cells[i] is column i (A = 0). */
export interface SheetRow {
  row: number;
  cells: string[];
  /** CELL_* per cell (CELL_NUMBER: the text is a plain number written with a '.' decimal point). */
  kinds: number[];
}

export interface XlsxSheetInfo {
  name: string;
  path: string;
  hidden: boolean;
}

export interface XlsxOptions {
  inflate?: Inflater;
  /** Largest uncompressed size of a part (sheet, shared strings). */
  maxUncompressedBytes?: number;
  maxRows?: number;
  /** Shared-string tables up to this size are loaded whole (default SST_FULL_LOAD_BYTES). */
  sharedStringsInMemoryBytes?: number;
  signal?: { readonly aborted: boolean; readonly reason?: unknown };
}

/** A part may unpack to at most this (a 50 MB workbook's sheet is ~200–600 MB of XML). */
export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 1024 * 1024 * 1024;
/** …and at most this many bytes per compressed byte (real sheets pack 5–30:1; zip bombs ~1,000:1). */
export const MAX_COMPRESSION_RATIO = 100;

/** The reason a ZIP is not an .xlsx workbook, as a sentence. */
function notAWorkbook(entries: Map<string, ZipEntry>): string {
  if (entries.has('xl/workbook.bin')) return 'This is an Excel binary workbook (.xlsb). Please save it as .xlsx or .csv and upload it again.';
  if (entries.has('content.xml') && entries.has('mimetype'))
    return 'This is an OpenDocument spreadsheet (.ods). Please save it as .xlsx or .csv and upload it again.';
  if (entries.has('word/document.xml')) return 'This is a Word document, not a spreadsheet. Please upload the price list as .xlsx or .csv.';
  return 'This ZIP file is not an Excel workbook (.xlsx). Please upload the price list as .xlsx or .csv.';
}

/** Reads `name="value"` (or single quotes) from the inside of a start tag; the name must follow white space. */
function attrValue(tag: string, name: string): string | undefined {
  let at = tag.indexOf(`${name}=`);
  while (at > 0) {
    const before = tag.charCodeAt(at - 1);
    if (before === 32 || before === 9 || before === 10 || before === 13) break;
    at = tag.indexOf(`${name}=`, at + 1);
  }
  if (at <= 0) return undefined;
  const quote = tag[at + name.length + 1];
  if (quote !== '"' && quote !== "'") return undefined;
  const end = tag.indexOf(quote, at + name.length + 2);
  return end < 0 ? undefined : unescapeXml(tag.slice(at + name.length + 2, end));
}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/** XML entities and OOXML's _xHHHH_ escapes. */
export function unescapeXml(text: string): string {
  let out = text;
  if (out.indexOf('&') >= 0) {
    out = out.replace(ENTITY, (_, e: string) => {
      if (e === 'amp') return '&';
      if (e === 'lt') return '<';
      if (e === 'gt') return '>';
      if (e === 'quot') return '"';
      if (e === 'apos') return "'";
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    });
  }
  if (out.indexOf('_x') >= 0) out = out.replace(OOXML_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

/** UTF-8 text of a byte stream, in pieces of at most ~32 K characters (kept below V8's large-object size). */
async function* textOf(bytes: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const pieces: string[] = [];
  const decoder = new DecodeUTF8((text) => {
    if (text) pieces.push(text);
  });
  for await (const chunk of bytes) {
    for (let at = 0; at < chunk.length; at += DECODE_PIECE) {
      decoder.push(chunk.subarray(at, Math.min(chunk.length, at + DECODE_PIECE)));
      while (pieces.length) yield pieces.shift()!;
    }
  }
  decoder.push(new Uint8Array(0), true);
  while (pieces.length) yield pieces.shift()!;
}

/** Column letters → 0-based index ('A' → 0, 'AB' → 27); -1 when there are none. */
function columnIndex(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return i === 0 ? -1 : n - 1;
}

/** A raw cell as the sheet XML has it, before shared strings and number formats are applied. */
interface RawRow {
  row: number;
  cols: number[];
  types: string[];
  styles: number[];
  values: string[];
}

const isTagBoundary = (c: number) => c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13;

/** The tags of a part's namespace prefix ('' or e.g. 'x:'). */
interface Tags {
  cOpen: string;
  cClose: string;
  vOpen: string;
  vClose: string;
  tOpen: string;
  tClose: string;
}
const tagsOf = (p: string): Tags => ({ cOpen: `<${p}c`, cClose: `</${p}c>`, vOpen: `<${p}v`, vClose: `</${p}v>`, tOpen: `<${p}t`, tClose: `</${p}t>` });

/** One element found by scanElements: its attributes, and its content buf[from, to) (empty when self-closing). */
interface XmlElement {
  buf: string;
  attrs: string;
  from: number;
  to: number;
  selfClosing: boolean;
  tags: Tags;
}

/**
 * Finds the `element` children of a part's `root` in a stream of text pieces (SpreadsheetML, any namespace prefix) and
 * calls onElement for each; stops at `</stopAt>` (a worksheet's </sheetData>: merged-cell lists and the rest are
 * never unpacked) or when onElement returns false. Only the unread rest of the buffer is carried between pieces.
 */
async function scanElements(
  text: AsyncIterable<string>,
  spec: { root: string; element: string; stopAt?: string; notFound: string; tooLarge: string },
  onElement: (element: XmlElement) => boolean | void | Promise<boolean | void>,
): Promise<void> {
  let buf = '';
  let pos = 0;
  let tags: Tags | undefined;
  let open = '';
  let close = '';
  let stop = '';
  const rootPattern = new RegExp(`<([A-Za-z_][\\w.-]*:)?${spec.root}[\\s>]`);
  for await (const piece of text) {
    buf = pos < buf.length ? buf.slice(pos) + piece : piece;
    pos = 0;
    if (tags === undefined) {
      const root = rootPattern.exec(buf);
      if (!root) {
        if (buf.length > 1_000_000) throw new SpreadsheetFileError(spec.notFound);
        continue;
      }
      const p = root[1] ?? '';
      tags = tagsOf(p);
      open = `<${p}${spec.element}`;
      close = `</${p}${spec.element}>`;
      stop = spec.stopAt ? `</${p}${spec.stopAt}>` : '';
    }
    // Where the elements end in this buffer (searched once per piece: searching per element made reading quadratic).
    // Callbacks are awaited only when they answer a promise: a microtask per row kept garbage alive longer.
    const end = stop ? buf.indexOf(stop, pos) : -1;
    for (;;) {
      const start = buf.indexOf(open, pos);
      if (end >= 0 && (start < 0 || end < start)) return;
      if (start < 0) {
        pos = Math.max(pos, buf.length - 64);
        break;
      }
      if (start + open.length >= buf.length) {
        pos = start;
        break;
      }
      if (!isTagBoundary(buf.charCodeAt(start + open.length))) {
        pos = start + 1;
        continue;
      }
      const tagEnd = buf.indexOf('>', start);
      if (tagEnd < 0) {
        pos = start;
        break;
      }
      const selfClosing = buf.charCodeAt(tagEnd - 1) === 47;
      const attrs = buf.slice(start + open.length, selfClosing ? tagEnd - 1 : tagEnd);
      if (selfClosing) {
        pos = tagEnd + 1;
        const answer = onElement({ buf, attrs, from: tagEnd + 1, to: tagEnd + 1, selfClosing, tags });
        if ((answer instanceof Promise ? await answer : answer) === false) return;
        continue;
      }
      const closeAt = buf.indexOf(close, tagEnd);
      if (closeAt < 0) {
        if (buf.length - start > MAX_ROW_XML) throw new SpreadsheetFileError(spec.tooLarge);
        pos = start;
        break;
      }
      pos = closeAt + close.length;
      const answer = onElement({ buf, attrs, from: tagEnd + 1, to: closeAt, selfClosing, tags });
      if ((answer instanceof Promise ? await answer : answer) === false) return;
    }
  }
}

/**
 * Scans worksheet XML (as text pieces) and calls onRow for every row with at least one cell value, until
 * </sheetData> or until onRow returns false.
 */
async function scanSheet(text: AsyncIterable<string>, onRow: (row: RawRow) => boolean | void | Promise<boolean | void>): Promise<void> {
  let lastRow = 0;
  await scanElements(
    text,
    {
      root: 'worksheet',
      element: 'row',
      stopAt: 'sheetData',
      notFound: 'The sheet could not be read (no worksheet found). Please save it again as .xlsx or .csv.',
      tooLarge: 'A row of the sheet is larger than 8 MB; the file is damaged or not a price list.',
    },
    (element) => {
      const rowAttr = attrValue(element.attrs, 'r');
      const rowNumber = rowAttr ? Number(rowAttr) : lastRow + 1;
      if (!(rowNumber <= XLSX_MAX_ROWS)) throw new SpreadsheetFileError(TOO_MANY_ROWS);
      lastRow = rowNumber;
      if (element.selfClosing) return true;
      const row = cellsOf(element, rowNumber);
      return row.cols.length > 0 ? onRow(row) : true;
    },
  );
}

/** The cells with a value of one row element. */
function cellsOf({ buf, from, to, tags }: XmlElement, rowNumber: number): RawRow {
  const { cOpen, cClose, vOpen, vClose, tOpen, tClose } = tags;
  const row: RawRow = { row: rowNumber, cols: [], types: [], styles: [], values: [] };
  let col = -1;
  let at = from;
  for (;;) {
    const cs = buf.indexOf(cOpen, at);
    if (cs < 0 || cs >= to) break;
    if (!isTagBoundary(buf.charCodeAt(cs + cOpen.length))) {
      at = cs + 1;
      continue;
    }
    const ce = buf.indexOf('>', cs);
    const self = buf.charCodeAt(ce - 1) === 47;
    const attrs = buf.slice(cs + cOpen.length, self ? ce - 1 : ce);
    const ref = attrValue(attrs, 'r');
    const refCol = ref ? columnIndex(ref) : -1;
    col = refCol >= 0 ? refCol : col + 1;
    if (self) {
      at = ce + 1;
      continue;
    }
    const cend = buf.indexOf(cClose, ce);
    const cellEnd = cend < 0 || cend > to ? to : cend;
    at = cellEnd + cClose.length;
    if (col >= XLSX_MAX_COLUMNS) continue;
    const type = attrValue(attrs, 't') ?? 'n';
    let value: string | undefined;
    if (type === 'inlineStr') {
      value = collectText(buf, ce + 1, cellEnd, tOpen, tClose);
    } else {
      let vs = buf.indexOf(vOpen, ce);
      while (vs >= 0 && vs < cellEnd && !isTagBoundary(buf.charCodeAt(vs + vOpen.length))) vs = buf.indexOf(vOpen, vs + 1);
      if (vs >= 0 && vs < cellEnd) {
        const ve = buf.indexOf('>', vs);
        if (buf.charCodeAt(ve - 1) !== 47) {
          const vend = buf.indexOf(vClose, ve);
          if (vend > 0 && vend <= cellEnd) value = unescapeXml(buf.slice(ve + 1, vend));
        }
      }
    }
    if (value === undefined || value === '') continue;
    const style = attrValue(attrs, 's');
    row.cols.push(col);
    row.types.push(type);
    row.styles.push(style ? Number(style) : 0);
    row.values.push(value);
  }
  return row;
}

/** The text of every <t> element in buf[from, to), rich-text runs joined, phonetic runs (<rPh>) left out. */
function collectText(buf: string, from: number, to: number, tOpen: string, tClose: string): string {
  let block = buf.slice(from, to);
  if (block.indexOf('rPh') >= 0) block = block.replace(/<([\w.-]+:)?rPh\b[\s\S]*?<\/([\w.-]+:)?rPh>/g, '');
  let out = '';
  let at = 0;
  for (;;) {
    const ts = block.indexOf(tOpen, at);
    if (ts < 0) break;
    if (!isTagBoundary(block.charCodeAt(ts + tOpen.length))) {
      at = ts + 1;
      continue;
    }
    const te = block.indexOf('>', ts);
    if (block.charCodeAt(te - 1) === 47) {
      at = te + 1;
      continue;
    }
    const tend = block.indexOf(tClose, te);
    if (tend < 0) break;
    out += block.slice(te + 1, tend);
    at = tend + tClose.length;
  }
  return unescapeXml(out);
}

/**
 * Reads the shared-string table, keeping the strings `wanted` says yes to (every one, as an array, when it is
 * undefined). Stops after `lastIndex`. Strings kept from a large table are flat copies (flatCopy); a table loaded whole
 * (at most SST_FULL_LOAD_BYTES) keeps its pieces, which are then mostly the strings themselves.
 */
async function readSharedStrings(
  text: AsyncIterable<string>,
  wanted: ((index: number) => boolean) | undefined,
  lastIndex: number,
): Promise<Map<number, string> | string[]> {
  const all: string[] = [];
  const some = new Map<number, string>();
  let index = 0;
  await scanElements(
    text,
    {
      root: 'sst',
      element: 'si',
      notFound: 'The shared strings of the workbook could not be read. Please save it again as .xlsx or .csv.',
      tooLarge: 'A text of the workbook is larger than 8 MB; the file is damaged or not a price list.',
    },
    ({ buf, from, to, tags }) => {
      if (index > lastIndex) return false;
      if (!wanted) all.push(collectText(buf, from, to, tags.tOpen, tags.tClose));
      else if (wanted(index)) some.set(index, flatCopy(collectText(buf, from, to, tags.tOpen, tags.tClose)));
      index += 1;
      return true;
    },
  );
  return wanted ? some : all;
}

const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** Style indices (cellXfs) whose number format shows a date. */
function dateStyles(stylesXml: string): Set<number> {
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<([\w.-]+:)?numFmt\b([^>]*)>/g)) {
    const id = attrValue(m[2]!, 'numFmtId');
    const code = attrValue(m[2]!, 'formatCode');
    if (id && code !== undefined) custom.set(Number(id), code);
  }
  const out = new Set<number>();
  const xfs = /<([\w.-]+:)?cellXfs\b[^>]*>([\s\S]*?)<\/([\w.-]+:)?cellXfs>/.exec(stylesXml);
  if (!xfs) return out;
  let index = 0;
  for (const m of xfs[2]!.matchAll(/<([\w.-]+:)?xf\b([^>]*)>/g)) {
    const id = Number(attrValue(m[2]!, 'numFmtId') ?? '0');
    const code = custom.get(id);
    const isDate = code !== undefined ? /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')) : BUILTIN_DATE_FORMATS.has(id);
    if (isDate) out.add(index);
    index += 1;
  }
  return out;
}

/** A spreadsheet date serial as YYYY-MM-DD (with HH:MM when it has a time). */
export function excelDate(serial: number, date1904: boolean): string {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const ms = Math.round((days - 25569) * 86_400_000);
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(serial);
  const iso = d.toISOString();
  return ms % 86_400_000 === 0 ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Whether a number cell's text is a short decimal ('4.2', '0.99', '-3.25') that numberText's rounding would give back
 * unchanged: an optional '-', a whole part without leading zeros, a '.', a fraction not ending in 0, at most 15 digits
 * in all (every such decimal survives the trip through a double) and not below 1e-6 (String() writes those with an
 * exponent). Most prices of a list are such cells, and V8 makes every String(number) in its old generation: 800,000
 * prices left ~25 MB there for the next full GC.
 */
function isShortDecimal(raw: string): boolean {
  const start = raw.charCodeAt(0) === 45 ? 1 : 0;
  let i = start;
  while (i < raw.length && isDigit(raw.charCodeAt(i))) i += 1;
  const whole = i - start;
  if (whole === 0 || raw.charCodeAt(i) !== 46 || (whole > 1 && raw.charCodeAt(start) === 48)) return false;
  const fraction = raw.length - i - 1;
  if (fraction === 0 || whole + fraction > 15 || raw.charCodeAt(raw.length - 1) === 48) return false;
  for (i += 1; i < raw.length; i += 1) if (!isDigit(raw.charCodeAt(i))) return false;
  return !(whole === 1 && raw.charCodeAt(start) === 48 && raw.startsWith('000000', start + 2));
}

/** A number cell's text as the spreadsheet shows it in General format: whole numbers as plain digits. */
export function numberText(raw: string): string {
  let plain = raw.length > 0 && raw.length < 16 && raw.charCodeAt(0) !== 48;
  for (let i = 0; plain && i < raw.length; i += 1) {
    if (!isDigit(raw.charCodeAt(i))) plain = false;
  }
  if (plain || isShortDecimal(raw)) return raw;
  const n = Number(raw);
  if (!Number.isFinite(n)) return raw;
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(Number(n.toPrecision(15)));
}

function resolvePath(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

function relsPath(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

function relationships(xml: string, base: string): Array<{ id: string; type: string; target: string }> {
  const out: Array<{ id: string; type: string; target: string }> = [];
  for (const m of xml.matchAll(/<([\w.-]+:)?Relationship\b([^>]*)>/g)) {
    const id = attrValue(m[2]!, 'Id');
    const type = attrValue(m[2]!, 'Type') ?? '';
    const target = attrValue(m[2]!, 'Target');
    if (id && target && attrValue(m[2]!, 'TargetMode') !== 'External') out.push({ id, type, target: resolvePath(base, target) });
  }
  return out;
}

export class XlsxWorkbook {
  private constructor(
    private readonly source: ByteSource,
    private readonly entries: Map<string, ZipEntry>,
    private readonly options: XlsxOptions,
    /** Every worksheet in workbook order (hidden ones flagged). */
    readonly allSheets: XlsxSheetInfo[],
    private readonly sharedStringsPath: string | undefined,
    private readonly dates: Set<number>,
    private readonly date1904: boolean,
  ) {}

  static async open(source: ByteSource, options: XlsxOptions = {}): Promise<XlsxWorkbook> {
    const entries = await readZipDirectory(source);
    const small = async (path: string): Promise<string | undefined> => {
      const entry = entries.get(path);
      if (!entry) return undefined;
      let text = '';
      for await (const piece of textOf(
        readZipEntry(source, entry, {
          ...options,
          maxBytes: SMALL_PART_BYTES,
          tooLarge: 'The workbook is damaged or too large to read. Please save it again as .xlsx or .csv.',
        }),
      ))
        text += piece;
      return text;
    };
    const rootRels = await small('_rels/.rels');
    const officeDocument = rootRels ? relationships(rootRels, '').find((r) => /\/officeDocument$/.test(r.type))?.target : undefined;
    const workbookPath = officeDocument && entries.has(officeDocument) ? officeDocument : 'xl/workbook.xml';
    const workbookXml = await small(workbookPath);
    if (workbookXml === undefined) throw new SpreadsheetFileError(notAWorkbook(entries));
    const rels = relationships((await small(relsPath(workbookPath))) ?? '', workbookPath);
    const byId = new Map(rels.map((r) => [r.id, r]));
    const sheets: XlsxSheetInfo[] = [];
    for (const m of workbookXml.matchAll(/<([\w.-]+:)?sheet\b([^>]*)>/g)) {
      const attrs = m[2]!;
      const name = attrValue(attrs, 'name');
      const rid = /\s[\w.-]*:?id=["']([^"']*)["']/.exec(attrs)?.[1];
      const rel = rid ? byId.get(rid) : undefined;
      if (!name || !rel || !/\/worksheet$/.test(rel.type) || !entries.has(rel.target)) continue;
      const state = attrValue(attrs, 'state');
      sheets.push({ name, path: rel.target, hidden: state === 'hidden' || state === 'veryHidden' });
    }
    if (!sheets.length) throw new SpreadsheetFileError('The workbook has no worksheet with data. Please save the price list as .xlsx or .csv.');
    const sst = rels.find((r) => /\/sharedStrings$/.test(r.type))?.target ?? (entries.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : undefined);
    const stylesPath = rels.find((r) => /\/styles$/.test(r.type))?.target;
    const stylesXml = stylesPath ? await small(stylesPath) : undefined;
    const date1904 = /date1904=["'](1|true)["']/.test(workbookXml);
    return new XlsxWorkbook(
      source,
      entries,
      options,
      sheets,
      sst && entries.has(sst) ? sst : undefined,
      stylesXml ? dateStyles(stylesXml) : new Set(),
      date1904,
    );
  }

  /** Names of the visible worksheets, in workbook order (the mapping dialog's sheet choice). */
  get sheetNames(): string[] {
    const visible = this.allSheets.filter((s) => !s.hidden);
    return (visible.length ? visible : this.allSheets).map((s) => s.name);
  }

  /** The named sheet, or the first visible one; an unknown name is refused with the list of sheets. */
  sheet(name?: string): XlsxSheetInfo {
    if (name === undefined || name === '') {
      return this.allSheets.find((s) => !s.hidden) ?? this.allSheets[0]!;
    }
    const found = this.allSheets.find((s) => s.name === name) ?? this.allSheets.find((s) => s.name.trim().toLowerCase() === name.trim().toLowerCase());
    if (!found) throw new SpreadsheetFileError(`The workbook has no sheet '${name}' (sheets: ${this.sheetNames.map((s) => `'${s}'`).join(', ')}).`);
    return found;
  }

  private maxBytes(): number {
    return this.options.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES;
  }

  private part(path: string): AsyncIterable<string> {
    const entry = this.entries.get(path);
    if (!entry) throw new SpreadsheetFileError('The workbook is damaged (a part is missing). Please save it again as .xlsx or .csv.');
    const mb = Math.round(this.maxBytes() / 1024 / 1024);
    return textOf(
      readZipEntry(this.source, entry, {
        ...this.options,
        maxBytes: this.maxBytes(),
        maxRatio: MAX_COMPRESSION_RATIO,
        tooLarge: `The workbook unpacks to far more than a price list holds (over ${mb} MB, or over ${MAX_COMPRESSION_RATIO} times its packed size): it looks like a zip bomb and was not read. Please save the price list again as .xlsx or .csv.`,
      }),
    );
  }

  private sharedStringsSize(): number {
    return this.sharedStringsPath ? (this.entries.get(this.sharedStringsPath)?.size ?? 0) : 0;
  }

  /** Cell values of a raw row; strings of columns outside `columns` that are shared strings not loaded come out ''. */
  private resolve(raw: RawRow, strings: Map<number, string> | string[]): SheetRow {
    const width = raw.cols.length ? raw.cols[raw.cols.length - 1]! + 1 : 0;
    const cells: string[] = new Array<string>(width).fill('');
    const kinds: number[] = new Array<number>(width).fill(CELL_EMPTY);
    for (let i = 0; i < raw.cols.length; i += 1) {
      const col = raw.cols[i]!;
      const value = raw.values[i]!;
      switch (raw.types[i]) {
        case 's': {
          const index = Number(value);
          const text = Array.isArray(strings) ? strings[index] : strings.get(index);
          cells[col] = text ?? '';
          kinds[col] = CELL_TEXT;
          break;
        }
        case 'b':
          cells[col] = value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
          kinds[col] = CELL_BOOLEAN;
          break;
        case 'e':
          cells[col] = value;
          kinds[col] = CELL_ERROR;
          break;
        case 'd':
          cells[col] = value.length > 10 && value.endsWith('T00:00:00') ? value.slice(0, 10) : value.replace('T', ' ').slice(0, 16);
          kinds[col] = CELL_DATE;
          break;
        case 'str':
        case 'inlineStr':
          cells[col] = value;
          kinds[col] = CELL_TEXT;
          break;
        default:
          if (this.dates.has(raw.styles[i]!) && Number.isFinite(Number(value))) {
            cells[col] = excelDate(Number(value), this.date1904);
            kinds[col] = CELL_DATE;
          } else {
            cells[col] = numberText(value);
            kinds[col] = CELL_NUMBER;
          }
      }
    }
    return { row: raw.row, cells, kinds };
  }

  /** The first `count` non-empty rows of a sheet with every value resolved (the preview; header detection). */
  async firstRows(sheet: XlsxSheetInfo, count: number): Promise<SheetRow[]> {
    const raws: RawRow[] = [];
    await scanSheet(this.part(sheet.path), (raw) => {
      raws.push(raw);
      return raws.length < count;
    });
    const wanted = new Set<number>();
    for (const raw of raws) raw.types.forEach((t, i) => t === 's' && wanted.add(Number(raw.values[i])));
    const strings =
      wanted.size && this.sharedStringsPath
        ? await readSharedStrings(this.part(this.sharedStringsPath), (i) => wanted.has(i), Math.max(...wanted))
        : new Map<number, string>();
    return raws.map((raw) => this.resolve(raw, strings));
  }

  /**
   * Every non-empty row of the sheet, in order. `columnsFor` sees the first HEADER rows (every value resolved) and
   * answers which columns need their text (null: all); with a large shared-string table only those columns' strings
   * are kept. onRow may return false to stop.
   */
  async readRows(
    sheet: XlsxSheetInfo,
    handlers: { headRows: number; columnsFor: (head: SheetRow[]) => number[] | null; onRow: (row: SheetRow) => boolean | void | Promise<boolean | void> },
  ): Promise<void> {
    const maxRows = this.options.maxRows ?? XLSX_MAX_ROWS;
    let rows = 0;
    const counted = (raw: RawRow) => {
      rows += 1;
      if (rows > maxRows || raw.row > XLSX_MAX_ROWS) {
        throw new SpreadsheetFileError(
          `The sheet has more than ${formatCount(maxRows)} rows (the most Excel allows); it is damaged or not a price list. Please split it.`,
        );
      }
    };
    if (this.sharedStringsSize() <= (this.options.sharedStringsInMemoryBytes ?? SST_FULL_LOAD_BYTES)) {
      const strings = this.sharedStringsPath ? ((await readSharedStrings(this.part(this.sharedStringsPath), undefined, Infinity)) as string[]) : [];
      const head: SheetRow[] = [];
      let decided = false;
      /** Hands the head over (columnsFor, then each head row); false when onRow asked to stop. */
      const flush = async (): Promise<boolean> => {
        decided = true;
        handlers.columnsFor(head);
        for (const row of head) if ((await handlers.onRow(row)) === false) return false;
        return true;
      };
      await scanSheet(this.part(sheet.path), (raw) => {
        counted(raw);
        const row = this.resolve(raw, strings);
        if (decided) return handlers.onRow(row);
        head.push(row);
        return head.length < handlers.headRows ? true : flush();
      });
      if (!decided) await flush();
      return;
    }
    // Large shared-string table: resolve the head, ask which columns matter, mark their strings, keep only those.
    const head = await this.firstRows(sheet, handlers.headRows);
    const columns = handlers.columnsFor(head);
    let strings: Map<number, string> | string[];
    if (columns === null) {
      strings = (await readSharedStrings(this.part(this.sharedStringsPath!), undefined, Infinity)) as string[];
    } else {
      const needed = new Set(columns);
      let marks = new Uint8Array(1024);
      let last = -1;
      await scanSheet(this.part(sheet.path), (raw) => {
        for (let i = 0; i < raw.cols.length; i += 1) {
          if (raw.types[i] !== 's' || !needed.has(raw.cols[i]!)) continue;
          const index = Number(raw.values[i]);
          if (!(index >= 0)) continue;
          if (index >= marks.length) {
            const grown = new Uint8Array(Math.max(index + 1, marks.length * 2));
            grown.set(marks);
            marks = grown;
          }
          marks[index] = 1;
          if (index > last) last = index;
        }
      });
      strings = await readSharedStrings(this.part(this.sharedStringsPath!), (i) => marks[i] === 1, last);
    }
    // The head rows go out as columnsFor saw them (every value), the rest with the kept strings.
    const headByRow = new Map(head.map((row) => [row.row, row]));
    await scanSheet(this.part(sheet.path), (raw) => {
      counted(raw);
      return handlers.onRow(headByRow.get(raw.row) ?? this.resolve(raw, strings));
    });
  }
}

/** What the first bytes of a file are, for the upload's sentences. */
export type FileSignature = 'zip' | 'ole' | 'pdf' | 'utf16' | 'binary' | 'text';

export function fileSignature(head: Uint8Array): FileSignature {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  if (
    head.length >= 8 &&
    head[0] === 0xd0 &&
    head[1] === 0xcf &&
    head[2] === 0x11 &&
    head[3] === 0xe0 &&
    head[4] === 0xa1 &&
    head[5] === 0xb1 &&
    head[6] === 0x1a &&
    head[7] === 0xe1
  )
    return 'ole';
  if (head.length >= 5 && head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46 && head[4] === 0x2d) return 'pdf';
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return 'utf16';
  for (let i = 0; i < Math.min(head.length, 8192); i += 1) if (head[i] === 0) return 'binary';
  return 'text';
}

export const OLD_EXCEL_MESSAGE = 'This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.';
export const ENCRYPTED_EXCEL_MESSAGE = 'This Excel file is password-protected. Please remove the password in Excel, save it as .xlsx, and upload it again.';

/**
 * An OLE2 compound file is an old .xls, or an encrypted .xlsx (Excel wraps those in OLE2 with an 'EncryptedPackage'
 * stream). The first directory sector names the streams; that is enough to tell them apart.
 */
export async function oleFileMessage(source: ByteSource): Promise<string> {
  const header = await source.read(0, 512);
  if (header.length < 512) return OLD_EXCEL_MESSAGE;
  const sectorShift = header[30]! | (header[31]! << 8);
  const sectorSize = sectorShift === 12 ? 4096 : 512;
  const firstDir = (header[48]! | (header[49]! << 8) | (header[50]! << 16)) + header[51]! * 0x1000000;
  const dir = await source.read((firstDir + 1) * sectorSize, sectorSize);
  let names = '';
  for (let i = 0; i + 1 < dir.length; i += 2) names += String.fromCharCode(dir[i]! | (dir[i + 1]! << 8));
  return /EncryptedPackage|EncryptionInfo/.test(names) ? ENCRYPTED_EXCEL_MESSAGE : OLD_EXCEL_MESSAGE;
}
