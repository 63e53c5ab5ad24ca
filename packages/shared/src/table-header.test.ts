import { describe, expect, it } from 'vitest';
import { guessColumns } from './column-guess.ts';
import { detectCsvLayout, parseCsvPreview } from './csv.ts';
import { detectHeaderRow, fieldOfHeader, isTotalRow, isTrailerCandidate } from './table-header.ts';

describe('detectHeaderRow: the first row that looks like a header', () => {
  it('takes the first row of a plain list', () => {
    expect(
      detectHeaderRow([
        ['ean', 'brand', 'price'],
        ['4006381333931', 'Nivea', '4,20'],
      ]),
    ).toEqual({ index: 0, skipped: [] });
  });

  it('skips the Qogita website export preamble', () => {
    const rows = [
      ['Qogita Catalog'],
      ['For Illustrative Purposes Only'],
      ['GTIN', 'Name', 'Category', 'Brand', '€ Lowest Price inc. shipping', 'Unit', 'Lowest Priced Offer Inventory', 'Product Link'],
      ['4006381333931', 'Creme 150 ml', 'Skin Care', 'Nivea', '4.20', '1', '120', 'https://www.qogita.com/products/x'],
    ];
    expect(detectHeaderRow(rows)).toEqual({
      index: 2,
      skipped: [
        { line: 1, reason: 'title', text: 'Qogita Catalog' },
        { line: 2, reason: 'title', text: 'For Illustrative Purposes Only' },
      ],
    });
  });

  it('skips a title, a date line and empty rows, reporting their physical lines', () => {
    const rows = [
      ['Preisliste Großhandel Muster GmbH', '', ''],
      ['Stand:', '01.11.2026', ''],
      ['', '', ''],
      ['Artikel', 'EAN', 'EK netto'],
      ['Creme', '4006381333931', '4,20'],
    ];
    expect(detectHeaderRow(rows, [1, 2, 4, 5, 6])).toEqual({
      index: 3,
      skipped: [
        { line: 1, reason: 'title', text: 'Preisliste Großhandel Muster GmbH' },
        { line: 2, reason: 'title', text: 'Stand: · 01.11.2026' },
        { line: 4, reason: 'blank', text: '' },
      ],
    });
  });

  it('prefers the row naming known columns over an earlier text row', () => {
    const rows = [
      ['Supplier', 'Muster GmbH', 'Hamburg'],
      ['Barcode', 'Description', 'Marke', 'Prix HT'],
      ['4006381333931', 'Creme', 'Nivea', '4,20'],
    ];
    expect(detectHeaderRow(rows).index).toBe(1);
  });

  it('falls back to the first row when nothing looks like a header', () => {
    expect(
      detectHeaderRow([
        ['4006381333931', '4,20'],
        ['4006381333948', '5,10'],
      ]).index,
    ).toBe(0);
  });

  it('knows totals and trailer candidates', () => {
    expect(isTotalRow(['', 'Summe', '', '1.234,00'])).toBe(true);
    expect(isTotalRow(['Total:', '99'])).toBe(true);
    expect(isTotalRow(['Totalpflege Creme', '4006381333931'])).toBe(false);
    expect(isTrailerCandidate('')).toBe(true);
    expect(isTrailerCandidate('* Preise zzgl. MwSt.')).toBe(true);
    expect(isTrailerCandidate('400638133393')).toBe(false);
    expect(isTrailerCandidate('4.00638E+12')).toBe(false);
    expect(isTrailerCandidate(' 400-638 ')).toBe(false);
    expect(isTrailerCandidate('Stand 01.11.2026')).toBe(true);
  });
});

