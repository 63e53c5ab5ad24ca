import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSpreadsheetPreview } from './spreadsheet-preview.ts';
import { buildXlsx, XlsxStreamWriter, type XlsxSheetSpec } from './xlsx-writer.ts';
import {
  ENCRYPTED_EXCEL_MESSAGE,
  excelDate,
  fileSignature,
  numberText,
  OLD_EXCEL_MESSAGE,
  oleFileMessage,
  XlsxWorkbook,
  type SheetRow,
  type XlsxOptions,
} from './xlsx-reader.ts';
import { bytesSource, readZipDirectory, SpreadsheetFileError } from './zip-reader.ts';

async function allRows(bytes: Uint8Array, options: XlsxOptions & { sheet?: string; columns?: number[] | null } = {}): Promise<SheetRow[]> {
  const workbook = await XlsxWorkbook.open(bytesSource(bytes), options);
  const rows: SheetRow[] = [];
  await workbook.readRows(workbook.sheet(options.sheet), { headRows: 5, columnsFor: () => options.columns ?? null, onRow: (r) => void rows.push(r) });
  return rows;
}
const cells = (rows: SheetRow[]) => rows.map((r) => [r.row, ...r.cells]);

/** A real supplier workbook: merged title, a date line, EANs as numbers and text, formulas, dates, a second sheet. */
const supplierBook: XlsxSheetSpec[] = [
  {
    name: 'Preisliste',
    merges: ['A1:E1'],
    rows: [
      { r: 1, cells: ['Großhandel Muster – Preisliste'] },
      { r: 2, cells: ['Stand', { v: '46327', s: 3 }] },
      { r: 4, cells: ['EAN', 'Artikel', 'Marke', 'EK netto', 'VPE'] },
      { r: 5, cells: [4006381333931, 'Creme & <Co>', 'Nivea', 4.2, 6] },
      { r: 6, cells: [{ v: '4.006381333948E+12' }, 'Duschgel', 'Nivea', { f: 'D5*2', v: '8.4' }, 1] },
      { r: 7, cells: ['0036000291452', 'Shampoo', { t: 'str', f: 'UPPER("dove")', v: 'DOVE' }, '3,10', { f: '2*3', v: '6' }] },
      { r: 8, cells: [{ t: 'inlineStr', text: '4.00638E+12' }, 'Lotion', 'Dove', 12.499999999999998, true] },
      { r: 10, cells: [{ t: 'e', v: '#N/A' }, 'Summe', null, { f: 'SUM(D5:D8)', v: '28.2' }] },
    ],
  },
  { name: 'Hinweise', rows: [['Alle Preise zzgl. MwSt.']] },
];

