import { expect, test } from '@playwright/test';
import { signInNewUser } from './helpers.ts';
import { refreshPricesNow, shot, signInWithTier } from './price-drops.helpers.ts';

/**
 * Price Drops Dashboard: a GROWTH user sees live drops after a refresh; a FREE user sees the example data and
 * the upgrade banner and makes no live-data call.
 */

test('a GROWTH user sees live drops on the dashboard after a refresh', async ({ page }) => {
  test.setTimeout(180_000);
  await refreshPricesNow(page.request);
  const liveCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/price-alerts/dashboard/')) liveCalls.push(new URL(r.url()).pathname);
  });
  await signInWithTier(page, 'GROWTH');
  await expect(page.getByText('Real-time price drop monitoring and analytics')).toBeVisible();
  await expect(page.getByTestId('dashboard-data-badge')).toHaveText('LIVE MONITORING');
  await expect(page.getByTestId('example-data-banner')).toHaveCount(0);
  await expect(page.getByTestId('demo-data-badge')).toBeVisible();

  const total = page.getByTestId('summary-total-drops');
  await expect(total).not.toContainText(/^Total Price Drops0$/);
  const totalDrops = Number((await total.innerText()).replace(/\D/g, ''));
  expect(totalDrops).toBeGreaterThan(0);
  await expect(page.getByTestId('summary-avg-discount')).toContainText(/\d+\.\d%/);
  await expect(page.getByTestId('summary-top-brand')).not.toContainText('N/A');

  const hot = page.getByTestId('hot-deal');
  await expect(hot).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Hot Deals' })).toContainText('Top 5');
  await expect(hot.first()).toContainText(/-\d+\.\d%/);
  await expect(hot.first()).toContainText('€');
  await expect(hot.first()).toContainText(/left/);
  await expect(hot.first().getByRole('link', { name: /View on/ })).toHaveAttribute('href', /qogita\.com/);
  const recent = page.getByTestId('recent-drop');
  expect(await recent.count()).toBeGreaterThan(0);
  expect(await recent.count()).toBeLessThanOrEqual(5);
  await expect(page.getByText(/\d+ drops/).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top Brands by Price Drops' }).getByTestId('top-brand').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Daily Drops' }).getByRole('list', { name: 'Drops per day' }).locator('[data-testid=daily-trend-bar]:visible').first(),
  ).toBeVisible();
  expect(new Set(liveCalls)).toEqual(
    new Set([
      '/api/price-alerts/dashboard/overview',
      '/api/price-alerts/dashboard/hot-deals',
      '/api/price-alerts/dashboard/recent-drops',
      '/api/price-alerts/dashboard/analytics',
    ]),
  );
  await shot(page, 'dashboard-growth');

  // Refresh reloads every panel (the refresh counter grows).
  const callsBefore = liveCalls.length;
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-refresh-counter', '1');
  await expect.poll(() => liveCalls.length).toBeGreaterThanOrEqual(callsBefore + 4);

  // A country change sets the currency and reloads. Qogita's prices are euro: a UK user sees them first, with the
  // pounds, the rate and its day beside them (the money rule, docs/money.md).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const changed = await page.request.post('/api/user/settings/primary-country', { data: { countryCode: 'UK' }, headers: { Authorization: `Bearer ${token}` } });
  expect(changed.ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('countryChanged', { detail: { country: 'UK', currency: 'GBP', currencySymbol: '£' } })));
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-refresh-counter', '2');
  await expect(page.getByTestId('hot-deal-new-price').first()).toHaveText(/^€[\d,]+\.\d{2} · £[\d,]+\.\d{2} at \d\.\d{4} on \d{1,2} [A-Z][a-z]{2}$/);
  await expect(page.getByTestId('recent-drop-new-price').first()).toContainText(/€[\d,]+\.\d{2}.*£[\d,]+\.\d{2} at \d\.\d{4} on/);
});

test('a FREE user sees the example data and the upgrade banner, and makes no live-data call', async ({ page }) => {
  const liveCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/price-alerts')) liveCalls.push(r.url());
  });
  await signInNewUser(page, { country: 'DE' });
  await expect(page.getByText('Example price drop monitoring and analytics')).toBeVisible();
  const banner = page.getByTestId('example-data-banner');
  await expect(banner).toContainText('Example Data');
  await expect(banner).toContainText(
    'You are viewing example data. To access real-time price monitoring and analytics, please upgrade to a Growth or Pro plan.',
  );
  await expect(page.getByTestId('summary-total-drops')).toContainText('247');
  await expect(page.getByTestId('summary-avg-discount')).toContainText('23.4%');
  await expect(page.getByTestId('hot-deal')).toHaveCount(3);
  await expect(page.getByTestId('recent-drop')).toHaveCount(2);
  // The header and the badge say what is shown: example data, its three hot deals.
  await expect(page.getByTestId('dashboard-data-badge')).toHaveText('EXAMPLE DATA');
  await expect(page.getByText('LIVE MONITORING')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Hot Deals' }).getByText('Top 3', { exact: true })).toBeVisible();
  await expect(page.getByText('Top 5')).toHaveCount(0);
  await expect(page.getByText('Last 2h')).toBeVisible();
  await expect(page.getByTestId('category-Small')).toContainText('96 drops');
  await shot(page, 'dashboard-free');

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('dashboard')).toHaveAttribute('data-refresh-counter', '1');
  await page.goto('/qogita-price-alerts');
  await expect(page.getByTestId('example-data-banner')).toBeVisible();
  await expect(page.getByTestId('price-drop-row')).toHaveCount(5);
  await expect(page.getByTestId('stat-total-drops')).toContainText('247');
  await shot(page, 'price-alerts-free');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  expect(liveCalls).toEqual([]);
});

