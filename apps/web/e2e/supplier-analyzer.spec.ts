import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { signInNewUser } from './helpers.ts';

/**
 * Supplier Level Analyzer as a normal (FREE) user against the demo market data: upload → map → progress →
 * deals → sort → filter → Clear All; manual entry; the partial-plan toast; the remembered market.
 */

/** Demo-catalogue products of a few brands with a supplier price far below Amazon's, so most are deals. */
function demoRows(count: number, brands = 3) {
  const { variants } = demoCatalogue();
  const chosenBrands = [...new Set(variants.filter((v) => v.basePrice >= 1500).map((v) => v.brand))].slice(0, brands);
  return variants
    .filter((v) => chosenBrands.includes(v.brand) && v.basePrice >= 1500)
    .slice(0, count)
    .map((v) => ({ ean: v.gtin, brand: v.brand, price: ((v.basePrice * 0.4) / 100).toFixed(2).replace('.', ',') }));
}

/** Semicolon-separated, decimal commas, an EAN column whose name says nothing ('Artikelnummer': guessed by its content). */
function supplierCsv(rows: Array<{ ean: string; brand: string; price: string }>): Buffer {
  const lines = ['Artikelnummer;Hersteller;Einkaufspreis;Bestand', ...rows.map((r) => `${r.ean};${r.brand};${r.price};12`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function uploadAndMap(page: Page, name: string, content: Buffer) {
  await page.getByTestId('supplier-dropzone').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Artikelnummer' }).or(dialog.getByRole('columnheader', { name: /Artikelnummer/ }))).toBeVisible();
  // The name 'Artikelnummer' says nothing, its content does: mostly valid GTINs make it the EAN guess.
  await expect(dialog.getByRole('combobox', { name: 'EAN column' })).toHaveValue('Artikelnummer');
  await expect(dialog.getByRole('combobox', { name: 'Brand column' })).toHaveValue('Hersteller');
  await expect(dialog.getByRole('combobox', { name: 'Price column' })).toHaveValue('Einkaufspreis');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** A toast by its title; title and message are checked in one assertion (toasts live 6 s, a loaded machine is slow). */
function toast(page: Page, title: string) {
  return page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
}

async function numbersOf(page: Page, testId: string): Promise<number[]> {
  const texts = await page.getByTestId(testId).allInnerTexts();
  return texts.map((t) => Number.parseFloat(t.replace(/[^0-9.-]/g, ''))).filter((n) => Number.isFinite(n));
}

test('upload a supplier CSV, map its columns, watch progress, then sort, filter and clear the deals', async ({ page }) => {
  test.setTimeout(120_000);
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await expect(page.getByRole('heading', { name: 'Supplier Level Analyzer' })).toBeVisible();
  await expect(page.getByText('No deals found.')).toBeVisible();

  const rows = demoRows(40);
  // The EAN column was guessed by content: every EAN being processed proves the mapping reached the server.
  await uploadAndMap(page, 'wholesale-list.csv', supplierCsv(rows));

  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
  await expect(toast(page, 'Scan Completed')).toContainText(`Successfully processed ${rows.length} EANs.`);

  // Deals appear with their ROI badge, prices in EUR and an Amazon link.
  const cards = page.getByTestId('deal-card');
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  const total = Number(await page.getByTestId('deals-total').innerText());
  expect(total).toBeGreaterThan(5);
  await expect(cards.first().getByRole('link', { name: /View on Amazon/ })).toHaveAttribute('href', /^https:\/\/www\.amazon\.de\/dp\//);
  await expect(cards.first().getByTestId('deal-supplier-price')).toHaveText(/^€\d+\.\d{2}$/);

  // Default order: sales rank ascending.
  const ranks = await numbersOf(page, 'deal-rank');
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

  // Sort by ROI: best first (descending), then flip to ascending.
  await page.getByTestId('deal-sort-by').click();
  await page.getByRole('option', { name: 'ROI', exact: true }).click();
  await expect
    .poll(
      async () => {
        const rois = await numbersOf(page, 'deal-roi');
        return rois.length > 1 && rois.every((v, i) => i === 0 || rois[i - 1]! >= v);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.getByTestId('deal-sort-order').getByText('Ascending').click();
  await expect
    .poll(
      async () => {
        const rois = await numbersOf(page, 'deal-roi');
        return rois.length > 1 && rois.every((v, i) => i === 0 || rois[i - 1]! <= v);
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // Every deal meets the FREE plan's fixed 25 % minimum ROI.
  for (const roi of await numbersOf(page, 'deal-roi')) expect(roi).toBeGreaterThanOrEqual(25);

  // The profit breakdown of a deal adds up to its profit.
  await cards.first().getByRole('button', { name: 'Profit breakdown' }).click();
  const breakdown = page.getByTestId('profit-breakdown');
  await expect(breakdown).toBeVisible();
  for (const label of ['Buy box price', 'Referral fee', 'FBA fee', 'Cost', 'Profit', 'ROI'])
    await expect(breakdown.getByText(label, { exact: true })).toBeVisible();
  await expect(breakdown.getByText(/Max buy price for 25% ROI/)).toBeVisible();
  await page.keyboard.press('Escape');

  // Filter by one brand: only that brand's deals remain.
  const brand = rows[0]!.brand;
  await page.getByTestId('deal-filter-brands').fill(brand);
  await page.keyboard.press('Enter');
  await expect.poll(async () => [...new Set(await page.getByTestId('deal-brand').allInnerTexts())]).toEqual([brand]);

  // Filter by a market with no deals.
  await page.getByTestId('deal-filter-markets').click();
  await page.getByRole('option', { name: 'UK · United Kingdom' }).click();
  await expect(page.getByText('No deals found.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Clear All asks first, then removes every deal (filters reset by reopening the page).
  await page.reload();
  await expect(page.getByTestId('deals-total')).toHaveText(String(total));
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByText('Clear all deals?')).toBeVisible();
  await page.getByTestId('confirm-clear-deals').click();
  await expect(page.getByText('No deals found.')).toBeVisible();
  await expect(page.getByTestId('deals-total')).toHaveText('0');
});

test('manual entry needs EAN and Brand, then analyzes the typed rows', async ({ page }) => {
  test.setTimeout(90_000);
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await page.getByText('Manual entry').click();

  await page.getByLabel('EAN 1').fill('4006381333931');
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  await expect(toast(page, 'Missing fields')).toContainText('EAN and Brand are required');

  const [a, b] = demoRows(2, 1);
  await page.getByLabel('EAN 1').fill(a!.ean);
  await page.getByLabel('Brand 1').fill(a!.brand);
  await page.getByLabel('Price 1').fill(a!.price.replace(',', '.'));
  await page.getByLabel('EAN 2').fill(b!.ean);
  await page.getByLabel('Brand 2').fill(b!.brand);
  const startRequest = page.waitForRequest((r) => r.url().endsWith('/api/supplier-analyzer/start'));
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  const body = (await startRequest).postDataJSON() as { marketId: string; rows: Array<{ ean: string; brand: string; price?: number }> };
  expect(body.marketId).toBe('DE');
  expect(body.rows).toEqual([
    { ean: a!.ean, brand: a!.brand, price: Number(a!.price.replace(',', '.')) },
    { ean: b!.ean, brand: b!.brand },
  ]);
  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
  await expect(toast(page, 'Scan Completed')).toContainText('Successfully processed 2 EANs.');
});

test('refused uploads say why, a plan allowing only part of the upload says so, and the chosen market is remembered', async ({ page }) => {
  test.setTimeout(90_000);
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });

  // The market choice survives a reload (local storage).
  await page.getByTestId('supplier-market-select').click();
  await page.getByRole('option', { name: 'UK · United Kingdom' }).click();
  await page.reload();
  await expect(page.getByTestId('supplier-market-select')).toHaveValue('UK · United Kingdom');
  await page.getByTestId('supplier-market-select').click();
  await page.getByRole('option', { name: 'DE · Germany' }).click();

  // A refused upload shows the server's sentence in an 'Error' toast.
  await page
    .getByTestId('supplier-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('EAN;Brand;Price\r\n') });
  await page.getByRole('dialog', { name: 'Map CSV columns' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The file has a header line but no data rows.')).toBeVisible();

  // Files over 50 MB are refused in the browser, before any upload.
  const huge = test.info().outputPath('huge.csv');
  fs.writeFileSync(huge, Buffer.alloc(52428801, 0x41));
  await page.getByTestId('supplier-dropzone').locator('input[type=file]').setInputFiles(huge);
  fs.rmSync(huge);
  await expect(page.getByText('The file is larger than 50 MB (52428800 bytes).')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Map CSV columns' })).toBeHidden();

  // FREE allows 100 EANs a month: 120 distinct EANs start as a partial scan of the first 100.
  const rows = demoRows(120, 12);
  expect(rows).toHaveLength(120);
  await uploadAndMap(page, 'big-list.csv', supplierCsv(rows));
  await expect(toast(page, 'Scan Started (Partial)')).toContainText('Your plan allows 100 EANs in this run, so the first 100 of 120 EANs are analyzed.', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
});
