import { expect, test, type Page } from '@playwright/test';
import { defaultFees, type FakeSpApi, type Reason } from '../../server/test/sp-api/fake-sp-api.ts';
import { refreshPricesNow, shot, signInWithTier } from './price-drops.helpers.ts';
import { connectSellerInSettings } from './supplier-scan.helpers.ts';
import { startE2eSpApi } from './sp-api.helpers.ts';

/**
 * Listing restrictions on price drops in the browser: without a seller account the Price Alerts screen hints at
 * connecting one and the alert rule's "Only products I can sell" says it would alert nothing; once connected, a price
 * refresh has the drops checked with Amazon (the look-alike this spec starts), the rows show the badges and the
 * approval link, the profit basis shows Amazon's fee estimate beside ours with the mark and the choice, the list
 * filters to what can be sold, a rule keeps the option, and "check again" on a drop row asks Amazon at once.
 */
let fake: FakeSpApi;

/** A fixed answer per ASIN: a third need approval, a third are not eligible, the rest sellable. */
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

async function openRuleForm(page: Page) {
  await page.goto('/qogita-price-alerts/alerts');
  await page.getByRole('button', { name: 'New alert rule' }).click();
  return page.getByRole('dialog', { name: 'New alert rule' });
}

test('connect the seller account; a refresh checks the drops; badges, approval link, filter, and an alert rule of only what I can sell', async ({ page }) => {
  test.setTimeout(240_000);
  await refreshPricesNow(page.request);
  await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('price-drop-row').first()).toBeVisible({ timeout: 30_000 });
  // Not connected: the hint, no badge, no filter; the rule option says it would alert nothing.
  await expect(page.getByTestId('seller-account-deals-note')).toHaveText('Connect your Amazon seller account in Settings to see which deals you can sell.');
  await expect(page.getByTestId('listing-restriction')).toHaveCount(0);
  await expect(page.getByTestId('deal-filter-listing-restriction')).toHaveCount(0);
  let dialog = await openRuleForm(page);
  await expect(
    dialog.getByText('No Amazon seller account is connected: with this on, the rule alerts nothing until one is connected in Settings.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await connectSellerInSettings(page);

  // The next refresh queues the drops' listings; the list fills in while Amazon is asked.
  await refreshPricesNow(page.request);
  // Sorted by Best ROI: the drops with a positive ROI (those checked with Amazon) come first.
  await page.goto('/qogita-price-alerts?sort=bestRoiPercentage:desc');
  const badges = page.getByTestId('listing-restriction');
  await expect(badges.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid=listing-restriction][data-status=CHECKING]')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId('seller-account-deals-note')).toHaveCount(0);
  const approval = page.locator('[data-testid=listing-restriction][data-status=APPROVAL_REQUIRED]');
  await expect(page.locator('[data-testid=listing-restriction][data-status=CAN_SELL]').first()).toBeVisible();
  await expect(approval.first()).toBeVisible();
  await expect(approval.first().getByRole('link', { name: 'Request approval on Amazon' })).toHaveAttribute(
    'href',
    /^https:\/\/sellercentral\.amazon\.de\/hz\/approvalrequest\/restrictions\/approve\?asin=/,
  );
  await shot(page, 'price-drops-listing-restrictions');

  // The profit basis says it too, and shows Amazon's fee estimate beside ours: Amazon's FBA fee is 4.50 (in the drop's
  // Best-ROI market's currency) here, so the totals differ (the mark) and the user may choose Amazon's estimate.
  fake.state.feeRule = (_asin, _marketplaceId, price) => ({ ...defaultFees(price), fba: 4.5 });
  await approval
    .first()
    .locator('xpath=ancestor::tr')
    .getByRole('button', { name: /Show the profit basis/ })
    .click();
  const basis = page.getByTestId('drop-profit-basis');
  await expect(basis.getByTestId('breakdown-listing-restriction')).toContainText('Approval required');
  const fees = basis.getByTestId('amazon-fees');
  await expect(fees).toBeVisible({ timeout: 20_000 });
  await expect(fees).toHaveAttribute('data-marked', 'true');
  await expect(fees.getByTestId('amazon-fees-mark')).toContainText('Differs by');
  await expect(fees.getByTestId('amazon-fees-table').getByRole('row', { name: /FBA fee/ })).toContainText('4.50');
  // One call for the opened drop's listing, at its buy-box price.
  expect(fake.state.feeCalls.at(-1)!.items).toHaveLength(1);
  expect(fake.state.feeCalls.at(-1)!.items[0]!.price).toBeGreaterThan(0);
  const profit = fees.getByTestId('amazon-fees-profit');
  await expect(profit).toHaveAttribute('data-choice', 'RULES');
  await fees.getByText("Amazon's estimate", { exact: true }).click();
  await expect(profit).toHaveAttribute('data-choice', 'AMAZON');
  await expect(fees.getByText(/the next scan, refresh or re-evaluation computes its profit with it/)).toBeVisible();
  await shot(page, 'price-drops-amazon-fees');
  await page.keyboard.press('Escape');

  // Only what I can sell; the choice is kept in the address.
  await page.getByTestId('deal-filter-listing-restriction').click();
  await page.getByRole('option', { name: 'Only what I can sell' }).click();
  await expect(page).toHaveURL(/sell=sellable/);
  await expect(page.locator('[data-testid=listing-restriction]:not([data-status=CAN_SELL])')).toHaveCount(0);
  await expect(page.locator('[data-testid=listing-restriction][data-status=CAN_SELL]').first()).toBeVisible();
  // Hide not eligible: the approval-required drops come back, the not eligible stay out.
  await page.getByTestId('deal-filter-listing-restriction').click();
  await page.getByRole('option', { name: 'Hide not eligible' }).click();
  await expect(approval.first()).toBeVisible();
  await expect(page.locator('[data-testid=listing-restriction][data-status=NOT_ELIGIBLE]')).toHaveCount(0);

  // An alert rule of only the products I can sell.
  dialog = await openRuleForm(page);
  await dialog.getByLabel('Name').fill('Sellable drops');
  await expect(dialog.getByText(/Alerts only drops Amazon says your seller account can sell/)).toBeVisible();
  await dialog.getByRole('switch', { name: 'Only products I can sell' }).check();
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  const rule = page.getByTestId('alert-rule').filter({ hasText: 'Sellable drops' });
  await expect(rule).toContainText('only products I can sell');
  await expect(rule.getByTestId('alert-rule-only-sellable-note')).toHaveCount(0);
  // Editing opens the form with the option on.
  await rule.getByRole('button', { name: 'Edit Sellable drops' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit alert rule' }).getByRole('switch', { name: 'Only products I can sell' })).toBeChecked();
  await page.keyboard.press('Escape');

  // Check again on a drop: the seller was approved in Seller Central meanwhile, Amazon is asked at once (one call,
  // despite the week's cached answer) and the row shows Can sell.
  await page.goto('/qogita-price-alerts?sort=bestRoiPercentage:desc');
  await expect(approval.first()).toBeVisible({ timeout: 30_000 });
  const ean = await approval.first().locator('xpath=ancestor::tr').getByTestId('drop-ean').innerText();
  const row = page.getByTestId('price-drop-row').filter({ has: page.getByTestId('drop-ean').getByText(ean, { exact: true }) });
  fake.state.rule = () => undefined;
  const calls = fake.state.restrictionCalls.length;
  await row.getByTestId('listing-check-again').click();
  await expect(row.getByTestId('listing-restriction')).toHaveAttribute('data-status', 'CAN_SELL', { timeout: 30_000 });
  await expect(row.getByRole('link', { name: 'Request approval on Amazon' })).toHaveCount(0);
  expect(fake.state.restrictionCalls.length - calls).toBe(1);
});
