import { expect, test } from '@playwright/test';
import { refreshPricesNow, signInWithTier } from './price-drops.helpers.ts';

/**
 * The buy list's Qogita side in the browser (docs/buy-list.md "Qogita price drops"): a GROWTH user adds a price drop,
 * the buy list shows the Qogita seller's group with the offer's minimum order value (not editable) and the warning
 * below it. The test servers run on demo wholesale data (no Qogita account), so "Send to Qogita watchlist" is disabled
 * with its reason; the send itself is covered against the Qogita look-alike in apps/server/test/buy-list/buy-list-qogita.api.test.ts.
 */
test('GROWTH: add a price drop, see the Qogita group with the offer MOV and its warning; the watchlist needs a Qogita account', async ({ page }) => {
  test.setTimeout(180_000);
  await refreshPricesNow(page.request);
  // The drops with the most stock first: the demo seller of the first one has stock.
  await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts?sort=stock:desc');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  const row = page.getByTestId('price-drop-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const ean = (await row.getByTestId('drop-ean').textContent())!.trim();

  await row.getByTestId('drop-add-to-buy-list').click();
  const form = page.getByTestId('drop-add-to-buy-list-form');
  await form.getByTestId('drop-buy-list-quantity').fill('2');
  await form.getByTestId('drop-buy-list-add').click();
  await expect(page.getByText('Added to the buy list').first()).toBeVisible();
  await expect(form).toBeHidden();

  await page.goto('/buy-list');
  const group = page.getByTestId('buy-list-supplier').filter({ has: page.getByTestId('buy-list-line').and(page.locator(`[data-ean="${ean}"]`)) });
  await expect(group).toBeVisible();
  await expect(group.getByTestId('buy-list-supplier-name')).toHaveText(/^Qogita · QS[A-Z0-9]+$/);
  await expect(group.getByTestId('buy-list-line-quantity')).toHaveValue('2');
  // The offer's MOV (the demo sellers ask €100–€1,000), shown and not editable; 2 units stay below it.
  await expect(group.getByTestId('buy-list-qogita-mov')).toContainText(/Minimum order value \(from the Qogita offer\): €[\d,]+\.00/);
  await expect(group.getByTestId('buy-list-mov-input')).toHaveCount(0);
  await expect(group.getByTestId('buy-list-mov-warning')).toContainText('Below the minimum order value');
  // Demo wholesale data: the send is disabled and says why.
  await expect(group.getByTestId('buy-list-send-watchlist')).toBeDisabled();
  await expect(group.getByTestId('buy-list-watchlist-reason')).toHaveText(
    'Sending to the Qogita watchlist needs a Qogita account on this installation (QOGITA_EMAIL and QOGITA_PASSWORD); it runs on demo wholesale data.',
  );
  // The line survives a reload.
  await page.reload();
  await expect(page.getByTestId('buy-list-line').and(page.locator(`[data-ean="${ean}"]`))).toBeVisible();
});
