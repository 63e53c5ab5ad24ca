import { expect, test, type Page } from '@playwright/test';
import { apiLogin, ADMIN, signInNewUser } from './helpers.ts';

/** The signed-in user's token claims, read from local storage. */
async function claims(page: Page): Promise<{ id: string; email: string; subscriptionTier: string }> {
  return page.evaluate(() => {
    const token = localStorage.getItem('token') ?? '';
    const part = token.split('.')[1] ?? '';
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
  });
}

test('a FREE user sees Current Plan on FREE and Buy Plan links to the checkout with price, e-mail and user id', async ({ page }) => {
  const user = await signInNewUser(page);
  const { id } = await claims(page);
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  const free = page.getByTestId('plan-FREE');
  await expect(free.getByText('Current Plan')).toBeVisible();
  await expect(free.getByRole('link', { name: 'Buy Plan' })).toHaveCount(0);
  await expect(page.getByTestId('plan-prodtest')).toHaveCount(0);
  await expect(page.getByTestId('plan-PRO').getByText('Unlimited').first()).toBeVisible();
  await expect(page.getByTestId('plan-GROWTH').getByText('€49')).toBeVisible();

  for (const name of ['STARTER', 'GROWTH', 'PRO']) {
    const link = page.getByTestId(`plan-${name}`).getByRole('link', { name: 'Buy Plan' });
    const href = await link.getAttribute('href');
    const url = new URL(href ?? '');
    expect(url.origin + url.pathname).toBe('https://checkout.paddle.com/checkout');
    expect(url.searchParams.get('price_id')).toMatch(/^pri_/);
    expect(url.searchParams.get('user_email')).toBe(user.email);
    expect(url.searchParams.get('user_id')).toBe(id);
  }
});

test('an exhausted EAN limit shows the alert on Settings, and a plan change shows without logging out', async ({ page }) => {
  await signInNewUser(page);
  const { id } = await claims(page);
  const adminToken = await apiLogin(page.request, ADMIN.username, ADMIN.password);
  const admin = { Authorization: `Bearer ${adminToken}` };
  const usage = await page.request.put(`/api/admin/users/${id}/usage`, { headers: admin, data: { eanUploadsThisMonth: 100 } });
  expect(usage.status(), await usage.text()).toBe(200);

  await page.goto('/settings');
  const alert = page.getByTestId('ean-limit-alert');
  await expect(alert.getByText('EAN Upload Limit Exhausted')).toBeVisible();
  await expect(alert.getByText('You have used all 100 EAN uploads for this month.')).toBeVisible();
  await alert.getByRole('link', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);

  // A payment (here: support) moves the organization to GROWTH. Back from the checkout, the page's status call
  // answers with a fresh token: the sidebar and the plan cards follow without logging out.
  const tier = await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier: 'GROWTH' } });
  expect(tier.status(), await tier.text()).toBe(200);
  await page.goto('/subscription?checkout=success');
  await expect(page.getByTestId('sidebar-tier')).toHaveText('GROWTH');
  await expect(page.getByTestId('plan-GROWTH').getByText('Current Plan')).toBeVisible();
  expect((await claims(page)).subscriptionTier).toBe('GROWTH');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByTestId('usage-tier')).toHaveText('GROWTH');
  await expect(page.getByTestId('ean-limit-alert')).toHaveCount(0);

  // Support moves it to PRO while the user keeps working in the app: the next call brings the new tier along.
  await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier: 'PRO' } });
  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.getByTestId('sidebar-tier')).toHaveText('PRO');
  await expect(page.getByTestId('plan-PRO').getByText('Current Plan')).toBeVisible();
  await expect(page.getByTestId('plan-FREE').getByText('Current Plan')).toHaveCount(0);
});

test('error states of SPEC §8: plans that cannot load, settings that cannot load, a help message that cannot be sent', async ({ page }) => {
  await signInNewUser(page);
  await page.route('**/api/subscription-tiers', (route) =>
    route.fulfill({ status: 500, json: { error: 'Something went wrong on our side. Please try again.' } }),
  );
  await page.goto('/subscription');
  await expect(page.getByText('Failed to load subscription plans. Please try again later.')).toBeVisible();

  await page.route('**/api/user/settings/info', (route) => route.fulfill({ status: 500, body: 'not json' }));
  await page.goto('/settings');
  await expect(page.getByText('Failed to load settings, user info, or subscription')).toBeVisible();

  // 'Failed to update primary country', or the answer's message field when present.
  let withMessage = true;
  await page.route('**/api/user/settings/primary-country', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: withMessage ? { message: 'The country service is busy.' } : {} })
      : route.fallback(),
  );
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.click();
  await page.getByRole('option', { name: 'Continental Europe (EUR)' }).click();
  await expect(page.getByText('The country service is busy.')).toBeVisible();
  withMessage = false;
  await country.click();
  await page.getByRole('option', { name: 'Continental Europe (EUR)' }).click();
  await expect(page.getByText('Failed to update primary country')).toBeVisible();

  await page.route('**/api/help', (route) => route.fulfill({ status: 502, body: '' }));
  await page.goto('/help');
  await page.getByLabel('Message').fill('Where is my invoice?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Failed to send message.')).toBeVisible();
});

