import { expect, test } from '@playwright/test';
import { buildXlsx } from '@dealradar/shared/xlsx-writer';
import { loginAsAdmin, signInNewUser } from './helpers.ts';

const EXPORT = [
  '"Locale","Title","ASIN","Brand","Buy Box 🚚: Current","Sales Rank: Current","FBA Pick&Pack Fee","Referral Fee %","Product Codes: EAN"',
  'de,"Face Cream, 50 ml",B0E2EIMP01,Alpha,"€ 19,99","1,520","€ 2,90",15 %,4006381333931',
  'de,Broken row,B0E2EIMP02,Alpha,"€ 9,99",100,,,',
].join('\n');

test.describe('Market data source (admin Settings)', () => {
  test('an admin sees the active source and FX rates and imports a Keepa export', async ({ page }) => {
    await loginAsAdmin(page, { open: '/settings' });
    const card = page.getByTestId('market-data-source-card');
    await expect(card.getByText('Amazon: Demo catalogue')).toBeVisible();
    await expect(card.getByText('Wholesale: Demo catalogue')).toBeVisible();
    await expect(card.getByTestId('demo-data-badge')).toHaveText('Demo data');
    await expect(card.getByTestId('fx-rates')).toContainText('1 EUR =');
    await expect(card.getByTestId('fx-rates')).toContainText('GBP');

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Demo supplier price list (CSV)' }).click();
    expect((await download).suggestedFilename()).toBe('demo-supplier-price-list.csv');

    await card.locator('input[type=file]').setInputFiles({ name: 'keepa-export.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT) });
    await card.getByRole('button', { name: 'Import' }).click();
    await expect(card.getByText('Import complete')).toBeVisible();
    await expect(card.getByRole('status')).toContainText('1 listings for 1 EANs imported from keepa-export.csv; 1 rows skipped');
    await expect(card.getByRole('status')).toContainText('Line 3: B0E2EIMP02 has no valid EAN.');
    await expect(card.getByTestId('recent-imports')).toContainText('keepa-export.csv');
  });

  test('an admin sees the fee rules in force, today and on a chosen day', async ({ page }) => {
    await loginAsAdmin(page, { open: '/settings' });
    const card = page.getByTestId('fee-rules-card');
    const referral = card.getByTestId('fee-rules-referral');
    await expect(referral.getByRole('columnheader')).toHaveText(['Market', 'Category', 'Up to threshold', 'Above', 'Threshold', 'Minimum', 'From', 'Source']);
    await expect(referral.getByRole('row').filter({ hasText: /^DEBeauty \/ Health & Personal Care \(default\)/ })).toContainText('8 %15 %€10.00€0.30');
    await expect(card.getByTestId('fee-rules-dsf').getByRole('columnheader')).toHaveText([
      'Seller established in',
      'Store',
      'On referral',
      'On FBA',
      'From',
      'Source',
    ]);
    const vat = card.getByTestId('fee-rules-vat');
    // Before 1 Aug 2024 Amazon did not charge local VAT on its fees to sellers established in Germany.
    await card.getByLabel('Rules in force on').fill('2024-07-31');
    await expect(card.getByText('Showing 2024-07-31')).toBeVisible();
    await expect(vat.getByRole('row').filter({ hasText: /^DE19 %/ })).toContainText('reverse charge');
    await card.getByLabel('Rules in force on').fill('2024-08-01');
    await expect(card.getByText('Showing 2024-08-01')).toBeVisible();
    await expect(vat.getByRole('row').filter({ hasText: /^DE19 %/ })).toContainText('charged and reclaimed');
  });

  test('an export without a Locale column needs a market', async ({ page }) => {
    await loginAsAdmin(page, { open: '/settings' });
    const card = page.getByTestId('market-data-source-card');
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'finder.csv', mimeType: 'text/csv', buffer: Buffer.from('ASIN,Product Codes: EAN\nB0E2EIMP03,6291041500213\n') });
    await card.getByRole('button', { name: 'Import' }).click();
    await expect(card.getByRole('alert')).toHaveText('The file has no Locale column: choose the market of the export.');
    await card.getByLabel('Market').click();
    await page.getByRole('option', { name: 'Italy (EUR)' }).click();
    await card.getByRole('button', { name: 'Import' }).click();
    await expect(card.getByRole('status')).toContainText('1 listings for 1 EANs imported from finder.csv');
  });

  test('an XLSX export is imported like a CSV, and an old .xls is refused before the upload', async ({ page }) => {
    await loginAsAdmin(page, { open: '/settings' });
    const card = page.getByTestId('market-data-source-card');
    const file = card.locator('input[type=file]');
    await file.setInputFiles({ name: 'keepa-export.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
    await expect(card.getByText('This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Import' })).toBeDisabled();

    // Keepa's Excel export: EANs and prices as number cells.
    const book = buildXlsx([
      {
        name: 'Keepa',
        rows: [
          ['Locale', 'Title', 'ASIN', 'Brand', 'Buy Box 🚚: Current', 'Sales Rank: Current', 'Product Codes: EAN'],
          ['de', 'Hand Cream, 75 ml', 'B0E2EIMPX1', 'Alpha', 12.99, 2310, 4006381333931],
        ],
      },
    ]);
    await file.setInputFiles({
      name: 'keepa-export.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(book),
    });
    await card.getByRole('button', { name: 'Import' }).click();
    await expect(card.getByRole('status')).toContainText('1 listings for 1 EANs imported from keepa-export.xlsx');
  });

  test('other users do not see the card', async ({ page }) => {
    await signInNewUser(page, { open: '/settings' });
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByTestId('market-data-source-card')).toHaveCount(0);
  });
});
