import { expect, test } from '@playwright/test';
import type { BuyList } from '@dealradar/shared/contracts/buy-list';
import { apiLogin } from './helpers.ts';
import { refreshPricesNow, shot, signInWithTier } from './price-drops.helpers.ts';
import { startE2eQogita, type E2eQogita } from './qogita.helpers.ts';

/**
 * The buy list's Qogita side in the browser (docs/buy-list.md "Qogita price drops"): a GROWTH user adds a price drop,
 * the buy list shows the Qogita seller's group with the offer's minimum order value (not editable) and the warning
 * below it, and "Send to Qogita watchlist" really sends: the test servers run on demo deal data with a Qogita buyer
 * account (QOGITA_EMAIL/PASSWORD, playwright.config.ts) whose API is the Qogita look-alike this spec starts. The
 * look-alike must receive the line's GTIN, our maximum buy price as target price and the quantity; a refused call shows
 * Qogita's sentence.
 */
let qogita: E2eQogita;
test.beforeAll(async () => {
  qogita = await startE2eQogita();
});
test.afterAll(async () => {
  await qogita?.close();
});

test('GROWTH: add a price drop, see the Qogita group with the offer MOV and its warning, send it to the Qogita watchlist', async ({ page }) => {
  test.setTimeout(180_000);
  await refreshPricesNow(page.request);
  // The drops with the most stock first: the demo seller of the first one has stock.
  const credentials = await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts?sort=stock:desc');
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
  // The line survives a reload.
  await page.reload();
  await expect(page.getByTestId('buy-list-line').and(page.locator(`[data-ean="${ean}"]`))).toBeVisible();

  // The target by hand: the maximum buy price at the user's minimum ROI, rounded down to the cent.
  const headers = { Authorization: `Bearer ${await apiLogin(page.request, credentials.username, credentials.password)}` };
  const list = (await (await page.request.get('/api/buy-list', { headers })).json()) as BuyList;
  const line = list.suppliers.flatMap((s) => s.lines).find((l) => l.ean === ean)!;
  const { minRoiThreshold } = (await (await page.request.get('/api/user/settings', { headers })).json()) as { minRoiThreshold: number };
  expect(line.roiPercentage).not.toBeNull();
  const target = Math.floor(((line.unitPrice * (1 + line.roiPercentage! / 100)) / (1 + minRoiThreshold)) * 100 + 1e-7) / 100;

  // The installation has a Qogita buyer account: the send is enabled and reaches the look-alike's watchlist.
  const send = group.getByTestId('buy-list-send-watchlist');
  await expect(send).toBeEnabled();
  await expect(group.getByTestId('buy-list-watchlist-reason')).toHaveCount(0);
  await send.click();
  await expect(group.getByTestId('buy-list-watchlist-summary')).toHaveText('Sent to your Qogita watchlist: 1 added.');
  await expect(group.getByTestId('buy-list-watchlist-result')).toHaveAttribute('data-outcome', 'created');
  await expect(group.getByTestId('buy-list-line-watchlist')).toContainText(`On the Qogita watchlist: target €${target.toFixed(2)} × 2`);
  expect(qogita.watchlistWrites()).toEqual([
    { method: 'POST', path: '/watchlist/items/', body: { gtin: ean, targetPrice: target.toFixed(2), targetPriceCurrency: 'EUR', targetQuantity: 2 } },
  ]);
  expect(qogita.requests.filter((r) => r.path.startsWith('/watchlist/')).every((r) => r.headers.authorization === 'Bearer qogita-token')).toBe(true);

  // Qogita refuses the next change: the sentence shows, and the line keeps what the watchlist accepted.
  const quantity = group.getByTestId('buy-list-line-quantity');
  await quantity.fill('3');
  await quantity.press('Enter');
  await expect(group.getByTestId('buy-list-units')).toHaveText('3');
  qogita.refuse.add(ean);
  await send.click();
  await expect(group.getByTestId('buy-list-watchlist-summary')).toHaveText('Nothing was put on your Qogita watchlist: 1 refused by Qogita.');
  await expect(group.getByTestId('buy-list-watchlist-result')).toHaveAttribute('data-outcome', 'refused');
  await expect(group.getByTestId('buy-list-watchlist-result')).toContainText(
    'Qogita refused it: targetPrice: Ensure this value is greater than or equal to 0.01.',
  );
  await expect(group.getByTestId('buy-list-line-watchlist')).toContainText(`target €${target.toFixed(2)} × 2`);
  expect(qogita.watchlist.get(ean)).toMatchObject({ targetPrice: target.toFixed(2), targetQuantity: 2 });
  await shot(page, 'buy-list-qogita-watchlist');
});
