import { expect, type Page } from '@playwright/test';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { GOOD_TOKEN } from '../../server/test/sp-api/fake-sp-api.ts';

/** A supplier list of `count` demo-catalogue products (list price 40 % of the base price): most of them are deals. */
export function demoSupplierCsv(count: number): Buffer {
  const { variants } = demoCatalogue();
  const rows = variants.filter((v) => v.basePrice >= 1500).slice(0, count);
  const lines = ['EAN;Brand;Price', ...rows.map((v) => `${v.gtin};${v.brand};${((v.basePrice * 0.4) / 100).toFixed(2).replace('.', ',')}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** On the Supplier Level Analyzer: drops the list, confirms the detected mapping, waits for the scan to complete. */
export async function scanDemoSupplierList(page: Page, count: number, name = 'list.csv'): Promise<void> {
  await page
    .getByTestId('supplier-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: demoSupplierCsv(count) });
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
}

/** Connects the signed-in user's organization to the SP-API look-alike through the Settings form (self-authorized). */
export async function connectSellerInSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  const card = page.getByTestId('seller-account');
  await card.getByLabel('Refresh token').fill(GOOD_TOKEN);
  await card.getByLabel('Merchant id').fill('A1SELLER');
  await card.getByTestId('seller-account-connect').click();
  await expect(card.getByTestId('seller-account-connected')).toContainText('Merchant A1SELLER · Europe');
}
