import { strToU8, Zip, ZipDeflate, zipSync, type Zippable } from 'fflate';

/**
 * Writes .xlsx workbooks: the result downloads of the server (streamed, one sheet, numbers as number cells) and the
 * workbooks the tests and the benchmark build (any shape a supplier's spreadsheet has: several sheets, shared or
 * inline strings, formulas with cached values, dates, merged cells, numbers written as 4.006381333931E+12).
 */

/** Style indices of the writer's styles.xml. */
export const XLSX_STYLE = { general: 0, header: 1, money: 2, date: 3, dateTime: 4, percent: 5 } as const;

/** A cell exactly as it should appear in the XML (fixtures): type t, raw value v, formula f, style s, text for strings. */
export interface RawXlsxCell {
  t?: 'n' | 's' | 'str' | 'inlineStr' | 'b' | 'e' | 'd';
  v?: string;
  f?: string;
  s?: number;
  /** For t 's' (a shared string) or 'inlineStr'. */
  text?: string;
}

export type XlsxCellInput = string | number | boolean | null | undefined | RawXlsxCell;

export interface XlsxSheetSpec {
  name: string;
  rows: Array<XlsxCellInput[] | { r: number; cells: XlsxCellInput[] }>;
  /** e.g. ['A1:F1'] */
  merges?: string[];
  hidden?: boolean;
}

const CONTENT_TYPES_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const STYLES =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="10" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** Text for XML: entities, and characters XML 1.0 cannot hold as OOXML _xHHHH_ escapes; at most 32,767 characters (Excel's cell limit). */
export function xmlText(value: string): string {
  const text = value.length > 32767 ? value.slice(0, 32767) : value;
  return (
    text
      .replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // eslint-disable-next-line no-control-regex -- these control characters are what XML cannot hold: they are escaped
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => `_x${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}_`)
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  );
}

/** 'A', 'B', … 'Z', 'AA' for a 0-based column. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function preserve(text: string): string {
  return /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
}

/** The XML of one cell (empty string for an empty cell). `shared` turns strings into shared-string indices. */
export function cellXml(ref: string, cell: XlsxCellInput, shared?: (text: string) => number, style?: number): string {
  if (cell === null || cell === undefined || cell === '') return '';
  const s = style ? ` s="${style}"` : '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : '';
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"${s}><v>${cell ? 1 : 0}</v></c>`;
  if (typeof cell === 'string') {
    if (shared) return `<c r="${ref}" t="s"${s}><v>${shared(cell)}</v></c>`;
    return `<c r="${ref}" t="inlineStr"${s}><is><t${preserve(cell)}>${xmlText(cell)}</t></is></c>`;
  }
  const rs = cell.s !== undefined ? ` s="${cell.s}"` : s;
  const t = cell.t && cell.t !== 'n' ? ` t="${cell.t}"` : '';
  const f = cell.f !== undefined ? `<f>${xmlText(cell.f)}</f>` : '';
  if (cell.t === 'inlineStr') return `<c r="${ref}" t="inlineStr"${rs}>${f}<is><t${preserve(cell.text ?? '')}>${xmlText(cell.text ?? '')}</t></is></c>`;
  if (cell.t === 's' && cell.text !== undefined && shared) return `<c r="${ref}" t="s"${rs}><v>${shared(cell.text)}</v></c>`;
  const v = cell.v !== undefined ? `<v>${xmlText(cell.v)}</v>` : '';
  return `<c r="${ref}"${t}${rs}>${f}${v}</c>`;
}

function sheetXmlHead(): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetData>`;
}

function workbookXml(sheets: Array<{ name: string; hidden?: boolean }>): string {
  const list = sheets.map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${list}</sheets></workbook>`;
}

function workbookRels(sheetCount: number, withSharedStrings: boolean): string {
  let rels = '';
  for (let i = 1; i <= sheetCount; i += 1) {
    rels += `<Relationship Id="rId${i}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i}.xml"/>`;
  }
  rels += `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>`;
  if (withSharedStrings) rels += `<Relationship Id="rId${sheetCount + 2}" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`;
}