/** A new user moved to `tier` by the admin (support), signed in; their claims. */
async function signInOnPlan(page: Page, tier: string) {
  await signInNewUser(page);
  const { id } = await claims(page);
  const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
  const res = await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a PRO user is offered no second checkout, but Change and Manage; without a Paddle API key they say billing is not configured', async ({ page }) => {
  await signInOnPlan(page, 'PRO');
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Your Plan' })).toBeVisible();
  await expect(page.getByTestId('plan-PRO').getByText('Current Plan')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy Plan' })).toHaveCount(0);
  for (const name of ['STARTER', 'GROWTH']) {
    const change = page.getByTestId(`plan-${name}`).getByRole('button', { name: 'Change to this plan' });
    await expect(change).toBeVisible();
    await expect(change).toBeDisabled();
  }
  await expect(page.getByTestId('plan-FREE').getByText('Included when no paid plan is active.')).toBeVisible();
  const manage = page.getByTestId('manage-subscription');
  await expect(manage.getByRole('button', { name: 'Manage subscription' })).toBeDisabled();
  await expect(manage.getByTestId('billing-unavailable')).toHaveText(
    'Billing is not configured on this server, so plan changes and the customer portal are not available here. Please contact DealRadar support to change or cancel your plan.',
  );
  // The server says the same, and changes nothing (no fake success).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.post('/api/billing/subscription/change', { headers: { Authorization: `Bearer ${token}` }, data: { tier: 'GROWTH' } });
  expect(res.status()).toBe(503);
  expect(((await res.json()) as { error: string }).error).toMatch(/^Billing is not configured on this server/);
  await page.reload();
  await expect(page.getByTestId('plan-PRO').getByText('Current Plan')).toBeVisible();
});

test('with billing configured (Paddle answers stubbed), Change shows what changes and when, then waits for Paddle; Manage opens the portal', async ({
  page,
  baseURL,
}) => {
  await signInOnPlan(page, 'PRO');
  // The server's answers as they are with PADDLE_API_KEY and a Paddle subscription (the API tests cover the server side).
  await page.route('**/api/organization/subscription-status', async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...real, subscriptionStatus: 'active', billing: { configured: true, hasSubscription: true } } });
  });
  await page.route('**/api/billing/subscription/preview-change', (route) =>
    route.fulfill({
      json: { fromTier: 'PRO', toTier: 'GROWTH', currency: 'EUR', now: { action: 'credit', amount: 25 }, next: { amount: 49, at: '2026-12-15T10:00:00Z' } },
    }),
  );
  let changed: unknown;
  await page.route('**/api/billing/subscription/change', (route) => {
    changed = route.request().postDataJSON();
    return route.fulfill({
      status: 202,
      json: {
        message: 'Paddle accepted the change to GROWTH. Your plan changes here as soon as Paddle confirms it, usually within a minute.',
        toTier: 'GROWTH',
      },
    });
  });
  const portalUrl = `${baseURL}/portal-stub`;
  await page.route('**/api/billing/portal-session', (route) => route.fulfill({ json: { url: portalUrl, cancelUrl: null, updatePaymentMethodUrl: null } }));
  await page.route('**/portal-stub', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Paddle customer portal</h1>' }));

  await page.goto('/subscription');
  await page.getByTestId('plan-GROWTH').getByRole('button', { name: 'Change to this plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to GROWTH?' });
  await expect(dialog.getByTestId('plan-change-differences')).toContainText('EAN uploads per month: Unlimited → 20,000');
  const timing = dialog.getByTestId('plan-change-timing');
  await expect(timing).toContainText('Your plan changes from PRO to GROWTH as soon as Paddle confirms it, usually within a minute.');
  await expect(timing).toContainText('Paddle credits €25.00 to your balance now for the unused part of PRO');
  await expect(timing).toContainText('you pay €49.00 per billing period');
  await dialog.getByRole('button', { name: 'Change to GROWTH' }).click();
  await expect(dialog).toBeHidden();
  expect(changed).toEqual({ tier: 'GROWTH' });
  // Still PRO until Paddle's webhook confirms: the page says it is waiting.
  await expect(page.getByTestId('plan-change-pending')).toContainText('Changing to GROWTH');
  await expect(page.getByTestId('plan-PRO').getByText('Current Plan')).toBeVisible();

  await page.getByTestId('manage-subscription').getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page).toHaveURL(portalUrl);
  await expect(page.getByRole('heading', { name: 'Paddle customer portal' })).toBeVisible();
});
