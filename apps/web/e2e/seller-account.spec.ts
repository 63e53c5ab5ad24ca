import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseCsvRecords } from '@dealradar/shared/csv';
import { DE, GOOD_TOKEN, type FakeSpApi, type Reason } from '../../server/test/sp-api/fake-sp-api.ts';
import { ADMIN, apiLogin, signInNewUser } from './helpers.ts';
import { amazonFeeTests } from './amazon-fees.flow.ts';
import { connectSellerInSettings, scanDemoSupplierList } from './supplier-scan.helpers.ts';
import { startE2eSpApi } from './sp-api.helpers.ts';

/**
 * The organization's admin connects the Amazon seller account in Settings (the test servers'
 * SP-API application points at a look-alike this spec starts, playwright.config.ts), runs a supplier scan, and the
 * deals show whether they can be sold — with Amazon's approval link — and filter to what can be sold.
 */
let fake: FakeSpApi;

/** A fixed answer per ASIN over the demo catalogue: a third need approval, a third are not eligible, the rest sellable. */
function ruleOf(asin: string, marketplaceId: string): Reason[] | undefined {
  const sum = [...asin].reduce((total, c) => total + c.charCodeAt(0), 0);
  if (sum % 3 === 0) {
    const resource = `https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=${asin}&marketplaceId=${marketplaceId}`;
    return [
      {
        reasonCode: 'APPROVAL_REQUIRED',
        message: 'You need approval to list in this brand.',
        links: [{ resource, verb: 'GET', title: 'Request approval via Seller Central.', type: 'text/html' }],
      },
    ];
  }
  if (sum % 3 === 1) return [{ reasonCode: 'NOT_ELIGIBLE', message: 'This product cannot be listed by you.' }];
  return undefined;
}

test.beforeAll(async () => {
  fake = await startE2eSpApi();
  fake.state.rule = ruleOf;
});
test.afterAll(async () => {
  await fake?.close();
});

