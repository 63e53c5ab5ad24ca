import { expect, test } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  localPath,
  loginThroughScreen,
  logoutViaSidebar,
  newCredentials,
  readOutboxLink,
  regionDialog,
  registerConfirmedUser,
} from './helpers.ts';

test('register → confirm from the e-mail → login → blocking region dialog → dashboard → logout', async ({ page }) => {
  const user = newCredentials();

  // A ?ref= code seen on any page travels to the registration as affiliateId.
  await page.goto('/login?ref=partner-7');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register?ref=partner-7');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  // The register screen is a lazy chunk: until it shows, the login form's 'Username or email' would match these labels.
  await expect(page.getByText('Create your account')).toBeVisible();
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user.username);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByLabel('Organization').fill(user.organization);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  const registerRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/register'));
  await page.getByRole('button', { name: 'Sign Up' }).click();
  expect((await registerRequest).postDataJSON()).toMatchObject({
    username: user.username,
    email: user.email,
    organization: user.organization,
    affiliateId: 'partner-7',
  });
  await expect(page.getByText('Registration successful! Please check your email to confirm.')).toBeVisible();

  // Logging in before confirming is refused with a clear sentence.
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('form-error')).toContainText(/confirm/i);
  await expect(page).toHaveURL(/\/login$/);

  // The link of the confirmation e-mail confirms the address; opening it again does no harm.
  const link = await readOutboxLink(user.email, '/auth/confirm');
  await page.goto(localPath(link));
  await expect(page.getByText('Your email has been successfully confirmed.')).toBeVisible();
  await page.goto(localPath(link).replace('/auth/confirm', '/confirm-email'));
  await expect(page.getByText('Your email has been successfully confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The region dialog blocks: no close button, Escape and a click outside do nothing.
  const dialog = regionDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Please select a region')).toBeVisible();

  // Continental Europe sends DE and broadcasts 'countryChanged'.
  await page.evaluate(() => {
    window.addEventListener('countryChanged', (event) => {
      (window as unknown as { lastCountryChange: unknown }).lastCountryChange = (event as CustomEvent).detail;
    });
  });
  const selectRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/select-country'));
  await dialog.getByText('Continental Europe').click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  expect((await selectRequest).postDataJSON()).toEqual({ countryCode: 'DE' });
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { lastCountryChange: unknown }).lastCountryChange)).toEqual({
    country: 'DE',
    currency: 'EUR',
    currencySymbol: '€',
  });

  // The choice persists on the server: no dialog after a reload.
  await page.reload();
  await expect(page.getByTestId('sidebar-email')).toHaveText(user.email);
  await expect(page.getByTestId('sidebar-tier')).toHaveText('FREE');
  await page.waitForLoadState('networkidle');
  await expect(regionDialog(page)).toHaveCount(0);

  // Logout revokes the session, removes the token and goes to /login; protected pages then send to /login.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await logoutViaSidebar(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const revoked = await page.request.get('/api/user/settings', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('choosing the United Kingdom in the region dialog sends UK', async ({ page }) => {
  const user = await registerConfirmedUser(page.request);
  await loginThroughScreen(page, user.username, user.password, { country: null });
  const dialog = regionDialog(page);
  await expect(dialog).toBeVisible();
  const selectRequest = page.waitForRequest((request) => request.url().endsWith('/api/auth/select-country'));
  await dialog.getByText('United Kingdom').click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  expect((await selectRequest).postDataJSON()).toEqual({ countryCode: 'UK' });
  await expect(dialog).toBeHidden();
  const token = await apiLogin(page.request, user.username, user.password);
  const country = await page.request.get('/api/user/settings/primary-country', { headers: { Authorization: `Bearer ${token}` } });
  expect(await country.json()).toMatchObject({ country: 'UK', currency: 'GBP' });
});

test('the login form explains empty fields and wrong passwords', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Username or email').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
});

