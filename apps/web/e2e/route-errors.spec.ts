import { expect, test, type Page } from '@playwright/test';
import { E2E_WEB_DIR } from '../../../playwright.config.ts';
import { readManifest } from './bundle-graph.ts';
import { signInNewUser } from './helpers.ts';

/** The URL path of the chunk of one screen (its code is loaded when the screen is first opened). */
function screenChunk(route: string): string {
  const chunk = readManifest(E2E_WEB_DIR)[`src/app/routes/${route}.tsx`];
  if (!chunk) throw new Error(`No chunk for ${route}`);
  return `/${chunk.file}`;
}

async function expectFriendlyError(page: Page, sentence: RegExp) {
  const error = page.getByTestId('route-error');
  await expect(error).toBeVisible();
  await expect(error.getByText('This page could not be shown')).toBeVisible();
  await expect(error.getByText(sentence)).toBeVisible();
  await expect(error.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The shell around the failed screen keeps working.
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

test('a screen that throws shows a friendly message in the shell, and a way back to the dashboard', async ({ page }) => {
  await signInNewUser(page);
  await expect(page.getByRole('heading', { name: 'Price Drops Dashboard' })).toBeVisible();
  await page.route(`**${screenChunk('help')}`, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("the help screen broke");' }));

  // The sidebar's link (it renders a moment after the screen; the dashboard has help links of its own).
  await page.getByTestId('sidebar').getByRole('link', { name: 'Help / Docs' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expectFriendlyError(page, /Something went wrong while showing this page/);
  await expect(page.getByText('the help screen broke')).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Price Drops Dashboard' })).toBeVisible();
  await expect(page.getByTestId('route-error')).toHaveCount(0);
});

test('a screen whose code cannot be downloaded says so and offers a reload that recovers', async ({ page }) => {
  await signInNewUser(page);
  await page.route(`**${screenChunk('settings')}`, (route) => route.abort('connectionfailed'));
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expectFriendlyError(page, /could not be loaded/);

  await page.unroute(`**${screenChunk('settings')}`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('route-error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
