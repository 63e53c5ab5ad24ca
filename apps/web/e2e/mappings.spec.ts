import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { loginAsAdmin, signInNewUser } from './helpers.ts';

/** EAN-ASIN Mappings (admin): SPEC §2, §5, §7, §8. */
test.describe('EAN-ASIN mappings', () => {
  test('an admin adds, edits and deletes a mapping; validation and errors are shown', async ({ page }) => {
    await loginAsAdmin(page, { open: '/ean-asin-mapping' });
    await expect(page.getByRole('heading', { name: 'EAN-ASIN Mappings' })).toBeVisible();
    await expect(page.getByText('No EAN-ASIN mappings found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();

    // Add: empty form shows the required messages
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add EAN-ASIN Mapping' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('EAN is required')).toBeVisible();
    await expect(dialog.getByText('ASIN is required')).toBeVisible();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Brand is required')).toBeVisible();

    // A wrong check digit is refused by the server with its reason
    await dialog.getByLabel('EAN').fill('4006381333932');
    await dialog.getByLabel('ASIN').fill('b08n5wrwnw');
    await dialog.getByLabel('Name').fill('Face Cream 50 ml');
    await dialog.getByLabel('Brand').fill('Alpha');
    await dialog.getByLabel('Number of packs').fill('3');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The EAN 4006381333932 has a wrong check digit (the last digit should be 1).');

    await dialog.getByLabel('EAN').fill('4006381333931');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const table = page.getByTestId('mappings-table');
    const row = table.getByRole('row', { name: /4006381333931/ });
    await expect(row).toContainText('B08N5WRWNW');
    await expect(row).toContainText('Face Cream 50 ml');
    await expect(row).toContainText('Alpha');
    await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();

    // Edit: the dialog says Update and keeps the values
    await row.getByRole('button', { name: 'Edit mapping 4006381333931' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit EAN-ASIN Mapping' });
    await expect(edit.getByLabel('Name')).toHaveValue('Face Cream 50 ml');
    await edit.getByLabel('Name').fill('Face Cream 50 ml, 6-pack');
    await edit.getByLabel('Number of packs').fill('6');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Face Cream 50 ml, 6-pack');
    await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();

    // Refresh reloads from the server
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('6-pack');

    // Export downloads every mapping as CSV
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('ean-asin-mappings.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toMatch(/^ean,asin,name,brand,numberOfPacks,createdAt\r\n/);
    expect(csv).toContain('4006381333931,B08N5WRWNW,"Face Cream 50 ml, 6-pack",Alpha,6,');

    // Delete: cancelling the native confirm keeps the row, accepting removes it
    let question = '';
    page.once('dialog', (d) => {
      question = d.message();
      void d.dismiss();
    });
    await row.getByRole('button', { name: 'Delete mapping 4006381333931' }).click();
    expect(question).toBe('Are you sure you want to delete this EAN-ASIN mapping?');
    await expect(row).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'Delete mapping 4006381333931' }).click();
    await expect(page.getByText('No EAN-ASIN mappings found')).toBeVisible();
  });

  test('a duplicate EAN shows the server message; a failed delete shows the fallback', async ({ page }) => {
    await loginAsAdmin(page, { open: '/ean-asin-mapping' });
    for (let i = 0; i < 2; i += 1) {
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add EAN-ASIN Mapping' });
      await dialog.getByLabel('EAN').fill('036000291452');
      await dialog.getByLabel('ASIN').fill('B000000001');
      await dialog.getByLabel('Name').fill('Shampoo');
      await dialog.getByLabel('Brand').fill('Beta');
      await dialog.getByRole('button', { name: 'Create' }).click();
      if (i === 0) await expect(dialog).toBeHidden();
      else {
        await expect(dialog.getByRole('alert')).toHaveText('A mapping for EAN 0036000291452 already exists. Edit it instead.');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }
    await page.route('**/api/ean-asin-mapping/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete mapping 0036000291452' }).click();
    await expect(page.getByText('Failed to delete EAN-ASIN mapping')).toBeVisible();
    await page.unroute('**/api/ean-asin-mapping/*');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete mapping 0036000291452' }).click();
    await expect(page.getByText('No EAN-ASIN mappings found')).toBeVisible();
  });

  test('a failed list load shows the fallback message', async ({ page }) => {
    await loginAsAdmin(page);
    await page.route('**/api/ean-asin-mapping?**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/ean-asin-mapping');
    await expect(page.getByText('Failed to fetch EAN-ASIN mappings')).toBeVisible();
  });

  test('a failed save without a server sentence shows the fallback', async ({ page }) => {
    await loginAsAdmin(page);
    await page.route('**/api/ean-asin-mapping', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue()));
    await page.goto('/ean-asin-mapping');
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add EAN-ASIN Mapping' });
    await dialog.getByLabel('EAN').fill('4006381333931');
    await dialog.getByLabel('ASIN').fill('B08N5WRWNW');
    await dialog.getByLabel('Name').fill('Face Cream 50 ml');
    await dialog.getByLabel('Brand').fill('Alpha');
    await dialog.getByLabel('Number of packs').fill('2');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to save EAN-ASIN mapping');
  });

  test('a non-admin is sent to the dashboard', async ({ page }) => {
    await signInNewUser(page, { open: '/ean-asin-mapping' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
