import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInNewUser } from './helpers.ts';
import { signInWithTier } from './price-drops.helpers.ts';
import { scanDemoSupplierList } from './supplier-scan.helpers.ts';

/**
 * The buy list in the browser (docs/buy-list.md): a GROWTH user scans a supplier file, adds two deals with quantities,
 * sees the supplier group and the minimum-order-value warning, changes a quantity (kept after a reload) and downloads
 * the supplier's purchase order; a FREE user sees the upgrade prompt.
 */
test('FREE: the buy list shows the upgrade prompt', async ({ page }) => {
  await signInNewUser(page, { country: 'DE', open: '/buy-list' });
  await expect(page.getByTestId('buy-list-upgrade-prompt')).toContainText('The buy list is available on the Growth and Pro plans');
  await expect(page.getByTestId('buy-list-upgrade-prompt').getByRole('button', { name: 'Upgrade Now' })).toBeVisible();
});

test('GROWTH: add two deals from a scan, see the supplier group and the MOV warning, change a quantity, download the order', async ({ page }) => {
  test.setTimeout(150_000);
  const supplier = `acme-${Date.now()}.csv`;
  await signInWithTier(page, 'GROWTH', 'DE', '/supplier-level-analyzer');
  await scanDemoSupplierList(page, 16, supplier);
  const cards = page.getByTestId('deal-card');
  await expect(cards.nth(1)).toBeVisible({ timeout: 15_000 });

  // First deal at the suggested quantity, second at 5.
  const first = cards.nth(0);
  const firstEan = await first.getAttribute('data-ean');
  await first.getByTestId('add-to-buy-list').click();
  const form = page.getByTestId('add-to-buy-list-form');
  await expect(form.getByTestId('buy-list-suggestion')).toContainText('Suggested:');
  const suggested = Number(await form.getByLabel('Quantity (units)').inputValue());
  expect(suggested).toBeGreaterThanOrEqual(1);
  await form.getByTestId('buy-list-add').click();
  await expect(page.getByText('Added to the buy list').first()).toBeVisible();
  await expect(form).toBeHidden();

  const second = cards.nth(1);
  const secondEan = await second.getAttribute('data-ean');
  await second.getByTestId('add-to-buy-list').click();
  await form.getByLabel('Quantity (units)').fill('5');
  await form.getByTestId('buy-list-add').click();
  await expect(form).toBeHidden();

  // The Buy List from the sidebar: one supplier with both lines.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Buy List' }).click();
  await expect(page).toHaveURL(/\/buy-list$/);
  const group = page.locator(`[data-testid=buy-list-supplier][data-supplier="${supplier}"]`);
  await expect(group.getByTestId('buy-list-supplier-name')).toHaveText(supplier);
  await expect(group.getByTestId('buy-list-line')).toHaveCount(2);
  await expect(group.getByTestId('buy-list-units')).toHaveText(String(suggested + 5));

  // A minimum order value the order does not reach: the warning; one it reaches: the badge.
  await group.getByTestId('buy-list-mov-input').fill('100000');
  await group.getByTestId('buy-list-mov-save').click();
  await expect(group.getByTestId('buy-list-mov-warning')).toContainText('Below the minimum order value of €100,000.00');

  // Change the second line's quantity to 12; it stays after a reload.
  const line = group.locator(`[data-testid=buy-list-line][data-ean="${secondEan}"]`);
  await line.getByTestId('buy-list-line-quantity').fill('12');
  await line.getByTestId('buy-list-line-quantity').press('Enter');
  await expect(group.getByTestId('buy-list-units')).toHaveText(String(suggested + 12));
  await page.reload();
  await expect(group.getByTestId('buy-list-units')).toHaveText(String(suggested + 12), { timeout: 15_000 });
  await expect(group.locator(`[data-testid=buy-list-line][data-ean="${secondEan}"]`).getByTestId('buy-list-line-quantity')).toHaveValue('12');
  await expect(group.getByTestId('buy-list-mov-warning')).toBeVisible();

  // The purchase order: a German user's button gives the CSV for Excel (semicolons, decimal commas, the EAN as ="…"
  // text), UTF-8 with a BOM; both lines, numbers as numbers, the MOV.
  const header =
    'EAN,Product name,ASIN,Quantity,Unit price (EUR excl. VAT),Line total (EUR excl. VAT),Order total (EUR excl. VAT),Supplier MOV (EUR excl. VAT)';
  await expect(group.getByTestId('buy-list-download-order')).toHaveText('Purchase order (CSV for Excel)');
  const excelEvent = page.waitForEvent('download');
  await group.getByTestId('buy-list-download-order').click();
  const excel = await excelEvent;
  expect(excel.suggestedFilename()).toMatch(/^purchase_order_acme-\d+_\d{4}-\d{2}-\d{2}_excel\.csv$/);
  const excelBytes = fs.readFileSync((await excel.path())!);
  expect([...excelBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [excelHeader, ...excelRows] = excelBytes.toString('utf8').slice(1).trim().split(/\r?\n/);
  expect(excelHeader).toBe(header.replaceAll(',', ';'));
  const excelByEan = new Map(excelRows.map((r) => [r.split(';')[0]!.replace(/^="(\d+)"$/, '$1'), r.split(';')]));
  expect(excelByEan.get(secondEan!)!.at(-5)).toBe('12');
  for (const row of excelByEan.values()) {
    expect(row.at(-1)).toBe('100000');
    for (const cell of row.slice(-5)) expect(cell).toMatch(/^\d+(,\d+)?$/);
  }

  // The plain CSV from the menu: commas and decimal points.
  await group.getByTestId('buy-list-order-formats').click();
  const downloadEvent = page.waitForEvent('download');
  await page.getByTestId('buy-list-order-csv').click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/^purchase_order_acme-\d+_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [plainHeader, ...rows] = text.trim().split(/\r?\n/);
  expect(plainHeader).toBe(header);
  expect(rows).toHaveLength(2);
  const byEan = new Map(rows.map((r) => [r.split(',')[0]!, r.split(',')]));
  expect(byEan.get(secondEan!)!.at(-5)).toBe('12');
  expect(byEan.get(firstEan!)!.at(-5)).toBe(String(suggested));
  for (const row of byEan.values()) expect(row.at(-1)).toBe('100000');
  // The same figures in both files.
  for (const [ean, row] of byEan)
    expect(
      excelByEan
        .get(ean)!
        .slice(-5)
        .map((c) => Number(c.replace(',', '.'))),
    ).toEqual(row.slice(-5).map(Number));

  // And as XLSX.
  const xlsxEvent = page.waitForEvent('download');
  await group.getByTestId('buy-list-download-order-xlsx').click();
  const xlsx = await xlsxEvent;
  expect(xlsx.suggestedFilename()).toMatch(/^purchase_order_acme-\d+_\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(
    fs
      .readFileSync((await xlsx.path())!)
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  // Met once the MOV is low enough.
  await group.getByTestId('buy-list-mov-input').fill('1');
  await group.getByTestId('buy-list-mov-save').click();
  await expect(group.getByTestId('buy-list-mov-met')).toBeVisible();
  await expect(group.getByTestId('buy-list-mov-warning')).toHaveCount(0);
});
