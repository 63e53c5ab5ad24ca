import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { parseCsvRecords } from '@dealradar/shared/csv';
import { breakdownConversion, formatMoney, moneyWithListAmount, toListCurrency } from '@dealradar/shared/money';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { apiLogin, signInNewUser } from './helpers.ts';

/**
 * The money display rule (docs/money.md) on one deal of a UK user (region UK): its card, its profit
 * breakdown and the deals download say the same amounts — in the UK market the pound figures beside the list's euro
 * ones with the rate and its day, identical on card and breakdown; in the DE market the euro figures alone.
 */

test.describe.configure({ timeout: 150_000 });

/** Demo products with a supplier price far below Amazon's, so they are deals in both markets. */
function demoRows(count: number) {
  return demoCatalogue()
    .variants.filter((v) => v.basePrice >= 1500 && /^[1-9]\d{12}$/.test(v.gtin))
    .slice(0, count)
    .map((v) => ({ ean: v.gtin, brand: v.brand, price: Math.round(v.basePrice * 0.4) / 100 }));
}

async function scanAndWait(request: APIRequestContext, token: string, marketId: 'UK' | 'DE', rows: ReturnType<typeof demoRows>) {
  const headers = { Authorization: `Bearer ${token}` };
  const started = await request.post('/api/supplier-analyzer/start', { headers, data: { marketId, rows } });
  expect(started.status(), await started.text()).toBe(200);
  const { scanId } = (await started.json()) as { scanId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/supplier-analyzer/${scanId}/status`, { headers })).json()) as { status: string }).status, {
      timeout: 90_000,
    })
    .toBe('COMPLETED');
}

async function deals(request: APIRequestContext, token: string): Promise<DealProduct[]> {
  const response = await request.get('/api/supplier-analyzer/results?size=100', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: DealProduct[] }).content;
}

async function downloadCsv(page: Page): Promise<Array<Record<string, string>>> {
  const event = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download deals', exact: true }).click();
  const text = fs.readFileSync((await (await event).path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsvRecords(text, ',').filter((r) => r.length > 1);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ''])));
}

test('a UK user sees one deal with the same amounts on its card, in its breakdown and in the download, in the UK and the DE market', async ({ page }) => {
  const user = await signInNewUser(page, { open: '/supplier-level-analyzer' });
  const token = await apiLogin(page.request, user.username, user.password);
  const rows = demoRows(6);
  await scanAndWait(page.request, token, 'UK', rows);
  await scanAndWait(page.request, token, 'DE', rows);

  const all = await deals(page.request, token);
  const ean = rows.map((r) => r.ean).find((e) => all.some((d) => d.ean === e && d.market === 'UK') && all.some((d) => d.ean === e && d.market === 'DE'));
  expect(ean, 'a demo product that is a deal in both markets').toBeTruthy();
  const uk = all.find((d) => d.ean === ean && d.market === 'UK')!;
  const de = all.find((d) => d.ean === ean && d.market === 'DE')!;

  await page.reload();
  const file = await downloadCsv(page);

  // UK market: the breakdown is in pounds; the card's euro figures are those pounds at the scan's rate, to the cent.
  const conversion = breakdownConversion(uk.breakdown)!;
  expect(conversion).toMatchObject({ currency: 'GBP', listCurrency: 'EUR' });
  expect(toListCurrency(uk.breakdown.profit!, conversion)).toBe(uk.estimatedProfit);
  expect(toListCurrency(uk.breakdown.price, conversion)).toBe(uk.amazonPrice);
  const profitText = moneyWithListAmount(uk.breakdown.profit, conversion);
  const priceText = moneyWithListAmount(uk.breakdown.price, conversion);
  expect(profitText).toMatch(/^£\d+\.\d\d · €\d+\.\d\d at \d\.\d{4} on \d{1,2} [A-Z][a-z]{2}$/);

  const ukCard = page.locator(`[data-testid="deal-card"][data-ean="${ean}"][data-market="UK"]`);
  await expect(ukCard.getByTestId('deal-profit')).toHaveText(`${formatMoney(uk.estimatedProfit, 'EUR')} profit`, { timeout: 30_000 });
  await expect(ukCard.getByTestId('deal-profit-market')).toHaveText(profitText);
  await expect(ukCard.getByTestId('deal-amazon-price')).toHaveText(formatMoney(uk.amazonPrice, 'EUR'));
  await expect(ukCard.getByTestId('deal-amazon-price-market')).toHaveText(priceText);

  // The buy-box holder: "Amazon" for Amazon's own ids, else the seller's id linked to its page on amazon.co.uk.
  const holder = ukCard.getByTestId('buy-box-holder');
  if (uk.buyBoxSellerId && !uk.amazonHoldsBuyBox) {
    await expect(holder).toHaveText(`Buy box: seller ${uk.buyBoxSellerId}`);
    await expect(holder.getByRole('link')).toHaveAttribute('href', `https://www.amazon.co.uk/sp?seller=${uk.buyBoxSellerId}`);
  } else if (uk.amazonHoldsBuyBox) await expect(holder).toHaveText('Buy box: Amazon');
  await ukCard.getByRole('button', { name: 'Profit breakdown' }).click();
  const breakdown = page.getByTestId('profit-breakdown');
  // The breakdown's profit is the card's line, word for word; so is its buy box price.
  await expect(breakdown.getByTestId('breakdown-profit')).toHaveText(`Profit${profitText}`);
  await expect(breakdown.getByRole('row', { name: /Buy box price/ })).toContainText(priceText);
  await expect(breakdown.getByTestId('breakdown-rate')).toContainText(`EUR amount at ${conversion.rate.toFixed(4)}`);
  // A deduction keeps its sign with its amount on one line.
  const sign = breakdown.locator('span[style*="nowrap"]', { hasText: /^− £\d/ }).first();
  await expect(sign).toHaveCSS('white-space', 'nowrap');
  await page.keyboard.press('Escape');

  const ukRow = file.find((r) => r.ean === ean && r.market === 'UK')!;
  expect(ukRow).toMatchObject({
    currency: 'EUR',
    estimatedProfit: String(uk.estimatedProfit),
    amazonPrice: String(uk.amazonPrice),
    marketCurrency: 'GBP',
    estimatedProfitMarketCurrency: String(uk.breakdown.profit),
    amazonPriceMarketCurrency: String(uk.breakdown.price),
    fxRate: String(uk.breakdown.fxRate),
    fxDate: uk.breakdown.fxDate,
  });
  expect(Number(ukRow.vat)).toBe(toListCurrency(Number(ukRow.vatMarketCurrency), conversion));

  // DE market: one currency, euro everywhere; no second amount on the card or in the breakdown.
  expect(breakdownConversion(de.breakdown)).toBeNull();
  expect(de.breakdown.profit).toBe(de.estimatedProfit);
  const deCard = page.locator(`[data-testid="deal-card"][data-ean="${ean}"][data-market="DE"]`);
  await expect(deCard.getByTestId('deal-profit')).toHaveText(`${formatMoney(de.estimatedProfit, 'EUR')} profit`);
  await expect(deCard.getByTestId('deal-profit-market')).toHaveCount(0);
  await expect(deCard.getByTestId('deal-amazon-price')).toHaveText(formatMoney(de.amazonPrice, 'EUR'));
  await deCard.getByRole('button', { name: 'Profit breakdown' }).click();
  await expect(breakdown.getByTestId('breakdown-profit')).toHaveText(`Profit${formatMoney(de.estimatedProfit, 'EUR')}`);
  await expect(breakdown.getByTestId('breakdown-rate')).toHaveCount(0);
  await expect(breakdown).not.toContainText('£');
  const deRow = file.find((r) => r.ean === ean && r.market === 'DE')!;
  expect(deRow).toMatchObject({
    currency: 'EUR',
    marketCurrency: 'EUR',
    estimatedProfit: String(de.estimatedProfit),
    estimatedProfitMarketCurrency: String(de.estimatedProfit),
  });
});
