import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRecords } from '@dealradar/shared/csv';
import { gs1CheckDigit } from '@dealradar/shared/ean';
import { CELL_NUMBER, CELL_TEXT, XlsxWorkbook, type SheetRow } from '@dealradar/shared/xlsx-reader';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { bytesSource } from '@dealradar/shared/zip-reader';
import { buildTestApp, type TestContext } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories/users.ts';
import { storeParseIssues } from '../../src/modules/scans/scan-issues.ts';
import { storedIssues } from '../../src/modules/scans/scan-issues.repository.ts';
import { readSupplierFile } from '../../src/modules/scans/supplier-file.ts';
import { ean13, fakeMarketData, listing } from './fake-market-data.ts';
import { multipart, waitForStatus } from './helpers.ts';

/**
 * Supplier files through the API: XLSX uploads to both analyzers, no brand column, case prices, the stored report and its
 * download, the three result formats read back, one currency per file, the live deals download, decimal commas in
 * manual entry. Market data is the fake of this folder (DE buy box 20.00, FX EUR→GBP 0.85).
 */
const A = ean13('400617005001');
const B = ean13('400617005002');
const C = ean13('400617005003');
const UPC_E = '01234565'; // UPC-A 012345000065
const IN_STORE = `200123456789${gs1CheckDigit('200123456789')}`;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp({ withQueue: true });
  ctx.deps.marketData = fakeMarketData([
    listing(A, 'DE', { brand: 'Nivea' }),
    listing(B, 'DE', { brand: 'Dove', mainCategoryRank: 300 }),
    listing('0012345000065', 'DE', { brand: 'Acme', mainCategoryRank: 900 }),
    listing(A, 'UK', { brand: 'Nivea', buyBoxPrice: 1800, title: '=HYPERLINK("http://evil.test")' }),
    listing(B, 'UK', { brand: 'Dove', buyBoxPrice: 1800 }),
  ]).service;
});
afterAll(async () => {
  await ctx?.close();
});

async function post(user: TestUser, url: string, fields: Record<string, string>, file?: { name: string; content: Buffer | string }) {
  const body = multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url, headers: { ...user.headers, ...body.headers }, payload: body.payload });
}
const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });

async function readXlsx(bytes: Buffer): Promise<SheetRow[]> {
  const workbook = await XlsxWorkbook.open(bytesSource(new Uint8Array(bytes)));
  const rows: SheetRow[] = [];
  await workbook.readRows(workbook.sheet(), { headRows: 1, columnsFor: () => null, onRow: (r) => void rows.push(r) });
  return rows;
}

/** A wholesaler's workbook: a title sheet first, the list on 'Artikel' below a title, case prices, no brand column. */
const wholesaleBook = () =>
  Buffer.from(
    buildXlsx([
      { name: 'Hinweise', rows: [['Alle Preise netto']] },
      {
        name: 'Artikel',
        merges: ['A1:D1'],
        rows: [
          ['Großhandel Muster – Preisliste'],
          [],
          ['EAN', 'Bezeichnung', 'EK Karton', 'VPE'],
          [Number(A), 'Creme 150 ml', 24, 6], // unit cost 4.00: a deal at the 20.00 buy box
          [Number(B), 'Duschgel', { f: '2*30', v: '60' }, 6], // unit cost 10.00: not a deal
          [UPC_E, 'Acme Gel', 3, 1],
          [Number(IN_STORE), 'Hausmarke', 1, 1],
          [{ t: 'inlineStr', text: '4.00617E+12' }, 'kaputt', 1, 1],
          [Number(C), 'ohne Listing', 2, 'viele'],
          ['Summe', null, 90],
        ],
      },
    ]),
  );

