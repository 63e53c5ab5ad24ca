import { expect, test, type Page } from '@playwright/test';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../../server/src/modules/market-data/providers/demo/demo-retail.ts';
import { signInNewUser } from './helpers.ts';

/**
 * A reseller marks a wrong EAN → ASIN match on a deal; it leaves the list at once, the next scan matches the
 * EAN's other listing, and the rule is listed under Settings → Match rules, where it can be undone.
 */

/** A demo EAN with two DE listings, both with a buy box and a rank: [EAN, brand, best-ranked ASIN, other ASIN]. */
function twoListingProduct(): { ean: string; brand: string; best: string; other: string } {
  const at = new Date();
  for (const v of demoCatalogue().variants) {
    const listings = demoListings(v.gtin, 'DE', at);
    if (listings.length !== 2 || !listings.every((l) => l.buyBoxPrice !== null && l.mainCategoryRank !== null)) continue;
    const [a, b] = listings as [(typeof listings)[number], (typeof listings)[number]];
    if (a.mainCategoryRank === b.mainCategoryRank) continue;
    const [best, other] = a.mainCategoryRank! < b.mainCategoryRank! ? [a, b] : [b, a];
    return { ean: v.gtin, brand: v.brand, best: best.asin, other: other.asin };
  }
  throw new Error('no demo product with two listings');
}

async function scanManually(page: Page, ean: string, brand: string) {
  await page.getByText('Manual entry').click();
  await page.getByLabel('EAN 1').fill(ean);
  await page.getByLabel('Brand 1').fill(brand);
  await page.getByLabel('Price 1').fill('0.50');
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
}

test('mark a wrong match on a deal: gone at once, the next scan uses the other listing, the rule is listed and can be undone', async ({ page }) => {
  test.setTimeout(120_000);
  const product = twoListingProduct();
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  await scanManually(page, product.ean, product.brand);

  const card = page.locator(`[data-testid="deal-card"][data-ean="${product.ean}"]`);
  await expect(card).toContainText(`ASIN ${product.best}`, { timeout: 30_000 });
  // The EAN's other listing is offered with its pack count and rank.
  await card.getByTestId('match-alternatives').click();
  const alternatives = page.getByTestId('match-alternatives-table');
  await expect(alternatives.locator(`tr[data-asin="${product.other}"]`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(alternatives).toBeHidden();

  await card.getByTestId('match-wrong').click();
  await page.getByTestId('confirm-wrong-match').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Match rule saved' })).toBeVisible();
  await expect(card).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('No deals found.')).toBeVisible();

  // The next scan matches the EAN to its other listing.
  await scanManually(page, product.ean, product.brand);
  await expect(card).toContainText(`ASIN ${product.other}`, { timeout: 30_000 });
  await expect(page.getByText(`ASIN ${product.best}`)).toHaveCount(0);

  // Settings → Match rules lists the rule; Undo removes it.
  await page.goto('/settings');
  const row = page.getByTestId('match-rule-row').filter({ hasText: product.ean });
  await expect(row).toContainText(product.best);
  await expect(row).toContainText('Wrong match');
  await row.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('match-rules-empty')).toBeVisible();
});

test('warnings and 90-day stability on a deal: badges with a one-line reason, and "Hide warnings" leaves the deal out', async ({ page }) => {
  test.setTimeout(120_000);
  const product = twoListingProduct();
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  // €0.50 for a product Amazon sells for tens of euros: an absurd ROI, and the EAN has two listings.
  await scanManually(page, product.ean, product.brand);
  const card = page.locator(`[data-testid="deal-card"][data-ean="${product.ean}"]`);
  const highRoi = card.locator('[data-testid="deal-warning"][data-code="high_roi"]');
  await expect(highRoi).toHaveText('ROI above 200 %', { timeout: 30_000 });
  await expect(highRoi).toHaveAttribute('aria-label', /likely a wrong match/);
  await expect(card.locator('[data-testid="deal-warning"][data-code="several_asins"]')).toHaveAttribute('aria-label', /2 Amazon listings carry this EAN/);
  // 90-day stability: at €0.50 every day with a buy box was profitable.
  await expect(card.getByTestId('deal-stability-share')).toHaveText(/^Profitable \d+ % of the last 90 days$/);
  await expect(card.getByTestId('deal-stability')).toContainText('90-day avg €');
  await highRoi.hover();
  await expect(page.getByRole('tooltip')).toContainText('is above 200 %: likely a wrong match');

  const filter = page.getByTestId('deal-filter-hide-warnings');
  await filter.click();
  await page.getByRole('option', { name: 'ROI above 200 %' }).click();
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('No deals found.')).toBeVisible();
});
