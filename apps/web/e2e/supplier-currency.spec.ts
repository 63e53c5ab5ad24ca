import { expect, test, type Page } from '@playwright/test';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { signInNewUser } from './helpers.ts';

/**
 * Supplier currencies in the browser: a Qogita export from a GBP account is detected as pounds, the user changes
 * what the dialog detected (the prices include 20 % VAT), and the deal's breakdown shows the price as written with
 * the VAT removed and the rate; manual entry refuses '4,2,0' and a missing brand at the field, offers "No brand", and
 * lists a row without a price with its Amazon price and fees.
 */

test.describe.configure({ timeout: 120_000 });

const input = (page: Page) => page.getByTestId('supplier-dropzone').locator('input[type=file]');
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
/** The built-in reference rate of the demo server (1 EUR = 0.8745 GBP on 20 Nov 2026). */
const GBP = 0.8745;

/** Demo products whose supplier price (40 % of the catalogue's) makes them deals, in pounds. */
function demoRows(count: number) {
  return demoCatalogue()
    .variants.filter((v) => v.basePrice >= 1500 && /^[1-9]\d{12}$/.test(v.gtin))
    .slice(0, count)
    .map((v) => ({ ean: v.gtin, brand: v.brand, name: v.name, eur: Math.round(v.basePrice * 0.4) / 100 }));
}

test('a GBP Qogita export: "GBP detected", changed to prices incl. 20 % VAT, and the breakdown shows the pounds as written', async ({ page }) => {
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await expect(page.getByText('No deals found.')).toBeVisible({ timeout: 30_000 });

  const rows = demoRows(4);
  const pounds = (eur: number) => (Math.round(eur * GBP * 100) / 100).toFixed(2);
  const csv = [
    'Qogita Catalog',
    'For Illustrative Purposes Only',
    'GTIN,Name,Brand,£ Lowest Price inc. shipping,Product Link',
    ...rows.map((r) => `${r.ean},"${r.name}",${r.brand},${pounds(r.eur)},https://www.qogita.com/products/${r.ean}`),
  ].join('\r\n');
  await input(page).setInputFiles({ name: 'qogita-gbp.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(dialog.getByRole('combobox', { name: 'Price column' })).toHaveValue('£ Lowest Price inc. shipping');
  await expect(dialog.getByTestId('price-currency-detected')).toContainText('GBP detected in the column name');
  await expect(dialog.getByRole('combobox', { name: 'Price currency' })).toHaveValue('GBP · pound sterling (£)');
  await expect(dialog.getByLabel('Prices include VAT')).not.toBeChecked();

  // The user knows better: these prices include 20 % VAT.
  await dialog.getByLabel('Prices include VAT').check();
  await dialog.getByRole('textbox', { name: "Supplier's VAT %" }).fill('20');
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
  const row = rows[0]!;
  const card = page.locator(`[data-testid=deal-card][data-ean="${row.ean}"]`);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Profit breakdown' }).click();
  const costs = page.getByTestId('supplier-cost');
  const gross = Number(pounds(row.eur));
  // As the server rounds: in cents, half up.
  const netCents = (gross * 100) / 1.2;
  const net = Math.round(netCents) / 100;
  const vatRemoved = Math.round(gross * 100 - netCents) / 100;
  const eurNet = (Math.round(netCents / GBP) / 100).toFixed(2);
  await expect(costs.getByTestId('supplier-price-original')).toContainText(`£${gross.toFixed(2)} · €${(gross / GBP).toFixed(2)} at 0.8745 on 20 Nov`);
  await expect(costs.getByTestId('supplier-price-original')).toContainText('incl. VAT');
  await expect(costs.getByTestId('supplier-vat-removed')).toContainText(`VAT removed (20 %)−£${vatRemoved.toFixed(2)}`);
  await expect(costs.getByTestId('supplier-net-price')).toContainText(`£${net.toFixed(2)} · €${eurNet}`);
  await expect(costs.getByTestId('supplier-fx')).toContainText('1 EUR = 0.8745 GBP on 20 Nov');
  await expect(costs).toContainText(`€${eurNet}`); // the unit cost in euro
});

test('manual entry: "4,2,0" and a missing brand are marked at their fields, "No brand" and a row without a price work', async ({ page }) => {
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await page.getByText('Manual entry').click();
  const [a, b] = demoRows(2);

  // Not a number: refused at the field, not read as €420.00.
  await page.getByLabel('EAN 1').fill(a!.ean);
  await page.getByLabel('Brand 1').fill(a!.brand);
  await page.getByLabel('Price 1').fill('4,2,0');
  await page.getByLabel('Price 1').blur();
  await expect(page.getByText('4,2,0 is not a number of 0 or more.')).toBeVisible();
  await expect(page.getByLabel('Price 1')).toHaveValue('4,2,0');
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  await expect(toast(page, 'Invalid price')).toBeVisible();

  // A missing brand: the SPEC toast and the field marked.
  await page.getByLabel('Price 1').fill('');
  await page.getByLabel('Brand 1').fill('');
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  await expect(toast(page, 'Missing fields')).toContainText('EAN and Brand are required');
  await expect(page.getByText('Brand is required (or tick “No brand”)')).toBeVisible();
  await expect(page.getByLabel('Brand 1')).toHaveAttribute('aria-invalid', 'true');

  // "No brand": the marketplace's brand; the first row has no price, the second one has.
  await page.getByLabel('No brand: use the brand from the marketplace').check();
  await expect(page.getByLabel('Brand 1')).toBeDisabled();
  await page.getByLabel('EAN 2').fill(b!.ean);
  await page.getByLabel('Price 2').fill(b!.eur.toFixed(2).replace('.', ','));
  const startRequest = page.waitForRequest((r) => r.url().endsWith('/api/supplier-analyzer/start'));
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  const body = (await startRequest).postDataJSON() as { noBrand?: boolean; priceCurrency?: string; rows: unknown[] };
  expect(body).toMatchObject({
    noBrand: true,
    priceCurrency: 'EUR',
    rows: [
      { ean: a!.ean, brand: '' },
      { ean: b!.ean, brand: '', price: b!.eur },
    ],
  });
  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });

  // The row without a price: its listing, Amazon price and fees, and the highest price to pay; no ROI.
  const noPrice = page.locator(`[data-testid=deal-card][data-ean="${a!.ean}"]`);
  await expect(noPrice).toBeVisible({ timeout: 15_000 });
  await expect(noPrice.getByTestId('deal-brand')).toHaveText(a!.brand);
  await noPrice.getByRole('button', { name: 'Profit breakdown' }).click();
  const breakdown = page.getByTestId('profit-breakdown');
  await expect(breakdown.getByText('Referral fee', { exact: false }).first()).toBeVisible();
  await expect(breakdown.getByText(/Max buy price for \d+% ROI/)).toBeVisible();
  await expect(breakdown.getByText('no supplier price')).toBeVisible();
});
