import { expect, test } from '@playwright/test';
import { apiLogin } from './helpers.ts';
import { signInWithTier } from './price-drops.helpers.ts';

/**
 * A brand favorite on the buy list in the browser (docs/buy-list.md "Brand favorites"): after a brand scan on demo
 * data, "Add to buy list" on a favorite card shows the suggestion, adds the favorite, and the Buy List page shows it in
 * the group of its Qogita offer's seller with that seller's minimum order value.
 */
test('add a brand favorite to the buy list: it lands in its Qogita seller group', async ({ page }) => {
  test.setTimeout(240_000);
  const credentials = await signInWithTier(page, 'GROWTH', 'DE', '/brand-level-analyzer');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const headers = { Authorization: `Bearer ${await apiLogin(page.request, credentials.username, credentials.password)}` };
  const brands = (await (await page.request.get('/api/brand-analyzer/brands', { headers })).json()) as string[];
  const query = new URLSearchParams();
  brands.slice(0, 2).forEach((b) => query.append('brands', b));
  query.append('markets', 'DE');
  const started = await page.request.post(`/api/brand-analyzer/scan?${query}`, { headers });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { scanId } = (await started.json()) as { scanId: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/brand-analyzer/scan/${scanId}`, { headers })).json()) as { status: string }).status, {
      timeout: 120_000,
    })
    .toBe('COMPLETED');

  await page.reload();
  const card = page.getByTestId('favorite-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  const ean = (await card.getAttribute('data-ean'))!;
  await card.getByTestId('favorite-add-to-buy-list').click();
  const form = page.getByTestId('favorite-add-to-buy-list-form');
  await expect(form.getByTestId('buy-list-suggestion')).toContainText('Suggested:');
  await form.getByTestId('buy-list-quantity').fill('2');
  await form.getByTestId('buy-list-add').click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Added to the buy list')).toBeVisible();

  await page.getByTestId('sidebar').getByRole('link', { name: 'Buy List' }).click();
  const line = page.locator(`[data-testid=buy-list-line][data-ean="${ean}"]`);
  await expect(line).toBeVisible({ timeout: 15_000 });
  const group = page.locator('[data-testid=buy-list-supplier]').filter({ has: line });
  await expect(group.getByTestId('buy-list-supplier-name')).toHaveText(/^Qogita · /);
  await expect(group.getByTestId('buy-list-units')).toHaveText('2');
  await expect(group.getByTestId('buy-list-qogita-mov')).toBeVisible();
});
