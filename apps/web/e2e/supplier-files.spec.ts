import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { CSV_RESULT_COLUMNS, REPORT_COLUMNS, type CsvScan, type DealProduct } from '@dealradar/shared/contracts/scans';
import { parseCsvRecords } from '@dealradar/shared/csv';
import { XlsxWorkbook, type SheetRow } from '@dealradar/shared/xlsx-reader';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { bytesSource } from '@dealradar/shared/zip-reader';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { ADMIN, apiLogin, loginAsAdmin, signInNewUser } from './helpers.ts';

/**
 * Supplier files as resellers have them, and four display details, in the browser: an XLSX with a
 * preamble and numbers as EANs mapped with the guesses, case prices, the report after a reload, the three download
 * formats read back; the no-brand choice; decimal commas; the upload limit said before a file is chosen; a steady time
 * remaining; the pack count and the ROI threshold as set on deal cards.
 */

test.describe.configure({ timeout: 120_000 });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const input = (page: Page) => page.getByTestId('supplier-dropzone').locator('input[type=file]');
/** A toast by its title (role alert), as in supplier-analyzer.spec.ts. */
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });

/** Demo products with a supplier unit price far below Amazon's, so most are deals. */
function demoRows(count: number) {
  return demoCatalogue()
    .variants.filter((v) => v.basePrice >= 1500 && /^[1-9]\d{12}$/.test(v.gtin))
    .slice(0, count)
    .map((v) => ({ ean: v.gtin, brand: v.brand, unitPrice: Math.round(v.basePrice * 0.4) / 100 }));
}

/**
 * The Qogita website export shape in German: two preamble lines, a header with 'GTIN', 'Marke', 'EK netto' and 'VPE'
 * (prices per case of 2), EANs as number cells, one code with a wrong check digit, one shop-internal code, a total row
 * at the bottom; a second sheet of notes.
 */
function supplierWorkbook(rows: ReturnType<typeof demoRows>): Buffer {
  return Buffer.from(
    buildXlsx([
      {
        name: 'Katalog',
        rows: [
          ['Qogita Catalog'],
          ['For Illustrative Purposes Only'],
          ['GTIN', 'Produkt', 'Marke', 'EK netto', 'VPE'],
          ...rows.map((r) => [Number(r.ean), `Artikel ${r.ean}`, r.brand, Math.round(r.unitPrice * 2 * 100) / 100, 2]),
          [4006381333932, 'Falsche Prüfziffer', 'Stabilo', 1.5, 1],
          [2000000000008, 'Hauscode', 'Eigenmarke', 1.5, 1],
          ['Summe', null, null, 999, null],
        ],
      },
      { name: 'Hinweise', rows: [['Alle Preise netto, zzgl. MwSt.']] },
    ]),
  );
}

async function readDownload(download: Download): Promise<Buffer> {
  return fs.readFileSync((await download.path())!);
}

async function xlsxRows(bytes: Buffer): Promise<SheetRow[]> {
  const workbook = await XlsxWorkbook.open(bytesSource(new Uint8Array(bytes)));
  const rows: SheetRow[] = [];
  await workbook.readRows(workbook.sheet(), { headRows: 1, columnsFor: () => null, onRow: (r) => void rows.push(r) });
  return rows;
}

