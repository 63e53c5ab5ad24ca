import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeEan } from '@dealradar/shared/ean';
import { eanFromKey, plainGtinKey, readSupplierFile, type SupplierColumns } from './supplier-file.ts';
import { parseSupplierPrice } from './supplier-price.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;

async function read(content: string | Buffer, columns: SupplierColumns = { ean: 'EAN', brand: 'Brand', price: 'Price' }) {
  n += 1;
  const file = path.join(dir, `f${n}.csv`);
  fs.writeFileSync(file, content);
  const parsed = await readSupplierFile(file, columns);
  return {
    parsed,
    rows: parsed.eans.map((e, i) => [eanFromKey(e), parsed.brands[i], Number.isNaN(parsed.prices[i]!) ? null : parsed.prices[i], parsed.lines[i]]),
    issues: parsed.issueSamples.map((s) => [s.line, s.reason]),
  };
}

const E1 = '4006170012344';
const E2 = '4006170000006';
const UPC = '036000291452';
const GTIN14 = '14006170012341';

/** Nasty real-world files and exactly what must come out: [ean, brand, price in cents, line]. */
const table: Array<{ name: string; content: string | Buffer; columns?: SupplierColumns; rows: unknown[][]; issues?: unknown[][]; encoding?: string }> = [
  {
    name: 'UTF-8 BOM, semicolons, CRLF, decimal comma and euro sign',
    content: `\uFEFFEAN;Brand;Price\r\n${E1};Nivea;12,50 €\r\n${E2};Dove;€ 3,99\r\n`,
    rows: [
      [E1, 'Nivea', 1250, 2],
      [E2, 'Dove', 399, 3],
    ],
  },
  {
    name: 'quoted fields with delimiters and line breaks (LF inside a CRLF file, as Excel writes)',
    content: `EAN,Brand,Price,Name\r\n"${E1}","L'Oréal, Paris","1,234.50","two\nlines"\r\n${E2},"Say ""Hi""",2.5,x\r\n`,
    rows: [
      [E1, "L'Oréal, Paris", 123450, 2],
      [E2, 'Say "Hi"', 250, 4],
    ],
  },
  {
    name: 'blank lines, whitespace lines and a missing final newline',
    content: `EAN;Brand;Price\n\n${E1};Nivea;1\n   \n\n${E2};Dove;2`,
    rows: [
      [E1, 'Nivea', 100, 3],
      [E2, 'Dove', 200, 6],
    ],
  },
  {
    name: 'Windows-1252 text (umlauts, accents)',
    content: iconv.encode(`EAN;Brand;Price\n${E1};Crème Nivéa;1,00\n${E2};Müller;2,00\n`, 'win1252'),
    rows: [
      [E1, 'Crème Nivéa', 100, 2],
      [E2, 'Müller', 200, 3],
    ],
    encoding: 'windows-1252',
  },
  {
    name: 'EANs damaged by spreadsheets, UPC-A and GTIN-14',
    content: [
      'EAN;Brand;Price',
      '4.006170012344E+12;A;1', // exact scientific notation: repaired
      '4.00617E+12;B;1', // digits lost: reported
      ' 400 6170 00000 6 ;C;1', // spaces
      '36000291452;D;1', // UPC-A that lost its leading zero
      `${GTIN14};E;1`, // case code: kept as GTIN-14
      `0${E1};F;1`, // GTIN-14 with indicator 0: same product as line 2 → duplicate
      '4006170012345;G;1', // wrong check digit
      ';H;1', // no EAN
    ].join('\n'),
    rows: [
      [E1, 'A', 100, 2],
      [E2, 'C', 100, 4],
      [`0${UPC}`, 'D', 100, 5],
      [GTIN14, 'E', 100, 6],
    ],
    issues: [
      [3, 'invalid_ean'],
      [7, 'duplicate_ean'],
      [8, 'invalid_ean'],
      [9, 'missing_ean'],
    ],
  },
  {
    name: 'prices: thousands groups, currency words, empty, not a number, negative',
    content: ['EAN;Brand;Price', `${E1};A;1.234,56 EUR`, `${E2};B;`, `${UPC};C;abc`, `${GTIN14};D;-1,00`].join('\n'),
    rows: [
      [E1, 'A', 123456, 2],
      [E2, 'B', null, 3],
    ],
    issues: [
      [4, 'invalid_price'],
      [5, 'invalid_price'],
    ],
  },
  {
    name: 'mapping by header name: other order, other case, extra and short rows, missing brand',
    content: ['Preis,Name,ean13,MARKE,Extra', `5,x,${E1},Nivea,1`, `6,y,${E2}`, `7,z,${UPC},Dove,1,2,3`].join('\n'),
    columns: { ean: 'EAN13', brand: 'Marke', price: 'Preis' },
    rows: [
      [E1, 'Nivea', 500, 2],
      [`0${UPC}`, 'Dove', 700, 4],
    ],
    issues: [[3, 'missing_brand']],
  },
  {
    name: 'no price column mapped',
    content: `EAN,Brand\n${E1},Nivea\n`,
    columns: { ean: 'EAN', brand: 'Brand', price: '' },
    rows: [[E1, 'Nivea', null, 2]],
  },
];