function contentTypes(sheetCount: number, withSharedStrings: boolean): string {
  let types = CONTENT_TYPES_HEAD;
  for (let i = 1; i <= sheetCount; i += 1) {
    types += `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  }
  if (withSharedStrings)
    types += '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>';
  return `${types}</Types>`;
}

/** The fixed parts of a workbook (content types, relationships, workbook, styles) for sheets sheet1…sheetN.xml. */
export function xlsxPackageParts(sheets: Array<{ name: string; hidden?: boolean }>, withSharedStrings: boolean): Record<string, string> {
  return {
    '[Content_Types].xml': contentTypes(sheets.length, withSharedStrings),
    '_rels/.rels': ROOT_RELS,
    'xl/workbook.xml': workbookXml(sheets),
    'xl/_rels/workbook.xml.rels': workbookRels(sheets.length, withSharedStrings),
    'xl/styles.xml': STYLES,
  };
}

/** The start of a worksheet part up to <sheetData> (end it with '</sheetData></worksheet>'). */
export const SHEET_XML_HEAD = sheetXmlHead();

/** A shared-string table item. */
export function sharedStringXml(text: string): string {
  return `<si><t${preserve(text)}>${xmlText(text)}</t></si>`;
}

/** A whole workbook in memory (tests, fixtures): strings go to the shared-string table unless `inlineStrings`. */
export function buildXlsx(sheets: XlsxSheetSpec[], options: { inlineStrings?: boolean; level?: number } = {}): Uint8Array {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const shared = options.inlineStrings
    ? undefined
    : (text: string) => {
        let i = index.get(text);
        if (i === undefined) {
          i = strings.length;
          strings.push(text);
          index.set(text, i);
        }
        return i;
      };
  const files: Zippable = {};
  sheets.forEach((sheet, n) => {
    let xml = sheetXmlHead();
    sheet.rows.forEach((spec, i) => {
      const r = Array.isArray(spec) ? i + 1 : spec.r;
      const cells = Array.isArray(spec) ? spec : spec.cells;
      xml += `<row r="${r}">${cells.map((cell, c) => cellXml(`${columnLetters(c)}${r}`, cell, shared)).join('')}</row>`;
    });
    xml += '</sheetData>';
    if (sheet.merges?.length) xml += `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`;
    xml += '</worksheet>';
    files[`xl/worksheets/sheet${n + 1}.xml`] = strToU8(xml);
  });
  const withShared = !!shared;
  if (withShared) {
    const items = strings.map(sharedStringXml).join('');
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN_NS}" count="${strings.length}" uniqueCount="${strings.length}">${items}</sst>`,
    );
  }
  for (const [name, text] of Object.entries(xlsxPackageParts(sheets, withShared))) files[name] = strToU8(text);
  return zipSync(files, { level: (options.level ?? 6) as 6 });
}

/**
 * A one-sheet workbook written as a stream (the server's result downloads): strings inline (no table to hold),
 * numbers as number cells. Call row() per row, then end(); chunks arrive through onChunk in order.
 */
export class XlsxStreamWriter {
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private rowNumber = 0;
  private pending = '';

  constructor(sheetName: string, onChunk: (chunk: Uint8Array, final: boolean) => void, onError: (error: Error) => void) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) onError(error);
      else onChunk(chunk, final);
    });
    const add = (name: string, text: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      this.zip.add(file);
      file.push(strToU8(text), true);
    };
    const name = sheetName.slice(0, 31).replace(/[[\]:*?/\\]/g, ' ');
    for (const [part, text] of Object.entries(xlsxPackageParts([{ name }], false))) add(part, text);
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    this.zip.add(this.sheet);
    this.pending = sheetXmlHead();
  }

  /** One row; `styles[i]` is an XLSX_STYLE index for cell i. */
  row(cells: XlsxCellInput[], styles?: Array<number | undefined>): void {
    this.rowNumber += 1;
    const r = this.rowNumber;
    let xml = `<row r="${r}">`;
    for (let c = 0; c < cells.length; c += 1) xml += cellXml(`${columnLetters(c)}${r}`, cells[c], undefined, styles?.[c]);
    this.pending += `${xml}</row>`;
    if (this.pending.length > 64 * 1024) this.flush(false);
  }

  end(): void {
    this.pending += '</sheetData></worksheet>';
    this.flush(true);
    this.zip.end();
  }

  private flush(final: boolean): void {
    this.sheet.push(strToU8(this.pending), final);
    this.pending = '';
  }
}
