import { expect, test } from '@playwright/test';

test('an unauthenticated visitor of / lands on /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the terms and conditions are public and cover the required points', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  for (const heading of ['Eligibility', 'Acceptable use', 'Subscriptions and payment', 'Refunds', 'Governing law']) {
    await expect(page.getByRole('heading', { name: new RegExp(heading) })).toBeVisible();
  }
  await expect(page.getByText(/18 years of age or older/)).toBeVisible();
  await expect(page.getByText(/within 14 days/)).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('an unreadable or expired token counts as no session: protected pages go to /login without the shell', async ({ page }) => {
  const expired = [
    'eyJhbGciOiJIUzI1NiJ9',
    btoa(JSON.stringify({ sub: 'x', role: 'USER', id: 'x', email: 'x@example.test', subscriptionTier: 'FREE', exp: 1 })).replace(/=+$/, ''),
    'sig',
  ].join('.');
  for (const token of ['garbage', expired]) {
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
  }
});
