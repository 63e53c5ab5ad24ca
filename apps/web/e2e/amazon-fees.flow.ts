import { expect, test } from '@playwright/test';
import { defaultFees, type FakeSpApi } from '../../server/test/sp-api/fake-sp-api.ts';
import { loginAsAdmin, signInNewUser } from './helpers.ts';
import { connectSellerInSettings, scanDemoSupplierList } from './supplier-scan.helpers.ts';

/**
 * Amazon's own fee estimate in the browser (docs/seller-account.md): connect the seller account with the
 * self-authorized form, scan, open a deal's breakdown, see Amazon's fees beside ours with the mark, choose Amazon's
 * and see the profit change. Registered by seller-account.spec.ts, which owns the SP-API look-alike of the test servers.
 */
export function amazonFeeTests(fake: () => FakeSpApi): void {
  test("a deal's breakdown shows Amazon's fee estimate beside ours, marks the difference, and choosing Amazon's changes the profit", async ({ page }) => {
    test.setTimeout(150_000);
    // Amazon charges this seller €1.50 more FBA fee than our rules know for every listing.
    fake().state.feeRule = (_asin, _marketplaceId, price) => ({ ...defaultFees(price), fba: 4.5 });
    await signInNewUser(page, { country: 'DE' });
    await connectSellerInSettings(page);

    await page.goto('/supplier-level-analyzer');
    await scanDemoSupplierList(page, 6);
    const deal = page.getByTestId('deal-card').first();
    await expect(deal).toBeVisible({ timeout: 15_000 });
    await deal.getByRole('button', { name: 'Profit breakdown' }).click();

    const fees = page.getByTestId('amazon-fees');
    await expect(fees).toBeVisible({ timeout: 20_000 });
    await expect(fees).toHaveAttribute('data-marked', 'true');
    await expect(fees.getByTestId('amazon-fees-mark')).toContainText('Differs by +€');
    const table = fees.getByTestId('amazon-fees-table');
    await expect(table.getByRole('columnheader', { name: 'Our fee rules' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Amazon' })).toBeVisible();
    for (const line of ['Referral fee', 'FBA fee', 'Closing fee', 'Digital Services Fee', 'Total']) {
      await expect(table.getByRole('cell', { name: line, exact: true })).toBeVisible();
    }
    await expect(table.getByRole('row', { name: /FBA fee/ })).toContainText('€4.50');

    const profit = fees.getByTestId('amazon-fees-profit');
    await expect(profit).toHaveAttribute('data-choice', 'RULES');
    const withRules = await profit.innerText();
    await fees.getByText("Amazon's estimate", { exact: true }).click();
    await expect(profit).toHaveAttribute('data-choice', 'AMAZON');
    await expect(profit).not.toHaveText(withRules);
    const amount = (text: string) => Number(/€(-?[\d.]+)/.exec(text.replace('−', '-'))![1]);
    expect(amount(await profit.innerText())).toBeLessThan(amount(withRules));
    await expect(fees.getByText(/the next scan, refresh or re-evaluation computes its profit with it/)).toBeVisible();

    // Reopening the breakdown costs no call (the day's estimate) and keeps the choice.
    const calls = fake().state.feeCalls.length;
    await page.keyboard.press('Escape');
    await deal.getByRole('button', { name: 'Profit breakdown' }).click();
    await expect(page.getByTestId('amazon-fees-profit')).toHaveAttribute('data-choice', 'AMAZON');
    expect(fake().state.feeCalls.length).toBe(calls);
  });

  test("product admins see where our fee rules drift from Amazon's estimates in Settings", async ({ page }) => {
    await loginAsAdmin(page, { open: '/settings' });
    const card = page.getByTestId('amazon-fee-drifts-card');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('amazon-fee-drifts-markets')).toContainText(/DE: \d+ compared, \d+ above €0\.05/);
    await expect(card.getByTestId('amazon-fee-drifts').getByText('above €0.05').first()).toBeVisible();
    await card.getByText('Most recent').click();
    await expect(card.getByTestId('amazon-fee-drifts').locator('tbody tr').first()).toBeVisible();
  });
}