describe('supplier analyzer with a real wholesaler workbook', () => {
  let user: TestUser;
  let scanId: string;
  beforeAll(async () => {
    user = await createUser(ctx.deps, { tier: 'GROWTH', minRoiThreshold: 0.2 });
  });

  it('reads the named sheet below its title, without a brand column, with case prices', async () => {
    const res = await post(
      user,
      '/api/supplier-analyzer/start',
      {
        marketId: 'DE',
        eanColumn: 'EAN',
        noBrandColumn: 'true',
        priceColumn: 'EK Karton',
        unitsColumn: 'VPE',
        sheet: 'Artikel',
      },
      { name: 'Preisliste.xlsx', content: wholesaleBook() },
    );
    expect(res.statusCode, res.body).toBe(200);
    scanId = res.json().scanId;
    expect(res.json()).toMatchObject({ totalEans: 3, allowedEans: 3 });
    const done = await waitForStatus(ctx, `/api/supplier-analyzer/${scanId}/status`, user.headers, ['COMPLETED', 'ERROR']);
    expect(done.status).toBe('COMPLETED');
    expect(done.report).toMatchObject({
      fileFormat: 'xlsx',
      sheet: 'Artikel',
      headerLine: 3,
      skippedLines: [
        { line: 1, reason: 'title', text: 'Großhandel Muster – Preisliste' },
        { line: 10, reason: 'total', text: 'Summe · 90' },
      ],
      skippedLineCount: 2,
      rowsRead: 6,
      validEans: 3,
      invalidRows: 3,
      issueCounts: { internal_code: 1, invalid_ean: 1, invalid_units: 1 },
      issuesStored: 3,
    });

    const deals = (await get(user, '/api/supplier-analyzer/results')).json();
    expect(deals.content.map((d: { ean: string }) => d.ean)).toEqual(['0012345000065', A]); // rank 900, 1200
    // no brand column: the deal carries the Amazon listing's brand; the price was per case of 6
    expect(deals.content[1]).toMatchObject({ brand: 'Nivea', casePrice: 24, unitsPerPrice: 6, supplierPrice: 4, supplierName: 'Preisliste.xlsx' });
    expect(deals.content[0]).toMatchObject({ brand: 'Acme', casePrice: 3, unitsPerPrice: 1, supplierPrice: 3 });
  });

  it('keeps every unusable row with the scan and downloads them as CSV (own scans only)', async () => {
    const report = await get(user, `/api/supplier-analyzer/${scanId}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain(`scan_report_${scanId}.csv`);
    const rows = parseCsvRecords(report.body.replace(/^\uFEFF/, ''), ',');
    expect(rows[0]).toEqual(['line', 'reason', 'value', 'message']);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual([
      ['7', 'internal_code', IN_STORE],
      ['8', 'invalid_ean', '4.00617E+12'],
      ['9', 'invalid_units', C],
    ]);
    expect(rows[1]![3]).toMatch(/internal code, not a product barcode \(GS1 prefix 200–299/);
    expect(rows[3]![3]).toBe('The units per price viele is not a whole number of 1 or more.');

    const other = await createUser(ctx.deps, { tier: 'GROWTH' });
    const foreign = await get(other, `/api/supplier-analyzer/${scanId}/report`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Scan not found');
    expect((await get(user, '/api/supplier-analyzer/not-a-uuid/report')).statusCode).toBe(404);
    // the history/status answers still carry the report after the run
    expect((await get(user, `/api/supplier-analyzer/${scanId}/status`)).json().report.issueSamples).toHaveLength(3);
  });

  it('stores the issues once: storing them again (a resumed run) adds nothing', async () => {
    const chunkCount = async () => (await ctx.deps.db.one<{ n: number }>('select count(*)::int as n from scan_issue_chunks where scan_id = $1', [scanId])).n;
    const before = await storedIssues(ctx.deps.db, scanId);
    const chunksBefore = await chunkCount();
    expect(before.length).toBeGreaterThan(0);
    const file = `${ctx.deps.config.DATA_DIR}/again.xlsx`;
    (await import('node:fs')).writeFileSync(file, wholesaleBook());
    const parsed = await readSupplierFile(file, { ean: 'EAN', brand: '', price: 'EK Karton', units: 'VPE', sheet: 'Artikel' });
    await storeParseIssues(ctx.deps, scanId, parsed, 3);
    expect(await storedIssues(ctx.deps.db, scanId)).toEqual(before);
    expect(await chunkCount()).toBe(chunksBefore);
  });

  it('downloads the live deals with the list filters in three formats, money in EUR', async () => {
    const csv = await get(user, '/api/supplier-analyzer/results/download?sortBy=roi&sortOrder=desc');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/deals_\d{4}-\d{2}-\d{2}\.csv/);
    const rows = parseCsvRecords(csv.body.replace(/^\uFEFF/, ''), ',');
    const col = (r: string[], name: string) => r[rows[0]!.indexOf(name)];
    expect(rows.slice(1).map((r) => col(r, 'ean'))).toEqual(['0012345000065', A]);
    const a = rows[2]!;
    expect([col(a, 'casePrice'), col(a, 'unitsPerPrice'), col(a, 'supplierPrice'), col(a, 'currency'), col(a, 'isDeal')]).toEqual([
      '24',
      '6',
      '4',
      'EUR',
      'yes',
    ]);

    const filtered = await get(user, '/api/supplier-analyzer/results/download?format=excel-csv&brands=nivea');
    expect(filtered.headers['content-type']).toContain('text/csv');
    const lines = filtered.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    const header = lines[0]!.split(';');
    const cells = parseCsvRecords(lines[1]!, ';')[0]!;
    expect(cells[header.indexOf('ean')]).toBe(`="${A}"`);
    expect(cells[header.indexOf('amazonPrice')]).toBe('20');
    expect(cells[header.indexOf('vat')]).toBe('3,19');

    const xlsx = await ctx.app.inject({ method: 'GET', url: '/api/supplier-analyzer/results/download?format=xlsx&markets=DE', headers: user.headers });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet).toHaveLength(3);
    const names = sheet[0]!.cells;
    const row = sheet.find((r) => r.cells[names.indexOf('ean')] === A)!;
    expect(row.kinds[names.indexOf('ean')]).toBe(CELL_TEXT);
    expect(row.kinds[names.indexOf('supplierPrice')]).toBe(CELL_NUMBER);
    expect(row.cells[names.indexOf('supplierPrice')]).toBe('4');
    const listed = (await get(user, '/api/supplier-analyzer/results')).json().content.find((d: { ean: string }) => d.ean === A);
    expect(row.cells[names.indexOf('roiPercentage')]).toBe(String(listed.roiPercentage));

    expect((await get(user, '/api/supplier-analyzer/results/download?format=pdf')).json().error).toBe('format must be csv, excel-csv or xlsx.');
  });
});

describe('upload fields and files that are refused', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(ctx.deps, { tier: 'GROWTH' });
  });
  const file = { name: 'list.csv', content: `EAN;Marke;Preis;VPE\n${A};Nivea;4,20;6\n` };

  it.each([
    [{ eanColumn: 'EAN', priceColumn: 'Preis' }, 'Please choose the Brand column.'],
    [{ eanColumn: 'EAN', brandColumn: 'Marke', noBrandColumn: 'true', priceColumn: 'Preis' }, 'Choose a brand column or "No brand column", not both.'],
    [
      { eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis', unitsColumn: 'VPE', unitsPerPrice: '6' },
      'Choose a units column or a number of units per price, not both.',
    ],
    [{ eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis', unitsPerPrice: '1,5' }, 'Units per price must be a whole number of 1 or more.'],
    [{ eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis', unitsPerPrice: 'six' }, 'Units per price must be a whole number of 1 or more.'],
    [{ eanColumn: 'EAN', brandColumn: 'Marke', priceColumn: 'Preis', unitsColumn: 'Pack' }, "The Units column 'Pack' is not in the file's header"],
  ])('fields %j → 400', async (fields, message) => {
    const res = await post(user, '/api/supplier-analyzer/start', { marketId: 'DE', ...fields }, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('refuses old .xls, other types, a workbook without the sheet and a zip bomb with a sentence', async () => {
    const fields = { marketId: 'DE', eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' };
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016)]);
    const cases: Array<[{ name: string; content: Buffer | string }, Record<string, string>, string]> = [
      [{ name: 'old.xls', content: ole }, {}, 'This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.'],
      [{ name: 'renamed.xlsx', content: ole }, {}, 'This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.'],
      [{ name: 'list.numbers', content: 'x' }, {}, 'File type must be .csv or .xlsx.'],
      [
        {
          name: 'book.xlsx',
          content: Buffer.from(
            buildXlsx([
              {
                name: 'Preise',
                rows: [
                  ['EAN', 'Brand', 'Price'],
                  [Number(A), 'Nivea', 1],
                ],
              },
            ]),
          ),
        },
        { sheet: 'Tabelle1' },
        "The workbook has no sheet 'Tabelle1' (sheets: 'Preise').",
      ],
    ];
    for (const [upload, extra, message] of cases) {
      const res = await post(user, '/api/supplier-analyzer/start', { ...fields, ...extra }, upload);
      expect(res.statusCode, upload.name).toBe(400);
      expect(res.json().error, upload.name).toBe(message);
    }
    // a zip bomb: 36 MB of sheet XML (1,200 rows of a 30,000-character text) packs to ~40 KB, far above 100:1
    const filler = 'x'.repeat(30_000);
    const bomb = buildXlsx([{ name: 'S', rows: [['EAN'], ...Array.from({ length: 1200 }, () => [filler])] }], { inlineStrings: true, level: 9 });
    const started = Date.now();
    const res = await post(
      user,
      '/api/supplier-analyzer/start',
      { ...fields, brandColumn: '', noBrandColumn: 'true', priceColumn: '' },
      { name: 'bomb.xlsx', content: Buffer.from(bomb) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/it looks like a zip bomb and was not read/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await ctx.deps.db.query('select id from scans where user_id = $1', [user.id])).toEqual([]);
  });

  it('reads a manual entry price typed with a decimal comma as euros and cents', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: {
        marketId: 'DE',
        rows: [
          { ean: A, brand: 'Nivea', price: '4,20' },
          { ean: B, brand: 'Dove', price: '1.234,56' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForStatus(ctx, `/api/supplier-analyzer/${res.json().scanId}/status`, user.headers, ['COMPLETED']);
    const deals = (await get(user, '/api/supplier-analyzer/results')).json();
    expect(deals.content).toHaveLength(1);
    expect(deals.content[0]).toMatchObject({ ean: A, supplierPrice: 4.2, casePrice: 4.2, unitsPerPrice: 1 });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplier-analyzer/start',
      headers: user.headers,
      payload: { marketId: 'DE', rows: [{ ean: A, brand: 'Nivea', price: '4,2x' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Price must be a number.');
  });
});

describe('CSV Template Analyzer: XLSX upload, three result formats, one currency per file', () => {
  let admin: TestUser;
  let scanId: string;
  beforeAll(async () => {
    admin = await createUser(ctx.deps, { role: 'ADMIN' });
  });

  it('scans an XLSX for the UK and downloads csv, excel-csv and xlsx that agree, every money column in EUR', async () => {
    const book = buildXlsx([
      {
        name: 'Sheet1',
        rows: [
          ['Qogita Catalog'],
          ['For Illustrative Purposes Only'],
          ['GTIN', 'Name', 'Brand', '€ Lowest Price inc. shipping', 'Product Link'],
          [A, 'Creme', 'Nivea', 4.2, 'https://www.qogita.com/a'],
          [B, 'Duschgel', 'Dove', null, 'https://www.qogita.com/b'],
        ],
      },
    ]);
    const res = await post(
      admin,
      '/api/catalog/scan/start',
      { marketId: 'UK', eanColumn: 'GTIN', brandColumn: 'Brand', priceColumn: '€ Lowest Price inc. shipping' },
      { name: 'qogita.xlsx', content: Buffer.from(book) },
    );
    expect(res.statusCode, res.body).toBe(200);
    scanId = res.body;
    const done = await waitForStatus(ctx, `/api/catalog/scan/${scanId}/status`, admin.headers, ['COMPLETED', 'ERROR']);
    expect(done).toMatchObject({ status: 'COMPLETED', report: { fileFormat: 'xlsx', sheet: 'Sheet1', headerLine: 3, issuesStored: 0 } });
    expect(done.report.skippedLines.map((s: { line: number }) => s.line)).toEqual([1, 2]);

    const csv = await get(admin, `/api/catalog/scan/${scanId}/results`);
    expect(csv.headers['content-disposition']).toContain(`scan_results_${scanId}.csv`);
    const rows = parseCsvRecords(csv.body.replace(/^\uFEFF/, ''), ',');
    const header = rows[0]!;
    const col = (r: string[], name: string) => r[header.indexOf(name)]!;
    const a = rows.find((r) => col(r, 'ean') === A)!;
    // one currency: the UK result says EUR and its fees are EUR (market amounts ÷ 0.85), the rate and date beside
    expect([col(a, 'currency'), col(a, 'marketCurrency'), col(a, 'fxRate'), col(a, 'fxDate')]).toEqual(['EUR', 'GBP', '0.85', '2026-11-20']);
    expect(col(a, 'amazonPriceMarketCurrency')).toBe('18');
    expect(Number(col(a, 'amazonPrice'))).toBeCloseTo(18 / 0.85, 2);
    expect(Number(col(a, 'vat'))).toBeCloseTo(3 / 0.85, 2);
    // the FBA fee carries the UK store's 2 % Digital Services Fee for a seller established elsewhere
    expect(Number(col(a, 'fbaFee'))).toBeCloseTo((3 * 1.02) / 0.85, 2);
    expect(col(a, 'amazonHoldsBuyBox')).toMatch(/^(yes|no)$/);
    expect(col(a, 'productName')).toBe(`'=HYPERLINK("http://evil.test")`);

    const excel = await get(admin, `/api/catalog/scan/${scanId}/results?format=excel-csv`);
    const excelRows = excel.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => parseCsvRecords(l, ';')[0]!);
    const eh = excelRows[0]!;
    const ea = excelRows.find((r) => r[eh.indexOf('ean')] === `="${A}"`)!;
    expect(ea[eh.indexOf('amazonPrice')]).toBe(col(a, 'amazonPrice').replace('.', ','));
    expect(ea[eh.indexOf('currency')]).toBe('EUR');
    expect(ea[eh.indexOf('productName')]).toBe(`'=HYPERLINK("http://evil.test")`);

    const xlsx = await ctx.app.inject({ method: 'GET', url: `/api/catalog/scan/${scanId}/results?format=xlsx`, headers: admin.headers });
    expect(xlsx.headers['content-disposition']).toContain(`scan_results_${scanId}.xlsx`);
    const sheet = await readXlsx(xlsx.rawPayload);
    const xh = sheet[0]!.cells;
    expect(xh).toEqual(header);
    const xa = sheet.find((r) => r.cells[xh.indexOf('ean')] === A)!;
    for (const name of ['supplierPrice', 'amazonPrice', 'estimatedProfit', 'maxBuyPrice', 'vat', 'roiPercentage', 'mainCategoryRank']) {
      expect(xa.kinds[xh.indexOf(name)], name).toBe(CELL_NUMBER);
      expect(Number(xa.cells[xh.indexOf(name)]), name).toBeCloseTo(Number(col(a, name)), 6);
    }
    expect(xa.cells[xh.indexOf('productName')]).toBe('=HYPERLINK("http://evil.test")'); // a text cell, never a formula
    expect(xa.kinds[xh.indexOf('productName')]).toBe(CELL_TEXT);

    const report = await get(admin, `/api/catalog/scan/${scanId}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.body.replace(/^\uFEFF/, '').trim()).toBe('line,reason,value,message');
    expect((await get(admin, `/api/catalog/scan/${scanId}/results?format=ods`)).statusCode).toBe(400);
  });
});
