import { expect, test } from '@playwright/test';
import { loginAsAdmin, signInNewUser } from './helpers.ts';

/**
 * A UK user's analyzers start on the UK market, and the admin's fee-rules table explains its source
 * marks and fits a phone (Details). Reads only; the admin's settings are not changed.
 */

test("a UK user's first visit starts the Supplier and Brand analyzers on the UK market; a remembered choice still wins", async ({ page }) => {
  await signInNewUser(page, { country: 'UK', open: '/supplier-level-analyzer' });
  const select = page.getByTestId('supplier-market-select');
  await expect(select).toHaveValue('UK · United Kingdom');

  await page.goto('/brand-level-analyzer');
  const config = page.getByTestId('scan-config-card');
  await expect(config.getByText('United Kingdom (GBP)')).toBeVisible();
  await expect(config.getByText('Germany (EUR)')).toHaveCount(0);

  // The user's own choice is remembered and wins over the region.
  await page.goto('/supplier-level-analyzer');
  await select.click();
  await page.getByRole('option', { name: 'FR · France' }).click();
  await page.reload();
  await expect(select).toHaveValue('FR · France');
});

test('a continental-Europe (DE) user starts on Germany', async ({ page }) => {
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await expect(page.getByTestId('supplier-market-select')).toHaveValue('DE · Germany');
});

test('Settings → Fee rules in use explains [V]/[R]/[U] and fits a 390 px phone without widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page, { open: '/settings' });
  const card = page.getByTestId('fee-rules-card');
  await expect(card.getByTestId('fee-rules-referral')).toBeVisible({ timeout: 20_000 });
  const legend = card.getByTestId('fee-rules-legend');
  await expect(legend).toContainText('[R] reported: several independent sources');
  await expect(legend).toContainText('[U] unverified');
  await expect(legend).toContainText('[V] verified');
  await card.scrollIntoViewIfNeeded();
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  // The table itself scrolls inside the card.
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
