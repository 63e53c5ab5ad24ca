import { expect, test } from '@playwright/test';
import { refreshPricesNow, signInWithTier } from './price-drops.helpers.ts';

/**
 * The sales estimate on price drops in the browser (docs/sales-estimate.md "Price drops"): after a refresh on demo
 * data, the drops sorted by monthly profit show the estimate with its basis and the monthly profit on the row, the
 * profit basis shows the same basis in its "Sales estimate" section, and the "Monthly profit ≥" and "Your units/month ≥"
 * filters leave out the drops below them (kept in the address).
 */
const BASIS = /^Sales (≥ [\d,]+ bought last month|≈ [\d,]+ from (30|90)-day rank drops|(≈ [\d,]+|< 1) from rank)$/;
const euros = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('drops: the estimate on the row and in the profit basis, the sort by monthly profit and both filters', async ({ page }) => {
  test.setTimeout(180_000);
  await refreshPricesNow(page.request);
  await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts?sort=estimatedMonthlyProfit:desc');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const rows = page.getByTestId('price-drop-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });

  // Highest monthly profit first: the first row carries an estimate, its basis and a monthly profit.
  const first = rows.first();
  const estimate = first.getByTestId('sales-estimate');
  await expect(estimate).not.toHaveAttribute('data-basis', 'none');
  await expect(estimate.getByText('Estimate', { exact: true })).toBeVisible();
  const basis = (await estimate.getByTestId('sales-estimate-basis').textContent())!.trim();
  expect(basis).toMatch(BASIS);
  const profitText = (await estimate.getByTestId('sales-estimate-profit').textContent())!;
  expect(profitText).toMatch(/^≈ €[\d,]+\/month profit$/);
  const topProfit = euros(profitText);
  // The next rows' profits are not higher (the sort).
  const second = rows.nth(1).getByTestId('sales-estimate-profit');
  if ((await second.count()) > 0) expect(euros((await second.textContent())!)).toBeLessThanOrEqual(topProfit);

  // The profit basis of the same drop: its "Sales estimate" section with the same basis.
  await first.getByRole('button', { name: /Show the profit basis of/ }).click();
  const section = page.getByTestId('breakdown-sales-estimate');
  await expect(section).toBeVisible({ timeout: 15_000 });
  await expect(section.getByTestId('breakdown-sales-basis')).toHaveText(basis.replace(/^Sales /, ''));
  await expect(section.getByTestId('breakdown-monthly-profit')).toHaveText(/^≈ €[\d,]+\/month$/);
  await page.keyboard.press('Escape');

  // Monthly profit ≥ the top profit + 1: no drop reaches it; the address keeps the filter.
  const total = page.getByTestId('price-drops-total');
  const before = (await total.textContent())!;
  await page.getByTestId('drops-min-monthly-profit').fill(String(topProfit + 1));
  await expect(total).toHaveText('0 price drops', { timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`minMonthlyProfit=${topProfit + 1}`));
  await page.reload();
  await expect(page.getByTestId('drops-min-monthly-profit')).toHaveValue(String(topProfit + 1));
  await expect(page.getByTestId('price-drops-total')).toHaveText('0 price drops', { timeout: 15_000 });

  // Cleared, then units/month ≥ 1: fewer drops than all, each with a share shown.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('price-drops-total')).toHaveText(before, { timeout: 15_000 });
  await page.getByTestId('drops-min-units').fill('1');
  await expect(page).toHaveURL(/minUnits=1/, { timeout: 15_000 });
  await expect(page.getByTestId('price-drops-total')).not.toHaveText(before, { timeout: 15_000 });
  await expect(rows.first().getByTestId('sales-estimate-share')).toContainText('your share ≈');
});

test('on a phone: the drop cards show the estimate and sort by monthly profit', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await refreshPricesNow(page.request);
  await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts');
  const cards = page.getByTestId('price-drop-cards');
  await expect(cards.getByTestId('price-drop-row').first()).toBeVisible({ timeout: 30_000 });
  await cards.getByLabel('Sort by').selectOption({ label: 'Monthly profit (estimate)' });
  await expect(page).toHaveURL(/sort=estimatedMonthlyProfit%3Adesc|sort=estimatedMonthlyProfit:desc/);
  const first = cards.getByTestId('price-drop-row').first().getByTestId('sales-estimate');
  await expect(first).not.toHaveAttribute('data-basis', 'none');
  await expect(first.getByTestId('sales-estimate-profit')).toHaveText(/^≈ €[\d,]+\/month profit$/);
});