describe('CSV layout: SPEC §5 delimiter on the detected header line', () => {
  it('finds the Qogita header below its preamble and reads it with commas', () => {
    const text =
      'Qogita Catalog\nFor Illustrative Purposes Only\n"GTIN","Name","Brand","€ Price inc. shipping","Product Link"\n"4006381333931","Creme; 150 ml","Nivea","4.20","https://x"\n';
    expect(detectCsvLayout(text)).toEqual({
      delimiter: ',',
      headerLine: 3,
      skippedLines: [
        { line: 1, reason: 'title', text: 'Qogita Catalog' },
        { line: 2, reason: 'title', text: 'For Illustrative Purposes Only' },
      ],
    });
    const preview = parseCsvPreview(text);
    expect(preview.headers).toEqual(['GTIN', 'Name', 'Brand', '€ Price inc. shipping', 'Product Link']);
    expect(preview.rows).toEqual([['4006381333931', 'Creme; 150 ml', 'Nivea', '4.20', 'https://x']]);
    expect(preview.headerLine).toBe(3);
  });

  it('uses semicolons when the header line has them, whatever the title says', () => {
    expect(detectCsvLayout('Price list, November\n\nEAN;Marke;Preis\n4006381333931;Nivea;4,20\n')).toMatchObject({ delimiter: ';', headerLine: 3 });
  });

  it("honours Excel's sep= line", () => {
    expect(detectCsvLayout('sep=;\nEAN,Name;Brand;Price\n1;2;3;4\n')).toMatchObject({ delimiter: ';', headerLine: 2 });
  });

  it('does not use the last, cut line of a slice', () => {
    expect(detectCsvLayout('Title\nean;brand;price\n4006381333931;Nivea;4', false)).toMatchObject({ delimiter: ';', headerLine: 2 });
  });
});

describe('guessColumns: header names in six languages and content', () => {
  const sample = [
    ['4006381333931', 'Creme 150 ml', 'Nivea', '4,20', '6'],
    ['4005900136374', 'Duschgel', 'Nivea', '2,95', '12'],
    ['3600523951369', 'Shampoo', 'Elvital', '3,10', '6'],
  ];
  it.each([
    ['en', ['EAN', 'Description', 'Brand', 'Price', 'Pack']],
    ['de', ['Strichcode', 'Bezeichnung', 'Marke', 'Einkaufspreis', 'VPE']],
    ['fr', ['Code EAN', 'Désignation', 'Marque', 'Prix HT', 'Colisage']],
    ['it', ['Codice EAN', 'Descrizione', 'Marca', 'Prezzo', 'Confezione']],
    ['es', ['Código de barras', 'Descripción', 'Marca', 'Precio', 'Unidades']],
    ['nl', ['Streepjescode', 'Omschrijving', 'Merk', 'Inkoopprijs', 'Eenheden']],
  ])('%s headers', (_, headers) => {
    expect(guessColumns(headers, sample)).toEqual({
      ean: headers[0],
      brand: headers[2],
      price: headers[3],
      units: headers[4],
      confidence: { ean: 'high', price: 'high', brand: 'high', units: 'high' },
    });
  });

  it('finds the EAN and price columns by content when the names say nothing', () => {
    const guess = guessColumns(
      ['Col A', 'Col B', 'Col C'],
      [
        ['Creme', '4006381333931', '4,20'],
        ['Duschgel', '4005900136374', '2,95'],
      ],
    );
    expect(guess).toMatchObject({ ean: 'Col B', price: 'Col C', confidence: { ean: 'low', price: 'low' } });
    expect(guess.brand).toBeUndefined();
  });

  it('reads the Qogita export right and leaves its Unit and inventory columns alone', () => {
    const headers = ['GTIN', 'Name', 'Category', 'Brand', '€ Lowest Price inc. shipping', 'Unit', 'Lowest Priced Offer Inventory', 'Product Link'];
    const guess = guessColumns(headers, [['4006381333931', 'Creme', 'Skin', 'Nivea', '4.2', '1 x 150 ml', '120', 'https://x']]);
    expect(guess).toMatchObject({ ean: 'GTIN', brand: 'Brand', price: '€ Lowest Price inc. shipping' });
    expect(guess.units).toBeUndefined();
  });

  it('does not take a stock quantity for units per price', () => {
    expect(guessColumns(['EAN', 'Price', 'Qty available'], [['4006381333931', '4,20', '250']]).units).toBeUndefined();
    expect(fieldOfHeader('Qty')).toEqual({ field: 'units', exact: true });
    expect(guessColumns(['EAN', 'Price', 'Qty'], [['4006381333931', '4,20', 'many']]).units).toBeUndefined();
  });
});