describe('XLSX reader: cells as the spreadsheet shows them', () => {
  it('reads numbers-as-EANs, scientific notation, formulas with cached values, dates, booleans and errors', async () => {
    const rows = await allRows(buildXlsx(supplierBook));
    expect(cells(rows)).toEqual([
      [1, 'Großhandel Muster – Preisliste'],
      [2, 'Stand', '2026-11-01'],
      [4, 'EAN', 'Artikel', 'Marke', 'EK netto', 'VPE'],
      [5, '4006381333931', 'Creme & <Co>', 'Nivea', '4.2', '6'],
      [6, '4006381333948', 'Duschgel', 'Nivea', '8.4', '1'],
      [7, '0036000291452', 'Shampoo', 'DOVE', '3,10', '6'],
      [8, '4.00638E+12', 'Lotion', 'Dove', '12.5', 'TRUE'],
      [10, '#N/A', 'Summe', '', '28.2'],
    ]);
    expect(rows[3]!.kinds).toEqual([2, 1, 1, 2, 2]);
    expect(rows[1]!.kinds[1]).toBe(5);
  });

  it('lists the sheets, takes the first by default and a named one on request', async () => {
    const workbook = await XlsxWorkbook.open(bytesSource(buildXlsx([...supplierBook, { name: 'Versteckt', hidden: true, rows: [['x']] }])));
    expect(workbook.sheetNames).toEqual(['Preisliste', 'Hinweise']);
    expect(workbook.sheet().name).toBe('Preisliste');
    expect(workbook.sheet('hinweise').name).toBe('Hinweise');
    expect(() => workbook.sheet('Tabelle1')).toThrow("The workbook has no sheet 'Tabelle1' (sheets: 'Preisliste', 'Hinweise').");
    expect(cells(await allRows(buildXlsx(supplierBook), { sheet: 'Hinweise' }))).toEqual([[1, 'Alle Preise zzgl. MwSt.']]);
  });

  it('reads inline strings, escapes and namespace prefixes as other writers produce them', async () => {
    const sheet =
      '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>EAN</x:t></x:is></x:c><x:c r="B1" t="inlineStr"><x:is><x:r><x:t>Mar</x:t></x:r><x:r><x:t>ke</x:t></x:r></x:is></x:c></x:row>' +
      '<x:row><x:c t=\'n\'><x:v>4006381333931</x:v></x:c><x:c t="inlineStr"><x:is><x:t xml:space="preserve">L&apos;Or&#233;al_x000D_</x:t></x:is></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const bytes = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      '_rels/.rels': strToU8(
        '<Relationships><Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/xl/workbook.xml"/></Relationships>',
      ),
      'xl/workbook.xml': strToU8('<x:workbook xmlns:x="m" xmlns:r="r"><x:sheets><x:sheet name="Data" sheetId="1" r:id="rId7"/></x:sheets></x:workbook>'),
      'xl/_rels/workbook.xml.rels': strToU8(
        '<Relationships><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>',
      ),
      'xl/worksheets/data.xml': strToU8(sheet),
    });
    expect(cells(await allRows(bytes))).toEqual([
      [1, 'EAN', 'Marke'],
      [2, '4006381333931', "L'Oréal\r"],
    ]);
  });

  it('keeps only the needed columns of a large shared-string table, in three passes', async () => {
    const rows: XlsxSheetSpec['rows'] = [['EAN', 'Name', 'Brand']];
    for (let i = 0; i < 200; i += 1) rows.push([4006381333931 + i * 17, `Unique product name number ${i}`, i % 2 ? 'Nivea' : 'Dove']);
    const bytes = buildXlsx([{ name: 'S', rows }]);
    const small = await allRows(bytes, { sharedStringsInMemoryBytes: 10, columns: [0, 2] });
    expect(small).toHaveLength(201);
    expect(small[0]!.cells).toEqual(['EAN', 'Name', 'Brand']); // the head is always resolved whole
    expect(small[5]!.cells).toEqual([String(4006381333931 + 4 * 17), '', 'Dove']);
    const whole = await allRows(bytes, { columns: [0, 2] });
    expect(whole[5]!.cells[1]).toBe('Unique product name number 4');
  });

  it('stops when the reader says so and at the end of the sheet data', async () => {
    const workbook = await XlsxWorkbook.open(bytesSource(buildXlsx(supplierBook)));
    const seen: number[] = [];
    await workbook.readRows(workbook.sheet(), { headRows: 2, columnsFor: () => null, onRow: (r) => (seen.push(r.row), r.row < 4) });
    expect(seen).toEqual([1, 2, 4]);
    expect((await workbook.firstRows(workbook.sheet(), 3)).map((r) => r.row)).toEqual([1, 2, 4]);
  });

  it('writes number cells as General format shows them, short decimals as they are written', () => {
    // What numberText gave for every number cell before short decimals were returned as written.
    const rounded = (raw: string) => {
      if (/^[1-9]\d{0,14}$/.test(raw)) return raw;
      const n = Number(raw);
      if (!Number.isFinite(n)) return raw;
      if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
      return String(Number(n.toPrecision(15)));
    };
    const samples = ['4.2', '0.99', '-3.25', '12.50', '007.5', '0.000001', '0.0000001', '-0.0000005', '1.5E-3', '3.4500000000000002', '12.499999999999998'];
    samples.push('4.006381333931E+12', '123456789012.345', '1234567890123.456', '0.123456789012345', '99999999999999.9', '-0', '-0.0', '1.', '.5', 'x');
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i += 1) {
      const digits = Array.from({ length: 1 + Math.floor(random() * 17) }, () => String(Math.floor(random() * 10))).join('');
      const dot = Math.floor(random() * (digits.length + 1));
      samples.push(`${random() < 0.2 ? '-' : ''}${digits.slice(0, dot) || '0'}.${digits.slice(dot) || '0'}`);
    }
    for (const raw of samples) expect([raw, numberText(raw)]).toEqual([raw, rounded(raw)]);
    expect(numberText('4.2')).toBe('4.2');
    expect(numberText('12.50')).toBe('12.5');
    expect(numberText('0.0000001')).toBe('1e-7');
  });

  it('converts date serials in both date systems', () => {
    expect(excelDate(46327, false)).toBe('2026-11-01');
    expect(excelDate(1, false)).toBe('1900-01-01');
    expect(excelDate(45000.5, false)).toBe('2023-03-15 12:00');
    expect(excelDate(0, true)).toBe('1904-01-01');
  });
});

