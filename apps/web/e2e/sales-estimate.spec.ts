import { expect, test } from '@playwright/test';
import { GOOD_TOKEN, type FakeSpApi, type Reason } from '../../server/test/sp-api/fake-sp-api.ts';
import { ADMIN, apiLogin, signInNewUser } from './helpers.ts';
import { scanDemoSupplierList } from './supplier-scan.helpers.ts';
import { startE2eSpApi } from './sp-api.helpers.ts';

/**
 * The sales estimate in the browser (docs/sales-estimate.md): a supplier scan's deals show units a month with their
 * basis and the seller's share on the card and in the profit breakdown, marked as estimates; with a connected seller
 * account (the SP-API look-alike) an approval-required deal says what approval would earn beside the ungating invoice
 * of the units set in Settings.
 */
let fake: FakeSpApi;

/** Every other ASIN needs approval; the rest can be sold. */
function ruleOf(asin: string, marketplaceId: string): Reason[] | undefined {
  const sum = [...asin].reduce((total, c) => total + c.charCodeAt(0), 0);
  if (sum % 2 === 1) return undefined;
  const resource = `https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=${asin}&marketplaceId=${marketplaceId}`;
  return [
    {
      reasonCode: 'APPROVAL_REQUIRED',
      message: 'You need approval to list in this brand.',
      links: [{ resource, verb: 'GET', title: 'Request approval via Seller Central.', type: 'text/html' }],
    },
  ];
}

test.beforeAll(async () => {
  fake = await startE2eSpApi();
  fake.state.rule = ruleOf;
});
test.afterAll(async () => {
  await fake?.close();
});

const BASIS = /^(≥ [\d,]+ bought last month|≈ [\d,]+ from (30|90)-day rank drops|(≈ [\d,]+|< 1) from rank)$/;

test('scan: the estimate and its basis on the card and in the breakdown; an approval-required deal says what approval would earn', async ({ page }) => {
  test.setTimeout(150_000);
  await signInNewUser(page, { country: 'DE', open: '/settings' });
  // The ungating invoice: 10 units until changed; 12 from now on.
  const invoice = page.getByTestId('ungating-invoice');
  await expect(invoice.getByLabel('Units of an ungating invoice')).toHaveValue('10');
  await invoice.getByLabel('Units of an ungating invoice').fill('12');
  await invoice.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Ungating invoice saved!')).toBeVisible();

  const account = page.getByTestId('seller-account');
  await account.getByLabel('Refresh token').fill(GOOD_TOKEN);
  await account.getByLabel('Merchant id').fill('a1seller');
  await account.getByTestId('seller-account-connect').click();
  await expect(account.getByTestId('seller-account-connected')).toContainText('Merchant A1SELLER');

  await page.goto('/supplier-level-analyzer');
  await scanDemoSupplierList(page, 24);
  const cards = page.getByTestId('deal-card');
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-testid=listing-restriction][data-status=CHECKING]')).toHaveCount(0, { timeout: 30_000 });

  // A card with an estimate: the basis in words and the "Estimate" mark.
  const estimated = page.locator('[data-testid=sales-estimate]:not([data-basis=none])').first();
  await expect(estimated).toBeVisible();
  await expect(estimated.getByText('Estimate', { exact: true })).toBeVisible();
  const basis = ((await estimated.getByTestId('sales-estimate-basis').textContent()) ?? '').replace(/^Sales /, '');
  expect(basis).toMatch(BASIS);
  await expect(estimated.getByTestId('sales-estimate-share')).toHaveText(/^(your share ≈ [\d.]+ units\/month|no FBA estimate \(Amazon holds the buy box\))$/);

  // The same basis in its profit breakdown, with the share and the monthly profit.
  await estimated.locator('xpath=ancestor::*[@data-testid="deal-card"]').getByRole('button', { name: 'Profit breakdown' }).click();
  const section = page.getByTestId('breakdown-sales-estimate');
  await expect(section).toContainText('Sales estimate');
  await expect(section.getByText('Estimate', { exact: true })).toBeVisible();
  await expect(page.getByTestId('breakdown-sales-basis')).toHaveText(basis);
  await expect(page.getByTestId('breakdown-sales-share')).toHaveText(/your share|no FBA estimate/);
  await page.keyboard.press('Escape');

  // An approval-required deal: "Approval would earn ≈ €…/month (estimate) · an ungating invoice of 12 units costs ≈ €…",
  // the invoice being 12 × the card's supplier price.
  const approvalCard = page
    .locator('[data-testid=deal-card]')
    .filter({ has: page.locator('[data-testid=listing-restriction][data-status=APPROVAL_REQUIRED]') })
    .filter({ has: page.locator('[data-testid=sales-estimate-profit]') })
    .first();
  await expect(approvalCard).toBeVisible();
  const unitPrice = Number(((await approvalCard.getByTestId('deal-supplier-price').textContent()) ?? '').replace(/[€,]/g, ''));
  const monthly = ((await approvalCard.getByTestId('sales-estimate-profit').textContent()) ?? '').match(/€[\d,]+/)![0];
  const line = approvalCard.getByTestId('approval-worth');
  await expect(line).toHaveText(`Approval would earn ≈ ${monthly}/month (estimate) · an ungating invoice of 12 units costs ≈ €${Math.round(unitPrice * 12)}`);
  await approvalCard.getByRole('button', { name: 'Profit breakdown' }).click();
  await expect(page.getByTestId('breakdown-approval-worth')).toHaveText(await line.textContent().then((t) => t ?? ''));
  await page.keyboard.press('Escape');

  // A deal Amazon lets the seller sell has no such line.
  const sellable = page
    .locator('[data-testid=deal-card]')
    .filter({ has: page.locator('[data-testid=listing-restriction][data-status=CAN_SELL]') })
    .first();
  await expect(sellable).toBeVisible();
  await expect(sellable.getByTestId('approval-worth')).toHaveCount(0);

  // Sorted by the estimated monthly profit (highest first), then only the deals earning at least €50 a month.
  const monthlyProfits = async () => (await page.getByTestId('sales-estimate-profit').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
  await page.getByTestId('deal-sort-by').click();
  await page.getByRole('option', { name: 'Monthly profit (estimate)' }).click();
  await expect
    .poll(async () => {
      const values = await monthlyProfits();
      return values.length > 1 && values.every((v, i) => i === 0 || values[i - 1]! >= v);
    })
    .toBe(true);
  const before = await cards.count();
  await page.getByTestId('deal-filter-min-monthly-profit').fill('50');
  await expect.poll(async () => (await monthlyProfits()).every((v) => v >= 50) && (await cards.count()) < before, { timeout: 20_000 }).toBe(true);
  await expect(page.locator('[data-testid=sales-estimate-profit]')).toHaveCount(await cards.count());
});