test('a user opening an admin route is sent to /dashboard; without a token every protected route goes to /login', async ({ page }) => {
  for (const route of ['/settings', '/dashboard', '/users', '/']) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/login$/);
  }
  const user = await registerConfirmedUser(page.request);
  await loginThroughScreen(page, user.username, user.password);
  for (const route of ['/users', '/csv-template-analyzer', '/ean-asin-mapping']) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an invited user confirms the address and sets a password at /confirm-password/{token}, then signs in', async ({ page }) => {
  const invitee = newCredentials();
  const adminToken = await apiLogin(page.request, ADMIN.username, ADMIN.password);
  const invited = await page.request.post('/api/users/invite', {
    data: { username: invitee.username, email: invitee.email, organization: invitee.organization },
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  const link = await readOutboxLink(invitee.email, '/confirm-password/');
  await page.goto(localPath(link));
  await expect(page.getByTestId('confirm-password-email')).toHaveText(invitee.email);

  const fields = { password: page.getByLabel('New password'), confirmation: page.getByLabel('Confirm password') };
  const submit = page.getByRole('button', { name: 'Set password' });
  await fields.password.fill('one-password');
  await fields.confirmation.fill('another-password');
  await submit.click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await fields.password.fill('short');
  await fields.confirmation.fill('short');
  await submit.click();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();

  await fields.password.fill(invitee.password);
  await fields.confirmation.fill(invitee.password);
  await submit.click();
  await expect(page.getByTestId('form-success')).toBeVisible();
  const shownAt = Date.now();
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2000);

  await loginThroughScreen(page, invitee.username, invitee.password);
  await expect(page.getByTestId('sidebar-email')).toHaveText(invitee.email);
});

test('forgot password → e-mailed link → reset password → sign in with the new password', async ({ page }) => {
  const user = await registerConfirmedUser(page.request);
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If the email exists, a reset link has been sent.')).toBeVisible();

  const link = await readOutboxLink(user.email, 'reset-password');
  await page.goto(localPath(link));
  await page.getByLabel('New password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successful. You can now log in.')).toBeVisible();

  // The link is single-use; /auth/reset-password reads the token the same way.
  await page.goto(localPath(link).replace('/reset-password', '/auth/reset-password'));
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('New password').fill('yet-another-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Invalid or expired token.');

  await loginThroughScreen(page, user.username, 'a-brand-new-password');
});

test('confirmation pages without a token say so', async ({ page }) => {
  await page.goto('/confirm-email');
  await expect(page.getByText('No confirmation token provided.')).toBeVisible();
  await page.goto('/auth/confirm?token=not-a-real-token');
  await expect(page.getByTestId('confirm-error')).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid or expired token.')).toBeVisible();
  // A refused invitation link closes the form and offers a fresh link through the reset flow.
  await page.goto('/confirm-password/not-a-real-token');
  await expect(page.getByTestId('form-error')).toHaveText('Invalid or expired token.');
  await expect(page.getByLabel('New password')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Set password' })).toBeDisabled();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an admin whose country is set meets no region dialog', async ({ page }) => {
  await loginThroughScreen(page, ADMIN.username, ADMIN.password);
  await page.waitForLoadState('networkidle');
  await expect(regionDialog(page)).toHaveCount(0);
});

test('when the region check fails the dialog shows; a session the server rejects goes to the login page', async ({ page }) => {
  const user = await registerConfirmedUser(page.request);
  await loginThroughScreen(page, user.username, user.password, { country: 'UK' });

  // The check call fails (SPEC §4): the region dialog shows.
  await page.route('**/api/user/settings/primary-country', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
  );
  await page.reload();
  await expect(regionDialog(page)).toBeVisible();
  await page.unroute('**/api/user/settings/primary-country');

  // The session is revoked behind the page's back (e.g. logged out in another tab): its next call answers 401, the
  // session check confirms it, and the user is on the login screen without the token.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const revoked = await page.request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('registering with an address that has an account shows the success message and mails its owner; a taken username says so', async ({ page }) => {
  // The server answers a known address like a new registration (no account enumeration).
  const owner = await registerConfirmedUser(page.request);
  const fill = async (username: string, email: string) => {
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel('Organization').fill('Someone Else Ltd');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('another-password-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
  };
  await fill(newCredentials().username, owner.email);
  await expect(page.getByText('Registration successful! Please check your email to confirm.')).toBeVisible();
  expect(await readOutboxLink(owner.email, '/forgot-password')).toMatch(/\/forgot-password$/);

  await fill(owner.username, newCredentials().email);
  await expect(page.getByTestId('form-error')).toHaveText('This username is already taken.');
});
