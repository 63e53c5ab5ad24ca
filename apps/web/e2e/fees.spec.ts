import { expect, test } from '@playwright/test';
import { AMAZON_SELLER_IDS } from '@dealradar/shared/markets';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../../server/src/modules/market-data/providers/demo/demo-retail.ts';
import { signInNewUser } from './helpers.ts';

/**
 * The seller profile in Settings, then a deal screen that flags Amazon's own buy boxes,
 * hides them on request, and whose profit breakdown names the seller profile and every fee line's rule.
 */

/** Two single-listing demo products in DE with a buy box: one held by Amazon.de, one by another seller. */
function demoPair() {
  const now = new Date();
  const pick = (amazon: boolean) =>
    demoCatalogue().variants.find((v) => {
      const listings = demoListings(v.gtin, 'DE', now);
      return (
        v.basePrice >= 1500 && listings.length === 1 && listings[0]!.buyBoxPrice !== null && (listings[0]!.buyBoxSellerId === AMAZON_SELLER_IDS.DE) === amazon
      );
    })!;
  return { amazon: pick(true), other: pick(false) };
}

test('seller profile in Settings; the deal list flags and hides Amazon buy boxes; the breakdown names the profile', async ({ page }) => {
  test.setTimeout(90_000);
  await signInNewUser(page, { country: 'DE', open: '/settings' });
  const card = page.getByTestId('seller-profile');
  await expect(card.getByRole('combobox', { name: 'Country of establishment' })).toHaveValue('Germany (DE)');
  await expect(card.getByRole('switch', { name: 'VAT-registered' })).toBeChecked();
  await expect(card.getByTestId('seller-profile-default')).toBeVisible();
  await card.getByRole('combobox', { name: 'Country of establishment' }).click();
  await page.getByRole('option', { name: 'Italy (IT)' }).click();
  await card.getByRole('switch', { name: 'VAT-registered' }).uncheck();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Seller profile saved!')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('combobox', { name: 'Country of establishment' })).toHaveValue('Italy (IT)');
  await expect(card.getByRole('switch', { name: 'VAT-registered' })).not.toBeChecked();

  const { amazon, other } = demoPair();
  await page.goto('/supplier-level-analyzer');
  await page.getByText('Manual entry').click();
  for (const [i, v] of [amazon, other].entries()) {
    await page.getByLabel(`EAN ${i + 1}`).fill(v.gtin);
    await page.getByLabel(`Brand ${i + 1}`).fill(v.brand);
    await page.getByLabel(`Price ${i + 1}`).fill(((v.basePrice * 0.2) / 100).toFixed(2));
  }
  await page.getByRole('button', { name: 'Analyze entries' }).click();
  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });

  const amazonCard = page.locator(`[data-testid=deal-card][data-ean="${amazon.gtin}"]`);
  const otherCard = page.locator(`[data-testid=deal-card][data-ean="${other.gtin}"]`);
  await expect(amazonCard.getByTestId('amazon-buy-box')).toHaveText('Amazon holds the buy box');
  await expect(otherCard).toBeVisible();
  await expect(otherCard.getByTestId('amazon-buy-box')).toHaveCount(0);

  await page.getByTestId('deal-filter-hide-amazon').check();
  await expect(amazonCard).toHaveCount(0);
  await expect(otherCard).toBeVisible();

  await otherCard.getByRole('button', { name: 'Profit breakdown' }).click();
  const breakdown = page.getByTestId('profit-breakdown');
  await expect(breakdown.getByTestId('breakdown-seller')).toContainText('Seller established in Italy, not VAT-registered');
  // Italian seller, not registered: DSF on referral and FBA, VAT on fees at Italy's 22 %, with the rules named
  await expect(breakdown.getByText("VAT 22 % on Amazon's fees")).toBeVisible();
  await expect(breakdown.getByText(/Digital Services Fee 3 % on the referral fee/)).toBeVisible();
  await expect(breakdown.getByText(/referral schedule DE from 2019-06-01/)).toBeVisible();
});
