import { expect, test, type Page } from '@playwright/test';
import type { PriceDropItem } from '@dealradar/shared/contracts/price-drops';
import { DATE_TIME_PATTERN } from '../src/lib/date-format.ts';
import { signInNewUser } from './helpers.ts';
import { signInWithTier } from './price-drops.helpers.ts';

/** Date format, badges, confirm-password without a token, the price-alerts table. */

// Each test signs a new user in (some through the admin API first): more than a minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Worst-case rows for the price-alerts layout: long names and brands, four-digit pound prices, links, ROI badges. */
function wideDrops(count: number): PriceDropItem[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    id: 1000 + i,
    productId: `400580815823${i}`,
    productName: `L'Oréal Paris Revitalift Laser X3 Anti-Ageing Triple Action Day Cream SPF 25 with Hyaluronic Acid 50ml Variant ${i}`,
    productBrand: i % 2 ? "L'Oréal Paris Professionnel" : 'Schwarzkopf Professional',
    productCategory: 'Skin Care',
    productPrimaryIdentifier: `400580815823${i}`,
    stock: 12_480 + i,
    oldPriceExclVat: 1234.56,
    oldPriceInclVat: 1481.47,
    newPriceExclVat: 987.65,
    newPriceInclVat: 1185.18,
    priceDropPercentage: 20 + i,
    dropCategory: 'SMALL',
    priority: 'VERY_HIGH',
    dropIcon: 'trending-down',
    detectedAt: new Date(now - i * 60_000).toISOString(),
    expiresAt: new Date(now + 86_400_000).toISOString(),
    qogitaLink: `https://www.qogita.com/products/${i}`,
    productImageUrl: null,
    currency: 'GBP',
    bestRoiPercentage: 84.6,
    bestRoiMarket: 'UK',
  }));
}

async function serveWideDrops(page: Page, count = 8): Promise<void> {
  await page.route('**/api/price-alerts/price-drops?*', (route) => route.fulfill({ json: { content: wideDrops(count), totalPages: 1, totalElements: count } }));
}

test('dates read the same on every screen: "23 Nov 2026, 14:13"', async ({ page }) => {
  await signInNewUser(page, { country: 'DE' });
  // Dashboard (example data): the recent drops' detection times.
  const recent = page.getByTestId('recent-drop');
  await expect(recent).toHaveCount(2);
  for (const text of await recent.getByTestId('recent-drop-time').allInnerTexts()) expect(text.trim()).toMatch(DATE_TIME_PATTERN);
  // Price Alerts: the last update and every detection time.
  await page.goto('/qogita-price-alerts');
  await expect(page.getByTestId('stat-last-update')).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  const cells = page.getByTestId('price-drop-row').getByTestId('drop-detected');
  await expect(cells).toHaveCount(5);
  for (const text of await cells.allInnerTexts()) expect(text.replace(/\s+/g, ' ').trim()).toMatch(DATE_TIME_PATTERN);
});

test("the dashboard badges read 'Top N' and 'Last 2h' as SPEC writes them, not uppercased", async ({ page }) => {
  await signInNewUser(page, { country: 'DE' });
  const hot = page.getByRole('region', { name: 'Hot Deals' });
  const recent = page.getByRole('region', { name: 'Recent Drops' });
  // A FREE user sees the example data's three hot deals: the badge says what is shown (docs/decisions/0023-example-data-for-free-and-starter.md).
  await expect(hot.locator('.mantine-Badge-root').first()).toHaveText('Top 3', { useInnerText: true });
  await expect(recent.locator('.mantine-Badge-root').first()).toHaveText('Last 2h', { useInnerText: true });
});

test("/confirm-password/ without a token shows 'No token provided.' instead of sending the visitor to /login", async ({ page }) => {
  for (const path of ['/confirm-password/', '/confirm-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByText('No token provided.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set password' })).toBeDisabled();
  }
});

for (const width of [1280, 1440]) {
  test(`at ${width} px the price-alerts table fits its card, every column visible without scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await serveWideDrops(page);
    await signInWithTier(page, 'GROWTH', 'UK', '/qogita-price-alerts');
    const table = page.getByTestId('price-drops-table');
    await expect(table.getByTestId('price-drop-row')).toHaveCount(8);
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
    // No sideways scrolling: the scroll area is as wide as its content.
    const overflow = await table.evaluate((el) => {
      let scroller: HTMLElement | null = el.parentElement;
      while (scroller && getComputedStyle(scroller).overflowX !== 'auto' && getComputedStyle(scroller).overflowX !== 'scroll')
        scroller = scroller.parentElement;
      return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    // The last columns sit inside the card, in the window.
    const card = table.locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
    const cardBox = (await card.boundingBox())!;
    for (const header of ['Category · Priority', 'Detected', 'Link']) {
      const box = (await table.getByRole('columnheader', { name: header }).boundingBox())!;
      expect(box.x + box.width, header).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(box.x + box.width, header).toBeLessThanOrEqual(width);
    }
    const firstRow = table.getByTestId('price-drop-row').first();
    await expect(firstRow.getByRole('link', { name: 'View on Qogita' })).toBeInViewport();
    await expect(firstRow.getByTestId('drop-priority-badge')).toBeInViewport();
    await expect(firstRow.getByTestId('drop-category-badge')).toBeInViewport();
  });
}

test('on a phone the ROI badge of a price-alert card has its label and its own line, apart from the drop', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await serveWideDrops(page, 2);
  await signInWithTier(page, 'GROWTH', 'UK', '/qogita-price-alerts');
  const card = page.getByTestId('price-drop-cards').getByTestId('price-drop-row').first();
  const roi = card.getByTestId('drop-card-roi');
  await expect(roi).toContainText('Best ROI on Amazon');
  await expect(roi).toContainText('84.6% UK');
  const roiBox = (await roi.boundingBox())!;
  const dropBox = (await card.getByText('-20.0%').boundingBox())!;
  expect(roiBox.y).toBeGreaterThanOrEqual(dropBox.y + dropBox.height);
});

test('Brand analyzer: the required-choice sentence shows only after a try with a missing choice', async ({ page }) => {
  await signInWithTier(page, 'GROWTH', 'DE', '/brand-level-analyzer');
  const config = page.getByTestId('scan-config-card');
  const start = config.getByRole('button', { name: 'Start Scan' });
  const required = config.getByText('Please select at least one brand and one market');
  // The region's market (DE) is chosen at first: remove it, so both choices are missing.
  const markets = config.getByRole('combobox', { name: 'Markets' });
  await expect(config.getByText('Germany (EUR)')).toBeVisible();
  await markets.click();
  await markets.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(start).toBeDisabled();
  await expect(required).toHaveCount(0);

  // A click (or Enter) on the disabled-looking button is the try.
  await start.click({ force: true });
  await expect(required).toBeVisible();
  await expect(config.getByRole('alert')).toHaveText('Please select at least one brand and one market');

  // Both chosen: the sentence gives way to the summary and Start Scan is enabled.
  const choose = async (name: 'Brands' | 'Markets') => {
    await config.getByRole('combobox', { name }).click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
  };
  await choose('Brands');
  await expect(required).toBeVisible();
  await choose('Markets');
  await expect(required).toHaveCount(0);
  await expect(config.getByText('1 brand × 1 market')).toBeVisible();
  await expect(start).toBeEnabled();
});
