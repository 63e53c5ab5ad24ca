import { expect, test } from '@playwright/test';
import { refreshPricesNow, shot, signInWithTier } from './price-drops.helpers.ts';

/** Price Alerts: rules banner, legend, statistics with a ticking countdown, filters, sorting and the table. */

test('a PRO user filters and sorts live price drops and watches the countdown', async ({ page }) => {
  test.setTimeout(180_000);
  await refreshPricesNow(page.request);
  await signInWithTier(page, 'PRO', 'UK');
  await page.goto('/qogita-price-alerts');
  await expect(page.getByTestId('example-data-banner')).toHaveCount(0);
  await expect(page.getByTestId('price-alerts-info')).toContainText('Price drops expire after 24 hours');
  await expect(page.getByTestId('price-alerts-info')).toContainText('removed if the price rises again');
  await expect(page.getByTestId('price-alerts-info')).toContainText('updated if a better discount is found');
  await expect(page.getByTestId('price-alerts-info')).toContainText('hourly 6 AM-10 PM, every 3 hours overnight, every 6 hours on weekends');
  await expect(page.getByTestId('drop-category-legend')).toContainText('Huge 75%+');

  const rows = page.getByTestId('price-drop-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('£');
  const total = Number((await page.getByTestId('price-drops-total').innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  await expect(page.getByTestId('stat-total-drops')).toContainText(total.toLocaleString('en-US'));

  // The countdown ticks every second.
  const countdown = page.getByTestId('stat-countdown');
  await expect(countdown).toContainText(/\d\d:\d\d:\d\d/);
  const first = await countdown.innerText();
  await expect.poll(() => countdown.innerText(), { timeout: 5000 }).not.toBe(first);

  // Sort by drop percentage, biggest first.
  await page.getByRole('button', { name: 'Drop' }).click();
  const drops = async () =>
    (await rows.locator('td:nth-child(7)').allInnerTexts()).map((t) => Number(t.replace(/[^\d.]/g, '')));
  await expect.poll(async () => { const d = await drops(); return d.length > 1 && d[0]! >= d[1]!; }).toBe(true);

  // Filter by category: every row carries that category.
  await page.getByRole('combobox', { name: 'Drop category' }).click();
  await page.getByRole('option', { name: 'Small' }).click();
  await expect.poll(async () => new Set(await rows.getByTestId('drop-category-badge').allTextContents())).toEqual(new Set(['Small']));
  const smallTotal = Number((await page.getByTestId('price-drops-total').innerText()).replace(/\D/g, ''));
  expect(smallTotal).toBeLessThan(total);
  await shot(page, 'price-alerts-pro');

  // Search narrows to a brand.
  const brand = (await rows.first().locator('td:nth-child(2)').innerText()).trim();
  await page.getByRole('textbox', { name: 'Search' }).fill(brand);
  await expect.poll(async () => new Set(await rows.locator('td:nth-child(2)').allInnerTexts())).toEqual(new Set([brand]));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('price-drops-total')).toContainText(total.toLocaleString('en-US'));
});