test('an XLSX with a preamble is mapped with the guesses, its deals show case prices, its report survives a reload, and every download format reads back', async ({
  page,
}) => {
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await expect(page.getByText('No deals found.')).toBeVisible({ timeout: 30_000 });

  // Refused before any upload: an old .xls and a type that is neither .csv nor .xlsx.
  await input(page).setInputFiles({ name: 'liste.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
  await expect(page.getByText('This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.')).toBeVisible();
  await input(page).setInputFiles({ name: 'liste.ods', mimeType: 'application/vnd.oasis.opendocument.spreadsheet', buffer: Buffer.from('x') });
  await expect(page.getByText('File type must be .csv or .xlsx.')).toBeVisible();

  // A list without a brand column: Confirm waits for the explicit "No brand column" choice (SPEC §5).
  await input(page).setInputFiles({ name: 'ohne-marke.csv', mimeType: 'text/csv', buffer: Buffer.from('EAN;Name;Preis\r\n4006381333931;Stift;4,20\r\n') });
  const csvDialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(csvDialog.getByRole('combobox', { name: 'EAN column' })).toHaveValue('EAN');
  await expect(csvDialog.getByRole('combobox', { name: 'Price column' })).toHaveValue('Preis');
  await expect(csvDialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await csvDialog.getByLabel('No brand column: use the brand from the marketplace').check();
  await expect(csvDialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await csvDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(csvDialog).toBeHidden();

  // The workbook: header found below the preamble, first 3 data rows shown, every column pre-selected by its guess.
  const rows = demoRows(12);
  await input(page).setInputFiles({ name: 'qogita-katalog.xlsx', mimeType: XLSX_TYPE, buffer: supplierWorkbook(rows) });
  const dialog = page.getByRole('dialog', { name: 'Map XLSX columns' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('mapping-header-line')).toContainText('Header found on line 3');
  await expect(dialog.getByRole('combobox', { name: 'Sheet' })).toHaveValue('Katalog');
  await expect(dialog.getByTestId('mapping-preview').getByRole('row')).toHaveCount(4); // header + 3 data rows
  await expect(dialog.getByRole('cell', { name: rows[0]!.ean, exact: true })).toBeVisible(); // a number cell read as the EAN
  await expect(dialog.getByRole('combobox', { name: 'EAN column' })).toHaveValue('GTIN');
  await expect(dialog.getByRole('combobox', { name: 'Brand column' })).toHaveValue('Marke');
  await expect(dialog.getByRole('combobox', { name: 'Price column' })).toHaveValue('EK netto');
  await expect(dialog.getByRole('combobox', { name: 'Units column' })).toHaveValue('VPE');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
  const summary = 'Rows not used: Invalid EAN 1 · Internal code, not a product barcode 1';
  await expect(panel.getByTestId('scan-report-summary')).toHaveText(summary);
  await expect(panel.getByTestId('scan-report')).toContainText('Sheet “Katalog”: header on line 3;');

  // Deals: the unit cost is the case price ÷ 2, the case is named beside it.
  await expect(page.getByTestId('deal-card').first()).toBeVisible({ timeout: 15_000 });
  const anyCard = page.getByTestId('deal-card').first();
  await expect(anyCard.getByTestId('deal-case-price')).toHaveText(/^Case of 2: €\d+\.\d{2}$/);
  const unit = Number((await anyCard.getByTestId('deal-supplier-price').innerText()).replace(/[^0-9.]/g, ''));
  const casePrice = Number((await anyCard.getByTestId('deal-case-price').innerText()).replace(/^.*€/, ''));
  expect(unit).toBeCloseTo(casePrice / 2, 2);

  // After a reload the finished scan and its report are still there, in the same words.
  await page.reload();
  await expect(page.getByTestId('supplier-scan-panel').getByTestId('scan-report-summary')).toHaveText(summary, { timeout: 30_000 });
  await page.getByTestId('scan-report-summary').click();
  await expect(page.getByTestId('scan-report-rows')).toContainText('2000000000008');

  // The report as CSV: line numbers of the sheet (header on line 3, so the products start on line 4).
  const reportDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the rows not used (CSV)' }).click();
  const report = parseCsvRecords((await readDownload(await reportDownload)).toString('utf8').replace(/^\uFEFF/, ''), ',');
  expect(report[0]).toEqual([...REPORT_COLUMNS]);
  expect(
    report
      .slice(1)
      .filter((r) => r.length > 1)
      .map((r) => [r[0], r[1]]),
  ).toEqual([
    [String(4 + rows.length), 'invalid_ean'],
    [String(5 + rows.length), 'internal_code'],
  ]);

  // The deals in the three formats, read back.
  const download = async (format: string | null) => {
    const event = page.waitForEvent('download');
    if (format === null) await page.getByRole('button', { name: 'Download deals', exact: true }).click();
    else {
      await page.getByRole('button', { name: 'More download formats' }).click();
      await page.getByRole('menuitem', { name: format }).click();
    }
    return event;
  };
  const csv = await download(null);
  expect(csv.suggestedFilename()).toMatch(/^deals_\d{4}-\d{2}-\d{2}\.csv$/);
  const csvRows = parseCsvRecords((await readDownload(csv)).toString('utf8').replace(/^\uFEFF/, ''), ',').filter((r) => r.length > 1);
  expect(csvRows[0]).toEqual([...CSV_RESULT_COLUMNS]);
  const col = (name: string) => csvRows[0]!.indexOf(name);
  expect(csvRows.length).toBeGreaterThan(1);
  for (const row of csvRows.slice(1)) {
    expect(row[col('unitsPerPrice')]).toBe('2');
    expect(Number(row[col('supplierPrice')])).toBeCloseTo(Number(row[col('casePrice')]) / 2, 2);
    expect(row[col('currency')]).toBe('EUR');
  }

  const excel = await download('CSV for Excel (semicolon, decimal comma)');
  expect(excel.suggestedFilename()).toMatch(/_excel\.csv$/);
  const excelRows = parseCsvRecords((await readDownload(excel)).toString('utf8').replace(/^\uFEFF/, ''), ';').filter((r) => r.length > 1);
  expect(excelRows[0]).toEqual([...CSV_RESULT_COLUMNS]);
  expect(excelRows[1]![col('casePrice')]).toMatch(/^\d+,\d+$|^\d+$/);
  expect(excelRows[1]![col('casePrice')]).toBe(csvRows[1]![col('casePrice')]!.replace('.', ','));

  const xlsx = await download('XLSX');
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const sheet = await xlsxRows(await readDownload(xlsx));
  expect(sheet[0]!.cells).toEqual([...CSV_RESULT_COLUMNS]);
  expect(sheet).toHaveLength(csvRows.length);
  expect(Number(sheet[1]!.cells[col('casePrice')])).toBeCloseTo(Number(csvRows[1]![col('casePrice')]), 2);
});

/** A deal as the server sends it, for the display details. */
function mockDeal(): DealProduct {
  const now = new Date().toISOString();
  return {
    id: 'd1',
    ean: '4006381333931',
    asin: 'B000000001',
    market: 'DE',
    productName: 'Textmarker 4er Pack',
    brand: 'Stabilo',
    supplierName: 'liste.xlsx',
    supplierPrice: 1.5,
    casePrice: 9,
    unitsPerPrice: 6,
    amazonPrice: 14.99,
    estimatedProfit: 4.1,
    roiPercentage: 68.3,
    mainCategoryRank: 1200,
    beautyCategoryRank: null,
    estimatedMonthlySales: 300,
    rating: 4.5,
    reviewCount: 80,
    numberOfSellers: 3,
    buyBoxSellerId: null,
    amazonHoldsBuyBox: false,
    amazonImageUrl: null,
    qogitaImageUrl: null,
    imageUrl: null,
    createdAt: now,
    marketplaceUrl: 'https://www.amazon.de/dp/B000000001',
    maxBuyPrice: 2.61,
    minRoi: 0.225,
    expiresAt: now,
    alternatives: [],
    matchSource: 'rank',
    warnings: [],
    buyBoxAvg30: null,
    buyBoxAvg90: null,
    profitableShare90: null,
    breakdown: {
      currency: 'EUR',
      price: 14.99,
      vat: 2.39,
      referralFee: 2.25,
      fbaFee: 3.05,
      cost: 6,
      profit: 1.3,
      roi: 0.217,
      numberOfPacks: 4,
      fxRate: 1,
      fxDate: '2026-11-20',
    },
  };
}

test('on the deals: the pack count beside the prices, the ROI threshold as set (22.5 %), manual prices with a decimal comma', async ({ page }) => {
  await signInNewUser(page);
  await page.route('**/api/supplier-analyzer/results?*', (route) =>
    route.fulfill({ json: { content: [mockDeal()], totalElements: 1, totalPages: 1, page: 0, size: 100 } }),
  );
  await page.goto('/supplier-level-analyzer');
  const card = page.getByTestId('deal-card');
  await expect(card.getByTestId('deal-pack-count')).toHaveText('4-pack', { timeout: 30_000 });
  await expect(card.getByTestId('deal-case-price')).toHaveText('Case of 6: €9.00');
  await expect(card.getByText('for 22.5% ROI')).toBeVisible();
  await card.getByRole('button', { name: 'Profit breakdown' }).click();
  const breakdown = page.getByTestId('profit-breakdown');
  await expect(breakdown.getByText('Max buy price for 22.5% ROI')).toBeVisible();
  await expect(breakdown.getByTestId('supplier-cost')).toContainText('Units per price6');
  await page.keyboard.press('Escape');

  // Manual entry: '4,2' is €4.20 (not €420), shown with two decimals; the body carries 4.2.
  await page.getByText('Manual entry', { exact: true }).click();
  await page.getByLabel('EAN 1').fill('4006381333931');
  await page.getByLabel('Brand 1').fill('Stabilo');
  await page.getByLabel('Price 1').fill('4,2');
  await page.getByLabel('Price 1').blur();
  await expect(page.getByLabel('Price 1')).toHaveValue('4.20');
  const started = page.waitForRequest((r) => r.url().endsWith('/api/supplier-analyzer/start') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  expect((await started).postDataJSON()).toMatchObject({ rows: [{ ean: '4006381333931', brand: 'Stabilo', price: 4.2 }] });
});

test('an exhausted upload limit is said before a file is chosen, and a refused upload gives one toast', async ({ page }) => {
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await expect(page.getByTestId('ean-usage')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('supplier-dropzone')).not.toHaveAttribute('data-blocked');

  // The allowance runs out while the page is open: the refused upload gives the one 'Upgrade Required' notice.
  const token = await page.evaluate(() => window.localStorage.getItem('token') ?? '');
  const { id } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
  const usage = await page.request.put(`/api/admin/users/${id}/usage`, { headers: admin, data: { eanUploadsThisMonth: 100 } });
  expect(usage.status(), await usage.text()).toBe(200);
  await input(page).setInputFiles({ name: 'liste.csv', mimeType: 'text/csv', buffer: Buffer.from('EAN;Brand;Price\r\n4006381333931;Stabilo;1,50\r\n') });
  await page.getByRole('dialog', { name: 'Map CSV columns' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Upgrade Required')).toHaveCount(1);
  await expect(toast(page, 'Error')).toHaveCount(0);
  // One toast in all; the page's own 'EAN Upload Limit Exhausted' alert (SPEC §6) may show beside it once the usage
  // is read again.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);

  // Opened again, the page says so in the drop zone before any file is chosen; no file can be dropped.
  await page.reload();
  await expect(page.getByTestId('supplier-dropzone-blocked')).toHaveText('You have used all 100 EAN uploads for this month.', { timeout: 30_000 });
  await expect(input(page)).toBeDisabled();
});

test('the time remaining of a CSV scan never grows while its progress stands still', async ({ page }) => {
  await loginAsAdmin(page);
  const startTime = new Date(Date.now() - 6_000).toISOString();
  const scan: CsvScan = {
    scanId: 'steady-1',
    fileName: 'steady.csv',
    status: 'PROCESSING',
    processedEans: 50,
    totalEans: 100,
    createdAt: startTime,
    updatedAt: startTime,
    startTime,
    lastUpdateTime: startTime,
    market: 'DE',
    completedAt: null,
    report: { rowsRead: 100, validEans: 100, duplicateRows: 0, invalidRows: 0, issueCounts: {}, issueSamples: [], matchedProducts: 0, dealsFound: 0 },
  };
  await page.route('**/api/catalog/scan/active', (route) => route.fulfill({ json: [scan] }));
  await page.route('**/api/catalog/scan/history', (route) => route.fulfill({ json: [] }));
  await page.route('**/api/catalog/scan/steady-1/status', (route) => route.fulfill({ json: { ...scan, lastUpdateTime: new Date().toISOString() } }));
  await page.route('**/api/catalog/scan/steady-1/queue-position', (route) => route.fulfill({ json: { position: 0, queueSize: 1 } }));
  await page.goto('/csv-template-analyzer');
  const remaining = page.getByTestId('scan-card').getByText(/^\d+ seconds$|^1 second$|^Less than a second$/);
  await expect(remaining).toBeVisible({ timeout: 30_000 });
  const seconds = async () => Number((await remaining.innerText()).replace(/\D/g, '') || 0);
  const first = await seconds();
  expect(first).toBeLessThanOrEqual(20);
  // Two more polls at 50 %: the raw estimate would grow with every second; the shown time does not.
  await page.waitForResponse((r) => r.url().endsWith('/steady-1/status'));
  await page.waitForResponse((r) => r.url().endsWith('/steady-1/status'));
  expect(await seconds()).toBeLessThanOrEqual(first);
});