describe('XLSX reader: files that are not a price list', () => {
  const bomb = (declared: number) => {
    const bytes = buildXlsx([
      {
        name: 'S',
        rows: [
          ['EAN', 'Brand'],
          [4006381333931, 'Nivea'],
        ],
      },
    ]);
    // Patch the central directory: the sheet now declares `declared` uncompressed bytes.
    const copy = bytes.slice();
    const name = strToU8('xl/worksheets/sheet1.xml');
    for (let i = 0; i < copy.length - 46; i += 1) {
      if (copy[i] === 0x50 && copy[i + 1] === 0x4b && copy[i + 2] === 0x01 && copy[i + 3] === 0x02 && copy[i + 28] === name.length) {
        if (name.every((b, k) => copy[i + 46 + k] === b)) new DataView(copy.buffer).setUint32(i + 24, declared, true);
      }
    }
    return copy;
  };

  it('refuses a part that declares more than the cap before unpacking anything', async () => {
    const started = Date.now();
    await expect(allRows(bomb(4_000_000_000))).rejects.toThrow(/over 1024 MB, or over 100 times its packed size\): it looks like a zip bomb/);
    await expect(allRows(bomb(50_000_000))).rejects.toThrow(/zip bomb/); // 50 MB from a few hundred bytes
    await expect(allRows(buildXlsx(supplierBook), { maxUncompressedBytes: 100 })).rejects.toThrow(/zip bomb/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a part that unpacks to more than it declares', async () => {
    await expect(allRows(bomb(10))).rejects.toThrow('unpacks to more than it declares');
  });

  it('caps the rows', async () => {
    await expect(allRows(buildXlsx(supplierBook), { maxRows: 3 })).rejects.toThrow(/more than 3 rows/);
  });

  it('names old .xls, password-protected, .ods, .xlsb and other ZIP files', async () => {
    const ole = (streamName: string) => {
      const bytes = new Uint8Array(1024);
      bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      bytes[30] = 9; // 512-byte sectors
      for (let i = 0; i < streamName.length; i += 1) bytes[512 + i * 2] = streamName.charCodeAt(i);
      return bytes;
    };
    expect(fileSignature(ole('Workbook'))).toBe('ole');
    expect(await oleFileMessage(bytesSource(ole('Workbook')))).toBe(OLD_EXCEL_MESSAGE);
    expect(await oleFileMessage(bytesSource(ole('EncryptedPackage')))).toBe(ENCRYPTED_EXCEL_MESSAGE);
    await expect(readSpreadsheetPreview(bytesSource(ole('Workbook')))).rejects.toThrow(OLD_EXCEL_MESSAGE);
    const zipOf = (files: Record<string, string>) => bytesSource(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));
    await expect(XlsxWorkbook.open(zipOf({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'content.xml': '<x/>' }))).rejects.toThrow(
      'OpenDocument spreadsheet (.ods)',
    );
    await expect(XlsxWorkbook.open(zipOf({ 'xl/workbook.bin': 'x' }))).rejects.toThrow('(.xlsb)');
    await expect(XlsxWorkbook.open(zipOf({ 'word/document.xml': '<x/>' }))).rejects.toThrow('Word document');
    await expect(XlsxWorkbook.open(zipOf({ 'a.txt': 'x' }))).rejects.toThrow('not an Excel workbook');
    await expect(readZipDirectory(bytesSource(strToU8('PK\u0003\u0004 cut off')))).rejects.toThrow(SpreadsheetFileError);
    expect(fileSignature(strToU8('%PDF-1.7'))).toBe('pdf');
    expect(fileSignature(strToU8('ean;brand\n'))).toBe('text');
  });
});

