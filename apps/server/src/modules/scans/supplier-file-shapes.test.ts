import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { guessColumns } from '@dealradar/shared/csv';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import { buildXlsx, type XlsxSheetSpec } from '@dealradar/shared/xlsx-writer';
import { eanFromKey, parseUnits, readSupplierFile, type SupplierColumns } from './supplier-file.ts';

/**
 * Supplier files as resellers really have them, each built here (nothing downloaded) with exactly the rows
 * expected to be read and refused. Rows: [ean, brand, unit price in cents (null: none), units, line].
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-shapes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;

async function read(content: string | Uint8Array, columns: SupplierColumns, name = 'list.csv') {
  n += 1;
  const file = path.join(dir, `${n}-${name}`);
  fs.writeFileSync(file, content);
  const parsed = await readSupplierFile(file, columns);
  return {
    parsed,
    rows: parsed.eans.map((e, i) => [
      eanFromKey(e),
      parsed.brands[i],
      Number.isNaN(parsed.prices[i]!) ? null : parsed.prices[i],
      parsed.units[i],
      parsed.lines[i],
    ]),
    issues: parsed.issues.map((s) => [s.line, s.reason]),
    skipped: parsed.skippedLines.map((s) => [s.line, s.reason]),
  };
}

const ean = (body: string) => body + gs1CheckDigit(body);
const E1 = '4006381333931';
const E2 = '4005900136374';
const E3 = '3600523951369';
const UPC = '036000291452';
const IN_STORE = ean('200123456789'); // GS1 200–299: in-store number
const COUPON = ean('981234567890'); // GS1 981: coupon

interface Shape {
  name: string;
  file: string | Uint8Array;
  fileName?: string;
  columns: SupplierColumns;
  rows: unknown[][];
  issues?: unknown[][];
  skipped?: unknown[][];
  sheet?: string | null;
  headerLine?: number;
}

const shapes: Shape[] = [
  {
    name: 'XLSX: EANs as numbers, lost leading zero, scientific notation (exact and shortened), formulas with cached values, merged title',
    file: buildXlsx([
      {
        name: 'Preisliste',
        merges: ['A1:D1'],
        rows: [
          { r: 1, cells: ['Großhandel Muster – Preisliste November'] },
          { r: 2, cells: ['Stand', { v: '46327', s: 3 }] },
          { r: 4, cells: ['EAN', 'Artikel', 'Marke', 'EK netto'] },
          { r: 5, cells: [Number(E1), 'Creme', 'Nivea', 4.2] },
          { r: 6, cells: [Number(UPC), 'Shampoo', 'Dove', { f: 'D5*2', v: '8.4' }] },
          { r: 7, cells: [{ v: '4.005900136374E+12' }, 'Duschgel', 'Nivea', '3,10'] },
          { r: 8, cells: [{ t: 'inlineStr', text: '4.00638E+12' }, 'Lotion', 'Nivea', 2] },
          { r: 9, cells: [Number(E3), 'Serum', { t: 'str', f: 'PROPER("garnier")', v: 'Garnier' }, 12.499999999999998] },
        ],
      },
    ]),
    fileName: 'list.xlsx',
    columns: { ean: 'EAN', brand: 'Marke', price: 'EK netto' },
    rows: [
      [E1, 'Nivea', 420, 1, 5],
      [`0${UPC}`, 'Dove', 840, 1, 6],
      [E2, 'Nivea', 310, 1, 7],
      [E3, 'Garnier', 1250, 1, 9],
    ],
    issues: [[8, 'invalid_ean']],
    skipped: [
      [1, 'title'],
      [2, 'title'],
    ],
    sheet: 'Preisliste',
    headerLine: 4,
  },
  {
    name: 'XLSX with several sheets: the named one is read',
    file: buildXlsx([
      { name: 'Info', rows: [['Lieferbedingungen'], ['Mindestbestellwert 500 €']] },
      {
        name: 'Artikel',
        rows: [
          ['EAN', 'Brand', 'Price'],
          [Number(E1), 'Nivea', 1.5],
        ],
      },
    ]),
    fileName: 'book.xlsx',
    columns: { ean: 'EAN', brand: 'Brand', price: 'Price', sheet: 'Artikel' },
    rows: [[E1, 'Nivea', 150, 1, 2]],
    sheet: 'Artikel',
  },
  {
    name: 'the Qogita website export (CSV): preamble, Product Link, € Lowest Price inc. shipping',
    file: [
      'Qogita Catalog',
      'For Illustrative Purposes Only',
      '"GTIN","Name","Category","Brand","€ Lowest Price inc. shipping","Unit","Lowest Priced Offer Inventory","Product Link"',
      `"${E1}","Creme, 150 ml","Skin Care","Nivea","4.20","1","120","https://www.qogita.com/products/a"`,
      `"${E2}","Duschgel; 250 ml","Bath","Nivea","2.95","1","40","https://www.qogita.com/products/b"`,
    ].join('\r\n'),
    columns: { ean: 'GTIN', brand: 'Brand', price: '€ Lowest Price inc. shipping' },
    rows: [
      [E1, 'Nivea', 420, 1, 4],
      [E2, 'Nivea', 295, 1, 5],
    ],
    skipped: [
      [1, 'title'],
      [2, 'title'],
    ],
    headerLine: 3,
  },
  {
    name: 'the Qogita website export (XLSX)',
    file: buildXlsx([
      {
        name: 'Catalog',
        rows: [
          ['Qogita Catalog'],
          ['For Illustrative Purposes Only'],
          ['GTIN', 'Name', 'Category', 'Brand', '€ Price inc. shipping', 'Unit', 'Inventory', 'Product Link', 'Image URL'],
          [E1, 'Creme', 'Skin Care', 'Nivea', 4.2, '1 x 150 ml', 120, 'https://www.qogita.com/products/a', 'https://img/a.jpg'],
        ],
      },
    ]),
    fileName: 'qogita.xlsx',
    columns: { ean: 'GTIN', brand: 'Brand', price: '€ Price inc. shipping' },
    rows: [[E1, 'Nivea', 420, 1, 4]],
    skipped: [
      [1, 'title'],
      [2, 'title'],
    ],
    sheet: 'Catalog',
  },
  {
    name: 'a list without a brand column (the Amazon listing brings the brand)',
    file: `EAN;Bezeichnung;Preis\n${E1};Creme;4,20\n${E2};Duschgel;\n`,
    columns: { ean: 'EAN', brand: '', price: 'Preis' },
    rows: [
      [E1, '', 420, 1, 2],
      [E2, '', null, 1, 3],
    ],
  },
  {
    name: 'case prices with a units column (VPE): unit cost = price ÷ units; a bad units cell is reported',
    file: ['EAN;Marke;EK Karton;VPE', `${E1};Nivea;25,20;6`, `${E2};Nivea;12,00;12 Stk`, `${E3};Garnier;9,99;`, `${UPC};Dove;5,00;1 x 250 ml`].join('\n'),
    columns: { ean: 'EAN', brand: 'Marke', price: 'EK Karton', units: 'VPE' },
    rows: [
      [E1, 'Nivea', 420, 6, 2],
      [E2, 'Nivea', 100, 12, 3],
      [E3, 'Garnier', 999, 1, 4],
    ],
    issues: [[5, 'invalid_units']],
  },
  {
    name: 'case prices with units per price typed in the dialog',
    file: `EAN,Brand,Case price\n${E1},Nivea,24.00\n`,
    columns: { ean: 'EAN', brand: 'Brand', price: 'Case price', unitsPerPrice: 4 },
    rows: [[E1, 'Nivea', 600, 4, 2]],
  },
  {
    name: 'UPC-E codes expanded to UPC-A, internal and coupon codes reported',
    file: ['EAN,Brand,Price', '01234565,Acme,1', `${IN_STORE},Shop,1`, `${COUPON},Shop,1`, `${ean('21234567890')},Deli,1`, `${E1},Nivea,1`].join('\n'),
    columns: { ean: 'EAN', brand: 'Brand', price: 'Price' },
    rows: [
      ['0012345000065', 'Acme', 100, 1, 2],
      [E1, 'Nivea', 100, 1, 6],
    ],
    issues: [
      [3, 'internal_code'],
      [4, 'internal_code'],
      [5, 'internal_code'],
    ],
  },
  {
    name: 'trailing totals and notes are skipped lines, not unusable products; a total in the middle too',
    file: [
      'EAN;Marke;Preis',
      `${E1};Nivea;4,20`,
      ';Zwischensumme;4,20',
      `${E2};Nivea;2,95`,
      ';;',
      'Summe;;7,15',
      '* Alle Preise zzgl. MwSt.',
      'Stand 01.11.2026',
    ].join('\n'),
    columns: { ean: 'EAN', brand: 'Marke', price: 'Preis' },
    rows: [
      [E1, 'Nivea', 420, 1, 2],
      [E2, 'Nivea', 295, 1, 4],
    ],
    skipped: [
      [3, 'total'],
      [5, 'blank'],
      [6, 'total'],
      [7, 'note'],
      [8, 'note'],
    ],
  },
  {
    name: 'a row without EAN that has a brand and a price is a product missing its code, not a note',
    file: ['EAN;Marke;Preis', `${E1};Nivea;4,20`, ';Dove;2,95'].join('\n'),
    columns: { ean: 'EAN', brand: 'Marke', price: 'Preis' },
    rows: [[E1, 'Nivea', 420, 1, 2]],
    issues: [[3, 'missing_ean']],
  },
  {
    name: "the price column's own decimal separator settles '1,000' and '2.500'",
    file: ['EAN;Marke;Preis', `${E1};Nivea;1,000`, `${E2};Nivea;12,50`, `${E3};Nivea;1.250,00`].join('\n'),
    columns: { ean: 'EAN', brand: 'Marke', price: 'Preis' },
    rows: [
      [E1, 'Nivea', 100, 1, 2],
      [E2, 'Nivea', 1250, 1, 3],
      [E3, 'Nivea', 125000, 1, 4],
    ],
  },
];

describe('supplier files as resellers really have them', () => {
  for (const shape of shapes) {
    it(shape.name, async () => {
      const { parsed, rows, issues, skipped } = await read(shape.file, shape.columns, shape.fileName);
      expect(rows).toEqual(shape.rows);
      expect(issues).toEqual(shape.issues ?? []);
      expect(skipped).toEqual(shape.skipped ?? []);
      if (shape.sheet !== undefined) expect(parsed.sheet).toBe(shape.sheet);
      if (shape.headerLine !== undefined) expect(parsed.headerLine).toBe(shape.headerLine);
      expect(parsed.fileFormat).toBe(shape.fileName?.endsWith('.xlsx') ? 'xlsx' : 'csv');
      expect(parsed.invalidRows + parsed.duplicateRows + parsed.eans.length).toBe(parsed.rowsRead);
    });
  }

  it.each([
    ['en', 'EAN;Description;Brand;Price;Pack', '6'],
    ['de', 'Strichcode;Bezeichnung;Marke;Einkaufspreis;VPE', '6'],
    ['fr', 'Code EAN;Désignation;Marque;Prix HT;Colisage', '6'],
    ['it', 'Codice EAN;Descrizione;Marca;Prezzo;Confezione', '6'],
    ['es', 'Código de barras;Descripción;Marca;Precio;Unidades', '6'],
    ['nl', 'Streepjescode;Omschrijving;Merk;Inkoopprijs;Eenheden', '6'],
  ])('headers in %s are guessed and read', async (_, header, units) => {
    const file = `${header}\n${E1};Creme;Nivea;25,20;${units}\n${E2};Gel;Nivea;2,95;1\n`;
    const preview = header.split(';');
    const guess = guessColumns(preview, [
      [E1, 'Creme', 'Nivea', '25,20', units],
      [E2, 'Gel', 'Nivea', '2,95', '1'],
    ]);
    const { rows } = await read(file, { ean: guess.ean!, brand: guess.brand!, price: guess.price!, units: guess.units });
    expect(rows).toEqual([
      [E1, 'Nivea', 420, 6, 2],
      [E2, 'Nivea', 295, 1, 3],
    ]);
  });

  it('refuses what is not a price list with a sentence, fast', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016)]);
    const columns = { ean: 'EAN', brand: 'Brand', price: 'Price' };
    await expect(read(ole, columns, 'renamed.xlsx')).rejects.toThrow('This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.');
    // a zip bomb: the sheet declares 4 GB (patched central directory) — refused before anything is unpacked
    const bytes = buildXlsx([
      {
        name: 'S',
        rows: [
          ['EAN', 'Brand', 'Price'],
          [Number(E1), 'Nivea', 1],
        ],
      },
    ]);
    const name = strToU8('xl/worksheets/sheet1.xml');
    for (let i = 0; i < bytes.length - 46; i += 1) {
      if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x01 && bytes[i + 3] === 0x02 && name.every((b, k) => bytes[i + 46 + k] === b)) {
        new DataView(bytes.buffer).setUint32(i + 24, 4_000_000_000, true);
      }
    }
    const started = Date.now();
    await expect(read(bytes, columns, 'bomb.xlsx')).rejects.toThrow(/it looks like a zip bomb/);
    expect(Date.now() - started).toBeLessThan(1000);
    const book: XlsxSheetSpec[] = [
      {
        name: 'Preise',
        rows: [
          ['EAN', 'Brand', 'Price'],
          [Number(E1), 'Nivea', 1],
        ],
      },
    ];
    await expect(read(buildXlsx(book), { ...columns, sheet: 'Tabelle1' }, 'sheet.xlsx')).rejects.toThrow(
      "The workbook has no sheet 'Tabelle1' (sheets: 'Preise').",
    );
    await expect(read(buildXlsx([{ name: 'Leer', rows: [] }]), columns, 'empty.xlsx')).rejects.toThrow("The sheet 'Leer' is empty.");
    await expect(read(buildXlsx(book), { ...columns, price: 'Preis' }, 'cols.xlsx')).rejects.toThrow(
      "The Price column 'Preis' is not in the file's header (columns: 'EAN', 'Brand', 'Price').",
    );
  });

  it('reads units cells as resellers write them', () => {
    expect(['6', '6.0', '6,0', '12 Stk', 'x12', '24er', '6 pcs', '', '  '].map(parseUnits)).toEqual([6, 6, 6, 12, 12, 24, 6, 1, 1]);
    expect(['0', '1.5', 'six', '1 x 250 ml', '-2'].map(parseUnits)).toEqual([null, null, null, null, null]);
  });
});
