import { expect, test } from '@playwright/test';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { signInNewUser } from './helpers.ts';
import { signInWithTier } from './price-drops.helpers.ts';

/**
 * "All markets" in the Supplier Level Analyzer (docs/trusted-deals.md "Best market across all markets"):
 * offered on plans with multi-market analysis only; the token estimate counts the seven markets; each deal shows its
 * best market and the runner-up in the region's currency. Own users only: the isolated project.
 */

/** Demo products far below Amazon's price, so most are deals in several markets. */
function dealRows(count: number) {
  const { variants } = demoCatalogue();
  return variants
    .filter((v) => v.basePrice >= 1500)
    .slice(0, count)
    .map((v) => `${v.gtin};${v.brand};${((v.basePrice * 0.4) / 100).toFixed(2).replace('.', ',')}`);
}

test('a FREE plan is not offered All markets', async ({ page }) => {
  await signInNewUser(page, { open: '/supplier-level-analyzer' });
  await page.getByTestId('supplier-market-select').click();
  await expect(page.getByRole('option', { name: 'CA · Canada' })).toBeVisible();
  await expect(page.getByRole('option', { name: /All markets/ })).toHaveCount(0);
});

test('a Growth user in the UK scans a list in all markets and sees the best market and the runner-up of each deal', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithTier(page, 'GROWTH', 'UK', '/supplier-level-analyzer');

  await page.getByTestId('supplier-market-select').click();
  await page.getByRole('option', { name: 'All markets (best of 7)' }).click();
  await expect(page.getByTestId('all-markets-note')).toContainText('compared in your region');

  const rows = dealRows(30);
  const csv = Buffer.from(['EAN;Brand;Price', ...rows].join('\r\n') + '\r\n', 'utf8');
  await page.getByTestId('supplier-dropzone').locator('input[type=file]').setInputFiles({ name: 'all-markets.csv', mimeType: 'text/csv', buffer: csv });
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  // Keepa charges per market: the estimate counts 30 EANs × 7 markets.
  await expect(dialog.getByTestId('keepa-token-estimate')).toContainText(
    /for 7 markets \([\d,]+ of 210 EAN look-ups — 30 EANs × 7 markets — are not in the shared cache\)/,
  );
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 90_000 });
  // The server ran it as an all-markets scan (its status says so).
  await expect(panel.getByTestId('scan-all-markets')).toBeVisible();

  const cards = page.getByTestId('deal-card');
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  const count = await cards.count();
  expect(count).toBeGreaterThan(5);
  let runnersUp = 0;
  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    // The best market is the deal's own market; profits compared in pounds (the UK region's currency).
    const market = (
      await card
        .locator('.mantine-Badge-root', { hasText: /^(DE|UK|FR|IT|ES|US|CA)$/ })
        .first()
        .innerText()
    ).trim();
    // One comparison currency per card, named, each pound figure with its euro amount, the rate and its day;
    // the best market's euro amount is the card's own profit.
    await expect(card.getByTestId('deal-comparison-currency')).toHaveText("Markets compared in GBP, your region's currency, each with the list's EUR");
    const money = '-?£[\\d,]+\\.\\d{2} · -?€[\\d,]+\\.\\d{2} at \\d\\.\\d{4} on \\d{1,2} [A-Z][a-z]{2}';
    await expect(card.getByTestId('deal-best-market')).toHaveText(new RegExp(`^Best market: ${market} · profit ${money} · ROI [\\d.]+%$`));
    const euro = /· (-?€[\d,]+\.\d{2}) at/.exec(await card.getByTestId('deal-best-market').innerText())![1];
    await expect(card.getByTestId('deal-profit')).toHaveText(`${euro} profit`);
    const runnerUp = (await card.getByTestId('deal-runner-up').innerText()).trim();
    if (runnerUp === 'Runner-up: none (a deal in this market only)') continue;
    expect(runnerUp).toMatch(new RegExp(`^Runner-up: (DE|UK|FR|IT|ES|US|CA) · profit ${money} · ROI [\\d.]+%$`));
    expect(runnerUp).not.toContain(`Runner-up: ${market} `);
    // The runner-up earns no more than the best market.
    const pounds = (text: string) => Number(/£([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, ''));
    expect(pounds(runnerUp)).toBeLessThanOrEqual(pounds(await card.getByTestId('deal-best-market').innerText()));
    runnersUp += 1;
  }
  expect(runnersUp).toBeGreaterThan(0);
});