test('connect the seller account, scan, see Can sell / Approval required with the link / Not eligible, filter to what can be sold, download', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInNewUser(page, { country: 'DE', open: '/supplier-level-analyzer' });
  // Without a connected account: the one-line hint.
  await expect(page.getByTestId('seller-account-deals-note')).toHaveText('Connect your Amazon seller account in Settings to see which deals you can sell.');

  await page.goto('/settings');
  const card = page.getByTestId('seller-account');
  await expect(card.getByRole('heading', { name: 'Amazon seller account' })).toBeVisible();
  // A wrong token: Amazon's refusal as a sentence, nothing connected.
  await card.getByLabel('Refresh token').fill('Atzr|not-the-right-one');
  await card.getByLabel('Merchant id').fill('a1seller');
  await card.getByTestId('seller-account-connect').click();
  await expect(card.getByTestId('seller-account-error')).toContainText('Amazon did not accept this refresh token (invalid_grant)');
  await expect(card.getByTestId('seller-account-connected')).toHaveCount(0);

  await card.getByLabel('Refresh token').fill(GOOD_TOKEN);
  await card.getByTestId('seller-account-connect').click();
  await expect(card.getByTestId('seller-account-connected')).toContainText('Merchant A1SELLER · Europe');
  await expect(card.getByTestId('seller-account-stores')).toHaveText('Stores: Amazon.de, Amazon.fr, Amazon.co.uk');
  // The token is never shown again: the field is emptied.
  await expect(card.getByLabel('Refresh token')).toHaveValue('');

  await page.goto('/supplier-level-analyzer');
  await scanDemoSupplierList(page, 24);
  const cards = page.getByTestId('deal-card');
  await expect(cards.first()).toBeVisible({ timeout: 15_000 });
  // Every deal gets its answer (the list refreshes while the checks run).
  await expect(page.locator('[data-testid=listing-restriction][data-status=CHECKING]')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('seller-account-deals-note')).toHaveCount(0);
  const total = await cards.count();
  const approval = page.locator('[data-testid=listing-restriction][data-status=APPROVAL_REQUIRED]');
  await expect(approval.first()).toBeVisible();
  await expect(page.locator('[data-testid=listing-restriction][data-status=CAN_SELL]').first()).toBeVisible();
  await expect(page.locator('[data-testid=listing-restriction][data-status=NOT_ELIGIBLE]').first()).toBeVisible();
  await expect(approval.first().getByText('Approval required')).toBeVisible();
  await expect(approval.first().getByRole('link', { name: 'Request approval on Amazon' })).toHaveAttribute(
    'href',
    /^https:\/\/sellercentral\.amazon\.de\/hz\/approvalrequest\/restrictions\/approve\?asin=/,
  );

  // The profit breakdown says it too.
  await approval.first().locator('xpath=ancestor::*[@data-testid="deal-card"]').getByRole('button', { name: 'Profit breakdown' }).click();
  await expect(page.getByTestId('breakdown-listing-restriction')).toContainText('Approval required');
  await page.keyboard.press('Escape');

  // Only what I can sell.
  await page.getByTestId('deal-filter-listing-restriction').click();
  await page.getByRole('option', { name: 'Only what I can sell' }).click();
  await expect(page.locator('[data-testid=listing-restriction]:not([data-status=CAN_SELL])')).toHaveCount(0);
  const sellable = await cards.count();
  expect(sellable).toBeGreaterThan(0);
  expect(sellable).toBeLessThan(total);
  // Hide not eligible: the approval-required deals come back, the not eligible stay out.
  await page.getByTestId('deal-filter-listing-restriction').click();
  await page.getByRole('option', { name: 'Hide not eligible' }).click();
  await expect(approval.first()).toBeVisible();
  await expect(page.locator('[data-testid=listing-restriction][data-status=NOT_ELIGIBLE]')).toHaveCount(0);

  // The download follows the filter and carries Amazon's answer and approval link in its own columns.
  const event = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download deals', exact: true }).click();
  const text = (await readFile((await (await event).path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsvRecords(text, ',').filter((r) => r.length > 1);
  const column = (name: string) => header!.indexOf(name);
  expect(column('listingRestriction')).toBeGreaterThanOrEqual(0);
  expect(rows).toHaveLength(await cards.count());
  const answers = rows.map((r) => r[column('listingRestriction')]);
  expect(answers).toContain('Approval required');
  expect(answers).toContain('Can sell');
  expect(answers).not.toContain('Not eligible');
  for (const row of rows) {
    if (row[column('listingRestriction')] === 'Approval required')
      expect(row[column('listingApprovalUrl')]).toMatch(/^https:\/\/sellercentral\.amazon\.de\/hz\/approvalrequest\//);
    else expect(row[column('listingApprovalUrl')]).toBe('');
  }
});

test("connect through Amazon's website: the consent page sends the seller back to Settings, which completes the connection", async ({ page }) => {
  await signInNewUser(page, { country: 'DE', open: '/settings' });
  const card = page.getByTestId('seller-account');
  await card.getByTestId('seller-account-authorize').click();
  // The look-alike's consent page consents at once and redirects to /settings with state, code and seller id.
  await expect(card.getByTestId('seller-account-connected')).toContainText('Merchant A3WEBSITE · Europe');
  await expect(card.getByTestId('seller-account-stores')).toContainText('Amazon.de');
  // The code left the address bar (a used state is refused again: seller-account-website.api.test.ts).
  await expect(page).toHaveURL(/\/settings$/);
});

test('a brand scan: favorites get their answers, the filter, the breakdown line, and check again asks Amazon at once', async ({ page }) => {
  test.setTimeout(240_000);
  await signInNewUser(page, { country: 'DE' });
  // Brand scans need a plan with brand analysis: the admin moves the new user to PRO.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const { id } = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
  expect((await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier: 'PRO' } })).status()).toBe(200);
  await connectSellerInSettings(page);

  await page.goto('/brand-level-analyzer');
  const brands = ((await (await page.request.get('/api/brand-analyzer/brands', { headers: { Authorization: `Bearer ${token}` } })).json()) as string[]).slice(
    0,
    4,
  );
  const config = page.getByTestId('scan-config-card');
  const brandInput = config.getByRole('combobox', { name: 'Brands' });
  for (const brand of brands) {
    await brandInput.click();
    await brandInput.fill(brand.slice(0, 6));
    await page.getByRole('option', { name: brand, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  await config.getByRole('button', { name: 'Start Scan' }).click();
  await expect(page.getByTestId('scan-status-panel').getByText('Scan completed successfully!')).toBeVisible({ timeout: 180_000 });

  const favorites = page.getByTestId('favorites-card');
  const cards = favorites.getByTestId('favorite-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  // Every favorite gets its answer (the list reloads while the checks run), and the line above says when none is left.
  await expect(favorites.locator('[data-testid=listing-restriction][data-status=CHECKING]')).toHaveCount(0, { timeout: 60_000 });
  await expect(favorites.getByTestId('seller-account-deals-note')).toHaveCount(0);
  const total = await cards.count();
  const approval = favorites.locator('[data-testid=listing-restriction][data-status=APPROVAL_REQUIRED]');
  await expect(approval.first()).toBeVisible();
  await expect(favorites.locator('[data-testid=listing-restriction][data-status=CAN_SELL]').first()).toBeVisible();
  await expect(approval.first().getByRole('link', { name: 'Request approval on Amazon' })).toHaveAttribute(
    'href',
    /^https:\/\/sellercentral\.amazon\.de\/hz\/approvalrequest\/restrictions\/approve\?asin=/,
  );

  // The profit breakdown says it too.
  const approvalCard = cards.filter({ has: page.locator('[data-testid=listing-restriction][data-status=APPROVAL_REQUIRED]') }).first();
  const asin = (await approvalCard.getAttribute('data-asin'))!;
  await approvalCard.getByRole('button', { name: 'Profit breakdown' }).click();
  await expect(page.getByTestId('breakdown-listing-restriction')).toContainText('Approval required');
  await page.keyboard.press('Escape');

  // The seller got approved on Amazon: the cached answer stays until "check again", which asks at once (the first two
  // calls are throttled, so "Checking…" stays on screen for a moment) and shows the new answer.
  const card = favorites.locator(`[data-testid=favorite-card][data-asin="${asin}"]`).first();
  const callsBefore = fake.state.restrictionCalls.filter((c) => c.asin === asin).length;
  fake.state.restrictions.set(asin, new Map([[DE, []]]));
  fake.state.throttleNext = 2;
  await card.getByTestId('listing-check-again').click();
  await expect(card.getByTestId('listing-restriction')).toHaveAttribute('data-status', 'CHECKING');
  await expect(card.getByTestId('listing-restriction')).toHaveAttribute('data-status', 'CAN_SELL', { timeout: 30_000 });
  expect(fake.state.restrictionCalls.filter((c) => c.asin === asin && !c.throttled).length).toBe(callsBefore + 1);

  // Only what I can sell: the approved one is among them; hide not eligible keeps the approval-required ones.
  await favorites.getByTestId('deal-filter-listing-restriction').click();
  await page.getByRole('option', { name: 'Only what I can sell' }).click();
  await expect(favorites.locator('[data-testid=listing-restriction]:not([data-status=CAN_SELL])')).toHaveCount(0, { timeout: 15_000 });
  await expect(favorites.locator(`[data-testid=favorite-card][data-asin="${asin}"]`).first()).toBeVisible();
  expect(await cards.count()).toBeLessThan(total);
  await favorites.getByTestId('deal-filter-listing-restriction').click();
  await page.getByRole('option', { name: 'Hide not eligible' }).click();
  await expect(approval.first()).toBeVisible({ timeout: 15_000 });
  await expect(favorites.locator('[data-testid=listing-restriction][data-status=NOT_ELIGIBLE]')).toHaveCount(0);

  // The download carries Amazon's answer and the link, with the filter on screen.
  const [file] = await Promise.all([page.waitForEvent('download'), favorites.getByTestId('favorites-download').click()]);
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trim().split('\r\n');
  expect(header).toContain('listingRestriction,listingApprovalUrl');
  expect(rows.length).toBeGreaterThan(0);
  expect(csv).toContain('Approval required');
  expect(csv).toContain('https://sellercentral.amazon.de/hz/approvalrequest/restrictions/approve?asin=');
  expect(csv).not.toContain('Not eligible');
});

amazonFeeTests(() => fake);
