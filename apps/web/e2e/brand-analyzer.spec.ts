import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLogin, signInNewUser } from './helpers.ts';

/**
 * Brand Level Analyzer against the demo market data: choose brands and markets, start, watch both progress bars,
 * see favorites, filter them, delete one and all with confirmation; an active scan is resumed after a reload.
 */

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** A new user moved to `tier` by the admin (FREE cannot scan brands), signed in. */
async function signInWithPlan(page: Page, tier: 'PRO' | 'STARTER') {
  await signInNewUser(page);
  const token = await tokenOf(page);
  const { id } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
  const res = await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier } });
  expect(res.status(), await res.text()).toBe(200);
  return { token };
}

async function demoBrands(page: Page, token: string): Promise<string[]> {
  const res = await page.request.get('/api/brand-analyzer/brands', { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as string[];
}

async function chooseScan(page: Page, brands: string[], markets: string[]) {
  const config = page.getByTestId('scan-config-card');
  const brandInput = config.getByRole('combobox', { name: 'Brands' });
  for (const brand of brands) {
    await brandInput.click();
    await brandInput.fill(brand.slice(0, 6));
    await page.getByRole('option', { name: brand, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  const marketInput = config.getByRole('combobox', { name: 'Markets' });
  // The region's market is chosen at first: start from none (Backspace removes the last one).
  await marketInput.click();
  for (let i = 0; i < 7; i += 1) await marketInput.press('Backspace');
  for (const market of markets) {
    await marketInput.click();
    await page.getByRole('option', { name: market }).click();
  }
  await page.keyboard.press('Escape');
}

test('choose brands and markets, start, see favorites, filter them, delete one and all with confirmation', async ({ page }) => {
  test.setTimeout(300_000);
  const { token } = await signInWithPlan(page, 'PRO');
  await page.goto('/brand-level-analyzer');
  await expect(page.getByRole('heading', { name: 'Brand Level Analyzer' })).toBeVisible();
  await expect(page.getByTestId('demo-data-badge')).toBeVisible();
  await expect(page.getByText('No favorites found')).toBeVisible();
  await expect(page.getByText('Start a scan to find deals.')).toBeVisible();

  const config = page.getByTestId('scan-config-card');
  const start = config.getByRole('button', { name: 'Start Scan' });
  await expect(start).toBeDisabled();
  // The SPEC sentence shows only once the user tries to start with a missing choice, not before any input.
  const required = config.getByText('Please select at least one brand and one market');
  await expect(required).toHaveCount(0);
  await start.click({ force: true });
  await expect(required).toBeVisible();

  // The brand list is grouped: the demo catalogue's brands sit in the five categories of their demo category.
  await config.getByRole('combobox', { name: 'Brands' }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByText('Skincare', { exact: true })).toBeVisible();
  for (const group of ['Makeup', 'Hair Care', 'Fragrance', 'Personal Care']) await expect(listbox.getByText(group, { exact: true })).toBeAttached();
  await expect(listbox.getByText('Other', { exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const brands = (await demoBrands(page, token)).slice(0, 3);
  await chooseScan(page, brands.slice(0, 1), []);
  await expect(start).toBeDisabled();
  await chooseScan(page, brands.slice(1), ['Germany (EUR)', 'United Kingdom (GBP)']);
  await expect(start).toBeEnabled();
  await expect(config.getByText('3 brands × 2 markets')).toBeVisible();
  await start.click();

  // The status panel follows the scan (the demo data is fast: it may already be done at the first poll).
  const panel = page.getByTestId('scan-status-panel');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('scan-status-badge')).toHaveText(/PENDING|PROCESSING|COMPLETED/);
  await expect(panel.getByText('Scan completed successfully!')).toBeVisible({ timeout: 180_000 });
  await expect(panel.getByTestId('scan-status-badge')).toHaveText('COMPLETED');
  // Favorites reloaded on completion.
  const cards = page.getByTestId('favorite-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  expect(Number(await page.getByTestId('favorites-total').innerText())).toBeGreaterThan(0);
  await shot(page, 'brand-scan-completed');

  // Filter by one brand and the UK market: only UK cards, priced in £.
  const favoritesCard = page.getByTestId('favorites-card');
  const filterBrands = favoritesCard.getByRole('combobox', { name: 'Brands' });
  await filterBrands.click();
  await filterBrands.fill(brands[0]!.slice(0, 6));
  await page.getByRole('option', { name: brands[0]!, exact: true }).click();
  await page.keyboard.press('Escape');
  const filterMarkets = favoritesCard.getByRole('combobox', { name: 'Markets' });
  await filterMarkets.click();
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.keyboard.press('Escape');
  // The brand-filtered list stays on screen until the market-filtered answer replaces it (its first card may be UK
  // already): wait until every card is UK.
  const marketsShown = async () => new Set(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-market'))));
  await expect.poll(marketsShown, { timeout: 30_000 }).toEqual(new Set(['UK']));
  await expect(cards.first()).toContainText('£');
  const filtered = Number(await page.getByTestId('favorites-total').innerText());
  expect(filtered).toBeGreaterThan(1);

  // Each card: ROI badge, ranks, links to the Amazon storefronts.
  const first = cards.first();
  await expect(first.getByTestId('favorite-roi')).toContainText(/ROI \d/);
  await expect(first.getByTestId('favorite-links').getByRole('link', { name: /Amazon UK/ })).toHaveAttribute('href', /amazon\.co\.uk\/dp\/B0/);
  // No link to a storefront a brand scan cannot cover (Amazon NL); a profit breakdown that agrees with
  // the card, in its pounds, and the wholesale price as Qogita gives it (EUR) with the rate and its day.
  await expect(first.getByTestId('favorite-links').getByRole('link', { name: /^Amazon (DE|UK|FR|IT|ES)/ })).toHaveCount(5);
  await expect(first.getByTestId('favorite-links').getByRole('link', { name: /Amazon NL/ })).toHaveCount(0);
  await expect(first.getByTestId('favorite-supplier-price-eur')).toHaveText(/^€\d+\.\d\d · £\d+\.\d\d at \d\.\d{4} on \d{1,2} [A-Z][a-z]{2}$/);
  const cardProfit = await first.getByTestId('favorite-profit').innerText();
  const cardSupplier = await first.getByTestId('favorite-supplier-price').innerText();
  await first.getByRole('button', { name: 'Profit breakdown' }).click();
  const favoriteBreakdown = page.getByTestId('favorite-breakdown');
  await expect(favoriteBreakdown.getByTestId('breakdown-profit')).toHaveText(`Profit${cardProfit}`);
  await expect(favoriteBreakdown.getByRole('row', { name: /Buy box price/ })).toContainText(await first.getByTestId('favorite-amazon-price').innerText());
  await expect(favoriteBreakdown.getByTestId('favorite-supplier-cost')).toContainText(cardSupplier);
  await expect(favoriteBreakdown.getByTestId('breakdown-break-even')).toContainText('£');
  await page.keyboard.press('Escape');
  await expect(favoriteBreakdown).toBeHidden();

  // Sorted by main rank, descending: missing or weak ranks (> 50000) come first and are highlighted light red.
  await favoritesCard.getByText('Desc', { exact: true }).click();
  await expect(favoritesCard.getByRole('radio', { name: 'Desc' })).toBeChecked();
  const weak = page.locator('[data-testid="favorite-card"][data-weak-rank="true"]');
  if ((await weak.count()) > 0) {
    expect(await weak.first().evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 255, 255)');
  }
  const strong = page.locator('[data-testid="favorite-card"][data-weak-rank="false"]');
  if ((await strong.count()) > 0) {
    expect(await strong.first().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  }
  await shot(page, 'brand-favorites-filtered');

  // Delete one with its confirmation dialog.
  const victim = await cards.first().getAttribute('data-ean');
  await cards.first().getByTestId('delete-favorite').click();
  const dialog = page.getByRole('dialog', { name: 'Delete favorite?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'brand-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('favorites-total')).toHaveText(String(filtered - 1), { timeout: 30_000 });
  await expect(page.locator(`[data-testid="favorite-card"][data-ean="${victim}"]`)).toHaveCount(0);

  // Delete all, cancelled once, then confirmed.
  await page.getByRole('button', { name: 'Clear Filter' }).click();
  // The unfiltered list may first show its cached total from before the delete; wait for the server's count.
  const favorites = await page.request.get('/api/brand-analyzer/favorites', { headers: { Authorization: `Bearer ${token}` } });
  const total = ((await favorites.json()) as { totalElements: number }).totalElements;
  expect(total).toBeGreaterThan(filtered - 1);
  await expect(page.getByTestId('favorites-total')).toHaveText(String(total), { timeout: 30_000 });
  await page.getByRole('button', { name: 'Delete All' }).click();
  await page.getByRole('dialog', { name: 'Delete all favorites?' }).getByRole('button', { name: 'Cancel' }).click();
  // The closing dialog's own 'Delete All' button stays in the page until its transition ends.
  await expect(page.getByRole('dialog', { name: 'Delete all favorites?' })).toBeHidden();
  await expect(page.getByTestId('favorites-total')).toHaveText(String(total));
  await page.getByRole('button', { name: 'Delete All' }).click();
  await page.getByRole('dialog', { name: 'Delete all favorites?' }).getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByText('No favorites found')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('favorites-total')).toHaveText('0');
});

test('favorites sort and filter by the 90-day stability', async ({ page }) => {
  test.setTimeout(300_000);
  const { token } = await signInWithPlan(page, 'PRO');
  const headers = { Authorization: `Bearer ${token}` };
  const brands = (await demoBrands(page, token)).slice(5, 8);
  const started = await page.request.post(`/api/brand-analyzer/scan?${brands.map((b) => `brands=${encodeURIComponent(b)}`).join('&')}&markets=DE`, { headers });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/brand-analyzer/scan/${id}`, { headers })).json()) as { status: string }).status, {
      timeout: 180_000,
    })
    .toBe('COMPLETED');

  await page.goto('/brand-level-analyzer');
  const favoritesCard = page.getByTestId('favorites-card');
  const cards = page.getByTestId('favorite-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const all = Number(await page.getByTestId('favorites-total').innerText());
  const shares = async () => (await favoritesCard.getByTestId('deal-stability-share').allInnerTexts()).map((t) => Number(/Profitable (\d+) %/.exec(t)?.[1]));

  // "90-day stability" sorts the steadiest first (descending on choosing it); favorites without the figure come last.
  await page.getByTestId('favorites-sort').click();
  await page.getByRole('option', { name: '90-day stability' }).click();
  await expect(favoritesCard.getByRole('radio', { name: 'Desc' })).toBeChecked();
  await expect
    .poll(async () => {
      const values = await shares();
      return values.length > 1 && values.every((v, i) => i === 0 || values[i - 1]! >= v);
    })
    .toBe(true);
  const sorted = await shares();
  const [best, worst] = [sorted[0]!, sorted[sorted.length - 1]!];
  expect(best - worst).toBeGreaterThanOrEqual(2);

  // "Profitable ≥ % of 90 days" just under the best figure: only the steadiest favorites remain, the least steady goes.
  const threshold = best - 1;
  await favoritesCard.getByTestId('favorites-min-stability').fill(String(threshold));
  await expect
    .poll(async () => (await shares()).every((v) => v >= threshold) && Number(await page.getByTestId('favorites-total').innerText()) < all, {
      timeout: 30_000,
    })
    .toBe(true);
  expect((await shares()).length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Clear Filter' }).click();
  await expect(page.getByTestId('favorites-total')).toHaveText(String(all));
});

test("a plan without wholesale access is refused with the server's message in the red Error alert", async ({ page }) => {
  await signInNewUser(page);
  const token = await tokenOf(page);
  const brands = (await demoBrands(page, token)).slice(0, 1);
  await page.goto('/brand-level-analyzer');
  await expect(page.getByTestId('brand-scan-locked')).toContainText('Brand scans are not included in your plan');
  await chooseScan(page, brands, ['Germany (EUR)']);
  await page.getByTestId('scan-config-card').getByRole('button', { name: 'Start Scan' }).click();
  const alert = page.getByTestId('brand-analyzer-error');
  await expect(alert).toContainText('Error');
  await expect(alert).toContainText('Brand profitability analysis is not included in your plan.');
  await alert.getByRole('button').click();
  await expect(alert).toBeHidden();
});

test('failed loads show the SPEC §8 fallbacks and a failed scan shows "An error occurred: {error}"', async ({ page }) => {
  await signInWithPlan(page, 'PRO');
  const fail = { status: 500, contentType: 'application/json', body: '{}' };

  // Favorites cannot be loaded: the red Error alert carries 'Failed to load favorites'.
  await page.route('**/api/brand-analyzer/favorites**', (route) => route.fulfill(fail));
  await page.goto('/brand-level-analyzer');
  await expect(page.getByTestId('brand-analyzer-error')).toContainText('Failed to load favorites');
  await page.unroute('**/api/brand-analyzer/favorites**');

  // Brands and markets cannot be loaded: 'Failed to load brands and markets'.
  await page.route('**/api/brand-analyzer/brands', (route) => route.fulfill(fail));
  await page.reload();
  await expect(page.getByTestId('brand-analyzer-error')).toContainText('Failed to load brands and markets');
  await page.unroute('**/api/brand-analyzer/brands');

  // An active scan that ended in ERROR: red badge and the server's message after 'An error occurred: '.
  const now = new Date().toISOString();
  const failed = {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'ERROR',
    totalBrands: 2,
    processedBrands: 1,
    currentBrand: null,
    totalMarkets: 1,
    processedMarkets: 0,
    currentMarket: null,
    error: 'No Amazon data could be retrieved.',
    brands: ['A', 'B'],
    markets: ['DE'],
    favoritesFound: 0,
    createdAt: now,
    updatedAt: now,
    finishedAt: now,
  };
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/api/brand-analyzer/active-scan', (route) => route.fulfill(json(failed)));
  await page.route(`**/api/brand-analyzer/scan/${failed.id}`, (route) => route.fulfill(json(failed)));
  await page.reload();
  await expect(page.getByTestId('scan-error')).toHaveText('An error occurred: No Amazon data could be retrieved.');
  await expect(page.getByTestId('scan-status-badge')).toHaveText('ERROR');
});

test('failed deletes show "Failed to delete favorite" and "Failed to delete all favorites"', async ({ page }) => {
  await signInWithPlan(page, 'PRO');
  const now = new Date().toISOString();
  const favorite = {
    id: '00000000-0000-4000-8000-000000000002',
    ean: '4006170012344',
    asin: 'B0TESTFAV1',
    market: 'DE',
    currency: 'EUR',
    productName: 'Test Cream 50 ml',
    brand: 'Dermavita',
    supplierName: 'Qogita',
    supplierUrl: null,
    supplierPrice: 5,
    amazonPrice: 20,
    estimatedProfit: 6,
    roiPercentage: 40,
    mainCategoryRank: 100,
    beautyCategoryRank: 5,
    estimatedMonthlySales: 30,
    rating: 4.5,
    reviewCount: 10,
    numberOfSellers: 2,
    buyBoxSellerId: null,
    amazonHoldsBuyBox: false,
    amazonImageUrl: null,
    qogitaImageUrl: null,
    imageUrl: null,
    createdAt: now,
    updatedAt: now,
  };
  await page.route('**/api/brand-analyzer/favorites**', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ content: [favorite], totalPages: 1, totalElements: 1 }) })
      : route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/brand-level-analyzer');
  const alert = page.getByTestId('brand-analyzer-error');

  await page.getByTestId('delete-favorite').click();
  await page.getByRole('dialog', { name: 'Delete favorite?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(alert).toContainText('Failed to delete favorite');
  await alert.getByRole('button').click();

  await page.getByRole('button', { name: 'Delete All' }).click();
  await page.getByTestId('confirm-delete-all').click();
  await expect(alert).toContainText('Failed to delete all favorites');
});
