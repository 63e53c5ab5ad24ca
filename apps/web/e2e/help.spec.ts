import { expect, test, type Page } from '@playwright/test';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { DATE_TIME_PATTERN } from '../src/lib/date-format.ts';
import { loginAsAdmin, readOutbox, signInNewUser } from './helpers.ts';

/** Searchable docs linked from the screens, users' messages with answers, answers by e-mail. */

test.describe.configure({ timeout: 180_000 });

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

test("the docs: search finds the answer and opens its section; administrators' pages stay hidden from users", async ({ page }) => {
  await signInNewUser(page, { country: 'DE', open: '/help' });
  const docs = page.getByTestId('help-doc-list');
  for (const title of [
    'Preparing a supplier file',
    'Deals Analyzer (csv)',
    'How profit and ROI are computed',
    'Price alerts: schedule and rules',
    'Plans and limits',
    'Brand Analysis',
    'Price Drops Dashboard',
  ]) {
    await expect(docs.getByRole('link', { name: title })).toBeVisible();
  }
  await expect(docs.getByRole('link', { name: 'Users (administrators)' })).toHaveCount(0);

  await page.getByLabel('Search the docs').fill('case price');
  const hit = page.getByTestId('help-search-hit').first();
  await expect(hit).toContainText('Preparing a supplier file · Case prices and pack sizes');
  await hit.getByRole('link').click();
  await expect(page).toHaveURL(/\/help\/supplier-files#case-prices$/);
  await expect(page.getByRole('heading', { name: 'Case prices and pack sizes' })).toBeInViewport();

  await page.goto('/help');
  await page.getByLabel('Search the docs').fill('weekends schedule');
  await expect(page.getByTestId('help-search-hit').first()).toContainText('Price alerts: schedule and rules');
  await page.getByLabel('Search the docs').fill('zebra unicorn');
  await expect(page.getByTestId('help-search-results')).toContainText('Nothing found for “zebra unicorn”');

  await page.goto('/help/users-admin');
  await expect(page).toHaveURL(/\/help$/);
});

test('every tool screen links to its help page', async ({ page }) => {
  await signInNewUser(page, { country: 'DE' });
  const screens: Array<[string, string]> = [
    ['/dashboard', 'dashboard'],
    ['/qogita-price-alerts', 'price-alerts'],
    ['/supplier-level-analyzer', 'deals-analyzer'],
    ['/brand-level-analyzer', 'brand-analysis'],
    ['/settings', 'settings'],
    ['/subscription', 'plans-and-limits'],
  ];
  for (const [path, doc] of screens) {
    await page.goto(path);
    await expect(page.getByTestId('help-link').first(), path).toHaveAttribute('href', `/help/${doc}`);
  }
  await page.goto('/supplier-level-analyzer');
  await expect(page.getByRole('link', { name: 'How to prepare a supplier file' })).toHaveAttribute('href', '/help/supplier-files');
  await page.goto('/help/price-alerts');
  await expect(page.getByRole('heading', { name: 'When prices are checked' })).toBeVisible();
  await expect(page.getByTestId('help-doc')).toContainText('every 6 hours (midnight, 6 AM, noon, 6 PM)');
});

test('the "?" next to the profit breakdown opens how profit and ROI are computed', async ({ page }) => {
  await signInNewUser(page, { country: 'DE' });
  // Demo-catalogue products at 40 % of their base price: deals on the FREE plan's 25 % ROI.
  const { variants } = demoCatalogue();
  const rows = variants
    .filter((v) => v.basePrice >= 1500)
    .slice(0, 12)
    .map((v) => ({ ean: v.gtin, brand: v.brand, price: Math.round(v.basePrice * 0.4) / 100 }));
  const started = await page.request.post('/api/supplier-analyzer/start', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: { marketId: 'DE', rows },
  });
  expect(started.status(), await started.text()).toBe(200);

  await page.goto('/supplier-level-analyzer');
  const breakdownButton = page.getByRole('button', { name: 'Profit breakdown' }).first();
  await expect(breakdownButton).toBeVisible({ timeout: 60_000 });
  await breakdownButton.click();
  const dialog = page.getByRole('dialog', { name: /Profit breakdown/ });
  const help = dialog.getByRole('link', { name: 'How profit and ROI are computed' });
  await expect(help).toHaveAttribute('href', '/help/profit-and-roi#fee-lines');
  const [popup] = await Promise.all([page.waitForEvent('popup'), help.click()]);
  await expect(popup).toHaveURL(/\/help\/profit-and-roi#fee-lines$/);
  await expect(popup.getByRole('heading', { name: 'The lines of a profit breakdown' })).toBeInViewport();
  for (const line of ['Buy box price', 'VAT', 'Referral fee', 'FBA fee', 'Cost', 'Profit', 'ROI']) {
    await expect(popup.locator('#fee-lines').getByRole('cell', { name: line, exact: true })).toBeVisible();
  }
  // The analyzer stays as it was in its own tab.
  await expect(dialog).toBeVisible();
});

test('a user sends a message; an admin answers from the help table; the user reads the answer under Help and by e-mail', async ({ page, browser }) => {
  const user = await signInNewUser(page, { country: 'DE' });
  const message = `Why does my Nivea list find no deals? ${Date.now()}`;
  await page.goto('/help');
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message has been sent!')).toBeVisible();
  const mine = page.getByTestId('my-help-request').filter({ hasText: message });
  await expect(mine).toContainText('Waiting for an answer');

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await loginAsAdmin(admin, { open: '/help' });
    const table = admin.getByTestId('help-requests-table');
    await expect(table.getByRole('columnheader')).toHaveText(['User', 'Message', 'Date']);
    const row = table.getByTestId('help-request-row').filter({ hasText: message });
    await expect(row).toContainText(user.username);
    expect((await row.getByTestId('help-request-date').innerText()).trim()).toMatch(DATE_TIME_PATTERN);
    await row.getByRole('button', { name: `Answer ${user.username}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Answer ${user.username}` });
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect(dialog.getByTestId('form-error')).toHaveText('Answer is required');
    await dialog.getByLabel('Answer').fill('Your prices are per case of 6: choose the Units column in the dialog.');
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect(admin.getByText(`Answer sent to ${user.username} by e-mail.`)).toBeVisible();
    await expect(row).toContainText('Your prices are per case of 6');
    await expect(row.getByRole('button', { name: `Answer ${user.username}` })).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  const mail = readOutbox(user.email).find((m) => m.subject === 'DealRadar support has answered your message');
  expect(mail?.text).toContain('Your prices are per case of 6');
  expect(mail?.text).toContain(`> ${message}`);
  await page.reload();
  await expect(mine.getByTestId('help-answer')).toContainText('Your prices are per case of 6: choose the Units column in the dialog.');
  await expect(mine).toContainText('Answered');
});