test('brand favorites show the estimate with its basis on the card and in the breakdown, in their own currency', async ({ page }) => {
  test.setTimeout(150_000);
  await signInNewUser(page, { country: 'DE' });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const { id } = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
  expect((await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier: 'PRO' } })).status()).toBe(200);
  const headers = { Authorization: `Bearer ${token}` };
  const brands = (await (await page.request.get('/api/brand-analyzer/brands', { headers })).json()) as string[];
  const query = new URLSearchParams();
  for (const brand of brands.slice(0, 3)) query.append('brands', brand);
  for (const market of ['DE', 'UK']) query.append('markets', market);
  const started = await page.request.post(`/api/brand-analyzer/scan?${query}`, { headers });
  expect(started.status()).toBe(202);
  const { scanId } = (await started.json()) as { scanId: string };
  // The scan is followed through the API: started outside the screen, it may be done before the screen first asks.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/brand-analyzer/scan/${scanId}`, { headers })).json()) as { status: string }).status, {
      timeout: 120_000,
    })
    .toBe('COMPLETED');

  await page.goto('/brand-level-analyzer');
  const first = page
    .getByTestId('favorite-card')
    .filter({ has: page.locator('[data-testid=sales-estimate-profit]') })
    .first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  // Pinned by ASIN and market: the list may still reload and reorder after the scan.
  const card = page.locator(
    `[data-testid=favorite-card][data-asin="${await first.getAttribute('data-asin')}"][data-market="${await first.getAttribute('data-market')}"]`,
  );
  const basis = ((await card.getByTestId('sales-estimate-basis').textContent()) ?? '').replace(/^Sales /, '');
  expect(basis).toMatch(BASIS);
  await expect(card.getByTestId('sales-estimate-profit')).toHaveText(/^≈ [€£][\d,]+\/month profit$/);
  await card.getByRole('button', { name: 'Profit breakdown' }).click();
  await expect(page.getByTestId('breakdown-sales-basis')).toHaveText(basis);
  await expect(page.getByTestId('breakdown-monthly-profit')).toHaveText(/^≈ [€£][\d,]+\/month$/);
  await page.keyboard.press('Escape');

  // Sorted by the estimated monthly profit, highest first; then only those with a share of at least 10 units a month.
  const profits = async () => (await page.getByTestId('sales-estimate-profit').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
  await page.getByTestId('favorites-sort').click();
  await page.getByRole('option', { name: 'Monthly profit (estimate)' }).click();
  await expect
    .poll(async () => {
      const values = await profits();
      return values.length > 1 && values.every((v, i) => i === 0 || values[i - 1]! >= v);
    })
    .toBe(true);
  await page.getByTestId('favorites-min-units').fill('10');
  await expect
    .poll(async () => {
      const shares = (await page.getByTestId('sales-estimate-share').allTextContents()).map((t) => Number(/≈ ([\d.]+)/.exec(t)?.[1] ?? -1));
      return shares.length > 0 && shares.every((v) => v >= 10);
    })
    .toBe(true);
});