describe('XLSX writer (downloads)', () => {
  it('streams a workbook whose number cells read back as numbers and text as text', async () => {
    const chunks: Uint8Array[] = [];
    let done = false;
    const writer = new XlsxStreamWriter(
      'Deals [UK]',
      (chunk, final) => {
        chunks.push(chunk);
        done = final;
      },
      (error) => {
        throw error;
      },
    );
    writer.row(['ean', 'price', 'name'], [1, 1, 1]);
    writer.row(['0036000291452', 4.2, '=HYPERLINK("x")'], [undefined, 2]);
    writer.row([null, 1234.5, 'Crème\u0001 "extra" _x0041_']);
    writer.end();
    expect(done).toBe(true);
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
    const workbook = await XlsxWorkbook.open(bytesSource(bytes));
    expect(workbook.sheetNames).toEqual(['Deals  UK ']);
    const rows = await allRows(bytes);
    expect(cells(rows)).toEqual([
      [1, 'ean', 'price', 'name'],
      [2, '0036000291452', '4.2', '=HYPERLINK("x")'],
      [3, '', '1234.5', 'Crème\u0001 "extra" _x0041_'],
    ]);
    expect(rows[1]!.kinds).toEqual([1, 2, 1]);
  });
});

describe('preview of a supplier file', () => {
  it('shows the detected header and first rows of an XLSX with its sheets', async () => {
    const preview = await readSpreadsheetPreview(bytesSource(buildXlsx(supplierBook)));
    expect(preview).toMatchObject({
      format: 'xlsx',
      headers: ['EAN', 'Artikel', 'Marke', 'EK netto', 'VPE'],
      rows: [
        ['4006381333931', 'Creme & <Co>', 'Nivea', '4.2', '6'],
        ['4006381333948', 'Duschgel', 'Nivea', '8.4', '1'],
        ['0036000291452', 'Shampoo', 'DOVE', '3,10', '6'],
      ],
      headerLine: 4,
      skippedLines: [
        { line: 1, reason: 'title', text: 'Großhandel Muster – Preisliste' },
        { line: 2, reason: 'title', text: 'Stand · 2026-11-01' },
      ],
      sheets: ['Preisliste', 'Hinweise'],
      sheet: 'Preisliste',
    });
    expect(preview.sampleRows).toHaveLength(5);
    expect((await readSpreadsheetPreview(bytesSource(buildXlsx(supplierBook)), { sheet: 'Hinweise' })).headers).toEqual(['Alle Preise zzgl. MwSt.']);
  });

  it('reads a CSV (UTF-8 or Windows-1252) by its bytes whatever its name', async () => {
    const latin1 = new Uint8Array([...strToU8('EAN;Marke\n4006381333931;'), 0x4c, 0x27, 0x4f, 0x72, 0xe9, 0x61, 0x6c, 0x0a]);
    const preview = await readSpreadsheetPreview(bytesSource(latin1));
    expect(preview).toMatchObject({ format: 'csv', delimiter: ';', headers: ['EAN', 'Marke'], rows: [['4006381333931', "L'Oréal"]] });
    await expect(readSpreadsheetPreview(bytesSource(strToU8('%PDF-1.4 ...')))).rejects.toThrow('The file is a PDF');
    await expect(readSpreadsheetPreview(bytesSource(new Uint8Array(0)))).rejects.toThrow('Failed to read CSV');
  });
});