describe('supplier files as they come', () => {
  for (const c of table) {
    it(c.name, async () => {
      const { parsed, rows, issues } = await read(c.content, c.columns);
      expect(rows).toEqual(c.rows);
      expect(issues).toEqual(c.issues ?? []);
      expect(parsed.invalidRows + parsed.duplicateRows + parsed.eans.length).toBe(parsed.rowsRead);
      if (c.encoding) expect(parsed.encoding).toBe(c.encoding);
    });
  }

  it('decodes multi-byte characters and quoted line breaks across 256 KiB read chunks', async () => {
    const lines = ['EAN;Brand;Price;Note'];
    const count = 30000;
    for (let i = 0; i < count; i += 1) lines.push(`${i % 2 ? E1 : E2};Crème Brûlée ${i % 7};1,5;"a;b\r\nc"`);
    const { parsed } = await read(lines.join('\r\n'));
    expect(parsed.encoding).toBe('utf-8');
    expect(parsed.rowsRead).toBe(count);
    expect(parsed.duplicateRows).toBe(count - 2);
    expect(parsed.brands).toEqual(['Crème Brûlée 0', 'Crème Brûlée 1']);
    expect(parsed.lines).toEqual([2, 4]);
    // the 50th sample is the duplicate in data row 52 (0-based 51), two physical lines per row
    expect(parsed.issueSamples.at(-1)!.line).toBe(2 + 2 * 51);
    expect(fs.statSync(path.join(dir, `f${n}.csv`)).size).toBeGreaterThan(1024 * 1024);
  });

  it('refuses files that cannot be a price list', async () => {
    await expect(read('')).rejects.toThrow('The file is empty.');
    await expect(read('\r\n\r\n')).rejects.toThrow('The file is empty.');
    await expect(read('EAN;Brand;Price\r\n')).rejects.toThrow('The file has a header line but no data rows.');
    // A ZIP is read as an XLSX (by its bytes, whatever its name): this one is not a whole workbook.
    await expect(read(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).rejects.toThrow('could not be read as an Excel workbook (.xlsx)');
    await expect(read(Buffer.from('EAN,Brand\x00,x'))).rejects.toThrow('binary data');
    await expect(read('Code;Marke\n1;2')).rejects.toThrow("The EAN column 'EAN' is not in the file's header (columns: 'Code', 'Marke').");
  });
});

describe('the plain-code fast path', () => {
  it('agrees with normalizeEan on every cell it accepts and declines only what normalizeEan refuses or repairs', () => {
    const cells = [
      ...['0000000000000', '0000000000017', E1, E2, '4006170012345', '400617001234', ' 4006170012344', '40061700123x4', '4006170012344 '],
      // 14 digits with and without a leading 0, UPC-A, leading zeros lost, internal prefixes in every length
      ...['04006170012344', '14006170012341', '036000291452', '36000291452', '0036000291452', '2012345678903', '02012345678903'],
      ...['012345678905', '12345678905', '9801234567894', '09801234567894', '99123456789000', '000000000000000', '4006170012344.0'],
    ];
    let seed = 7;
    for (let i = 0; i < 30000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      const length = 9 + (seed % 6);
      cells.push((String(seed).repeat(2) + String(seed % 1000).padStart(3, '0')).slice(-length));
    }
    let accepted = 0;
    for (const cell of cells) {
      const fast = plainGtinKey(cell);
      const slow = normalizeEan(cell);
      if (fast !== undefined) {
        accepted += 1;
        expect(slow.valid && Number(slow.ean), cell).toBe(fast);
        expect(eanFromKey(fast), cell).toBe(slow.valid && slow.ean);
      } else if (cell.length >= 9 && cell.length <= 14 && /^\d+$/.test(cell)) {
        // Declined: refused, or a GTIN-8 with padding zeros starting 0–2 (UPC-E or RCN-8 decide it: ean.ts, the slow way).
        expect(!slow.valid || cell.replace(/^0+/, '').length <= 8, cell).toBe(true);
      }
    }
    expect(accepted).toBeGreaterThan(2500);
  });
});

describe('supplier prices', () => {
  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['€ 12,50', 1250],
    ['12.50 EUR', 1250],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1 234,56', 123456],
    ['7', 700],
    ['7,5', 750],
    ['7.05', 705],
    ['1,000', 100000],
    ['1.234.567', 123456700],
    ['0,125', 12.5],
    ['$3', 300],
    ['£ 2.10', 210],
    ['', null],
    ['  ', null],
  ])('%s → %s cents', (cell, cents) => {
    expect(parseSupplierPrice(cell)).toEqual({ ok: true, cents });
  });
  it('reads a lone separator before three digits as the column shows it (parseDecimalInput)', () => {
    // Alone, '1,000' is a thousand; a column that also has '12,50' makes it 1.00.
    expect(parseSupplierPrice('1,000', ',')).toEqual({ ok: true, cents: 100 });
    expect(parseSupplierPrice('1.234', '.')).toEqual({ ok: true, cents: 123.4 });
    expect(parseSupplierPrice('4,2x')).toEqual({ ok: false, reason: 'The price 4,2x is not a number.' });
    expect(parseSupplierPrice('-1,00')).toEqual({ ok: false, reason: 'The price -1,00 is negative.' });
  });
  it.each(['abc', '-1', '12,50,3.4.5', '1e5'])('%s is refused', (cell) => {
    expect(parseSupplierPrice(cell).ok).toBe(false);
  });
});
