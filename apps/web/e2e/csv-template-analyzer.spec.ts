import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { CSV_RESULT_COLUMNS } from '@dealradar/shared/contracts/scans';
import { XlsxWorkbook } from '@dealradar/shared/xlsx-reader';
import { bytesSource } from '@dealradar/shared/zip-reader';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { loginAsAdmin, signInNewUser } from './helpers.ts';

/** CSV Template Analyzer as the admin: drop-zone rules, mapping, the scan card's life, the result download, removal. */

function templateCsv(count: number): Buffer {
  const variants = demoCatalogue()
    .variants.filter((v) => v.basePrice >= 1200)
    .slice(0, count);
  const lines = ['EAN,Brand,Price', ...variants.map((v) => `${v.gtin},"${v.brand}",${((v.basePrice * 0.5) / 100).toFixed(2)}`)];
  // Two rows that cannot be used: a wrong check digit and a missing brand.
  lines.push('4006381333932,Broken,1.00', '4006381333931,,1.00');
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

/** A toast by its title; title and message are checked in one assertion (toasts live 6 s, a loaded machine is slow). */
function toast(page: Page, title: string) {
  return page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
}

const csvFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'text/csv', buffer });

test('a normal user cannot open the CSV Template Analyzer', async ({ page }) => {
  await signInNewUser(page, { open: '/csv-template-analyzer' });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the admin uploads a CSV, maps it, follows the scan and downloads scan_results_{id}.csv', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page, { open: '/csv-template-analyzer' });
  await expect(page.getByRole('heading', { name: 'CSV Template Analyzer' })).toBeVisible();
  await expect(page.getByText('Completed scans are kept for 24 hours.')).toBeVisible();
  await expect(page.getByTestId('csv-market-select')).toHaveValue('Germany (EUR)');
  const input = page.getByTestId('csv-dropzone').locator('input[type=file]');

  // Drop-zone rules: at most 5 files, CSV only.
  await input.setInputFiles(Array.from({ length: 6 }, (_, i) => csvFile(`list-${i}.csv`, templateCsv(2))));
  await expect(page.getByText('Too many files')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Map CSV columns' })).toBeHidden();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(/^File type must be/)).toBeVisible();

  // A file the server refuses: 'Upload Failed' names the file and gives the server's reason.
  await input.setInputFiles(csvFile('header-only.csv', Buffer.from('EAN,Brand,Price\n')));
  const emptyDialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(emptyDialog.getByText('The file has a header but no data rows.')).toBeVisible();
  await emptyDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Upload Failed')).toContainText(/Failed to process header-only\.csv: .+/, { timeout: 30_000 });

  // Choose France, drop one file, map it (price optional; EAN and Brand guessed from the header).
  await page.getByTestId('csv-market-select').click();
  await page.getByRole('option', { name: 'France (EUR)' }).click();
  const content = templateCsv(25);
  await input.setInputFiles(csvFile('template-prices.csv', content));
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row')).toHaveCount(4); // header + 3 preview rows
  await expect(dialog.getByRole('combobox', { name: 'EAN column' })).toHaveValue('EAN');
  await expect(dialog.getByRole('combobox', { name: 'Brand column' })).toHaveValue('Brand');
  // (Chromium does not expose multipart bodies with a file to the test: the outcome below proves the fields.)
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Upload Started')).toContainText('Started processing template-prices.csv for France', { timeout: 30_000 });

  // The scan ends in the history tab as COMPLETED at 100 %.
  await page.getByRole('tab', { name: /Scan History/ }).click();
  const card = page
    .getByRole('tabpanel', { name: /Scan History/ })
    .getByTestId('scan-card')
    .filter({ hasText: 'template-prices.csv' });
  await expect(card).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
  await expect(card.getByTestId('scan-progress-text')).toHaveText('Progress: 100% (25 of 25 EANs analyzed)');
  await expect(card.getByText('Processing time')).toBeVisible();
  const scanId = await card.getAttribute('data-scan-id');

  // Download: the CSV file of the matched products, saved as scan_results_{id}.csv.
  const downloadEvent = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download results' }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(`scan_results_${scanId}.csv`);
  await expect(toast(page, 'Download Complete')).toContainText('Your results have been downloaded');
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = text.trim().split(/\r?\n/);
  expect(header!.split(',')).toEqual([...CSV_RESULT_COLUMNS]);
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.every((line) => line.includes(',FR,'))).toBe(true);

  // The other formats from the button's menu (issue 11): the XLSX reads back with the same columns and rows.
  const xlsxEvent = page.waitForEvent('download');
  await card.getByRole('button', { name: 'More download formats' }).click();
  await page.getByRole('menuitem', { name: 'XLSX' }).click();
  const xlsx = await xlsxEvent;
  expect(xlsx.suggestedFilename()).toBe(`scan_results_${scanId}.xlsx`);
  const workbook = await XlsxWorkbook.open(bytesSource(new Uint8Array(fs.readFileSync((await xlsx.path())!))));
  const sheet: string[][] = [];
  await workbook.readRows(workbook.sheet(), { headRows: 1, columnsFor: () => null, onRow: (r) => void sheet.push(r.cells) });
  expect(sheet[0]).toEqual([...CSV_RESULT_COLUMNS]);
  expect(sheet).toHaveLength(lines.length + 1);

  // The history card keeps the scan report, in the supplier screen's words.
  await expect(card.getByTestId('scan-report-summary')).toHaveText('Rows not used: Invalid EAN 1 · No brand 1');

  // Remove: cancel + delete, gone from the list.
  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('The scan was canceled and removed from the list.')).toBeVisible();
  await expect(page.getByTestId('scan-card').filter({ hasText: 'template-prices.csv' })).toHaveCount(0);
});