test('a UK FREE user sees the example prices in pounds, like live data', async ({ page }) => {
  await signInNewUser(page, { country: 'UK' });
  const hot = page.getByTestId('hot-deal');
  await expect(hot).toHaveCount(3);
  for (const text of await hot.allInnerTexts()) {
    expect(text).toContain('£');
    expect(text).not.toContain('€');
  }
  // Olaplex's example price €11.45 → £9.73 at the example's illustrative rate; the drop stays -42.5%.
  await expect(hot.first().getByTestId('hot-deal-new-price')).toHaveText('£9.73');
  await expect(hot.first()).toContainText('-42.5%');
  await expect(page.getByTestId('recent-drop').first()).toContainText('£');
  await page.goto('/qogita-price-alerts');
  const rows = page.getByTestId('price-drop-row');
  await expect(rows).toHaveCount(5);
  for (const text of await rows.allInnerTexts()) expect(text).not.toContain('€');
  await expect(rows.first()).toContainText('£');

  // Continental Europe shows the same example in euro.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('countryChanged', { detail: { country: 'DE', currency: 'EUR', currencySymbol: '€' } })));
  await expect(rows.first()).toContainText('€');
});

test('empty answers show the empty states; a failed load shows the loading text, then the error toast', async ({ page }) => {
  const empty: Record<string, unknown> = {
    overview: { totalDrops: 0, totalSavings: 0, avgDiscount: 0, topBrand: null, recentDrops: 0, currency: 'EUR' },
    'hot-deals': [],
    'recent-drops': [],
    analytics: { dropsByCategory: {}, dropsByPriority: {}, topBrands: [], dailyTrend: [] },
  };
  let fail = false;
  await page.route('**/api/price-alerts/dashboard/*', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').at(-1)!;
    if (fail) {
      await new Promise((r) => setTimeout(r, 1500));
      return route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.' } });
    }
    return route.fulfill({ json: empty[name] });
  });
  await signInWithTier(page, 'GROWTH');
  await expect(page.getByText('No hot deals found')).toBeVisible();
  await expect(page.getByText('No recent drops')).toBeVisible();
  await expect(page.getByText('No category data available')).toBeVisible();
  await expect(page.getByTestId('summary-top-brand')).toContainText('N/A');
  await expect(page.getByTestId('summary-avg-discount')).toContainText('0.0%');
  await expect(page.getByRole('region', { name: 'Top Brands by Price Drops' })).toHaveCount(0);

  fail = true;
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('Loading dashboard data...')).toBeVisible();
  // One assertion for title and message, so a slow machine cannot outlive the toast between two checks.
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Failed to load dashboard data' }).filter({ hasText: 'Error' })).toBeVisible();
});

/** WCAG contrast ratio of two rgb()/rgba() colours as getComputedStyle gives them (an opaque background). */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (hi! + 0.05) / (lo! + 0.05);
}

test('drop category badges are readable: every badge on the dashboard has a contrast of at least 4.5:1', async ({ page }) => {
  // The example data's hot deals are Medium (orange, Lighthouse's finding: 3.6:1) and its recent drops Small (yellow).
  await signInNewUser(page, { country: 'DE' });
  const badges = page.getByTestId('drop-category-badge');
  await expect(badges).toHaveCount(5);
  const measured = await badges.evaluateAll((nodes) =>
    nodes.map((node) => {
      const label = node.querySelector('.mantine-Badge-label') ?? node;
      return {
        text: node.textContent,
        colour: node.getAttribute('data-colour'),
        foreground: getComputedStyle(label).color,
        background: getComputedStyle(node).backgroundColor,
      };
    }),
  );
  expect(new Set(measured.map((m) => m.text))).toEqual(new Set(['Medium', 'Small']));
  expect(new Set(measured.map((m) => m.colour))).toEqual(new Set(['orange', 'yellow']));
  for (const badge of measured) {
    expect(badge.background, badge.text!).toMatch(/^rgb\(/); // opaque, so the ratio is what the eye sees
    expect(contrastRatio(badge.foreground, badge.background), `${badge.text}: ${badge.foreground} on ${badge.background}`).toBeGreaterThanOrEqual(4.5);
  }
});
