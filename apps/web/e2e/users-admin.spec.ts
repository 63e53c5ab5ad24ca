import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, apiLogin, loginAs, loginAsAdmin, registerConfirmedUser, type Credentials } from './helpers.ts';

/**
 * The Users screen's Edit and Delete work, and a plan change reaches the user's open screens within a minute
 * (the session check on focus and every minute, docs/web-shell.md).
 */

/** A confirmed user signed in on a page of their own browser context. */
async function userInOwnBrowser(browser: Browser): Promise<{ page: Page; credentials: Credentials; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const credentials = await registerConfirmedUser(page.request);
  await loginAs(page, credentials.username, credentials.password, { country: 'DE' });
  return { page, credentials, close: () => context.close() };
}

async function openUsers(page: Page, username: string) {
  await page.goto('/users');
  await page.getByLabel('Search').fill(username);
  const row = page.getByTestId(`user-row-${username}`);
  await expect(row).toBeVisible();
  return row;
}

// Two signed-in browsers and several sign-ins per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** The window regains focus (switching back from another tab or app). */
const regainFocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

test('an admin changes role, plan and organization from the table; the user sees the plan on focus without reloading', async ({ page, browser }) => {
  const user = await userInOwnBrowser(browser);
  try {
    await expect(user.page.getByTestId('sidebar-tier')).toHaveText('FREE');
    await expect(user.page.getByTestId('example-data-banner')).toBeVisible();

    await loginAsAdmin(page);
    const row = await openUsers(page, user.credentials.username);
    await row.getByRole('button', { name: `Edit ${user.credentials.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${user.credentials.username}` });
    // prodtest is offered to administrators only.
    await dialog.getByRole('combobox', { name: 'Plan' }).click();
    await expect(page.getByRole('option', { name: 'prodtest' })).toHaveCount(0);
    await page.getByRole('option', { name: 'GROWTH' }).click();
    await dialog.getByRole('textbox', { name: 'Organization' }).fill('Glow Wholesale GmbH');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`Changes to ${user.credentials.username} saved.`)).toBeVisible();
    await expect(row).toContainText('GROWTH');
    await expect(row).toContainText('Glow Wholesale GmbH');

    // The user's FREE example dashboard makes no server call; regaining focus checks the session.
    await regainFocus(user.page);
    await expect(user.page.getByTestId('sidebar-tier')).toHaveText('GROWTH');
    await expect(user.page.getByTestId('example-data-banner')).toHaveCount(0);
    await expect(user.page.getByText('Real-time price drop monitoring and analytics')).toBeVisible();
    await user.page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(user.page.getByTestId('usage-tier')).toHaveText('GROWTH');
    await expect(user.page.getByText('Glow Wholesale GmbH')).toBeVisible();

    // Role: the user becomes an admin and sees the Administration section after the next check.
    await row.getByRole('button', { name: `Edit ${user.credentials.username}` }).click();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(row.getByText('ADMIN')).toBeVisible();
    // Focus checks are at least 5 s apart: keep coming back until one goes through.
    await expect
      .poll(
        async () => {
          await regainFocus(user.page);
          return user.page.getByRole('link', { name: 'Users', exact: true }).count();
        },
        { timeout: 20_000, intervals: [1000] },
      )
      .toBe(1);
  } finally {
    await user.close();
  }
});

test('within a minute, with no focus change, the open screen follows a plan change', async ({ page, browser }) => {
  const context = await browser.newContext();
  const userPage = await context.newPage();
  try {
    await userPage.clock.install();
    const credentials = await registerConfirmedUser(userPage.request);
    await loginAs(userPage, credentials.username, credentials.password, { country: 'DE' });
    await expect(userPage.getByTestId('sidebar-tier')).toHaveText('FREE');
    const token = await apiLogin(page.request, credentials.username, credentials.password);
    const { id } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
    const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
    const res = await page.request.put(`/api/users/${id}`, { headers: admin, data: { subscriptionTier: 'PRO' } });
    expect(res.status(), await res.text()).toBe(200);

    const checked = userPage.waitForResponse((r) => r.url().endsWith('/api/auth/session'));
    await userPage.clock.runFor(61_000);
    await checked;
    await expect(userPage.getByTestId('sidebar-tier')).toHaveText('PRO');
    await expect(userPage.getByTestId('example-data-banner')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('deactivating ends the user session at once and the login screen says why; reactivated, they sign in again', async ({ page, browser }) => {
  const user = await userInOwnBrowser(browser);
  try {
    await loginAsAdmin(page);
    const row = await openUsers(page, user.credentials.username);
    await row.getByRole('button', { name: `Edit ${user.credentials.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${user.credentials.username}` });
    await dialog.getByRole('switch', { name: 'Active' }).uncheck();
    await expect(dialog.getByTestId('deactivate-warning')).toContainText('signed out everywhere at once');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`${user.credentials.username} has been deactivated and signed out everywhere.`)).toBeVisible();
    await expect(row).toContainText('Inactive');

    // The user's open screen: the next check finds the session ended.
    await regainFocus(user.page);
    await expect(user.page).toHaveURL(/\/login$/);
    const reason =
      'This account has been deactivated by an administrator, so it can no longer sign in. Your data is kept; please contact DealRadar support to have it reactivated.';
    await expect(user.page.getByTestId('form-error')).toHaveText(reason);
    // Signing in again says the same.
    await user.page.getByLabel('Username or email').fill(user.credentials.username);
    await user.page.getByLabel('Password', { exact: true }).fill(user.credentials.password);
    await user.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(user.page.getByTestId('form-error')).toHaveText(reason);

    await row.getByRole('button', { name: `Edit ${user.credentials.username}` }).click();
    await dialog.getByRole('switch', { name: 'Active' }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(row).toContainText('Active');
    await user.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(user.page).toHaveURL(/\/dashboard$/);
  } finally {
    await user.close();
  }
});

test('a deactivated user whose screen calls the API is sent to the login screen with the reason, without waiting for focus', async ({ page, browser }) => {
  const context = await browser.newContext();
  try {
    const userPage = await context.newPage();
    const credentials = await registerConfirmedUser(userPage.request);
    await loginAs(userPage, credentials.username, credentials.password, { country: 'DE', open: '/supplier-level-analyzer' });
    await expect(userPage).toHaveURL(/\/supplier-level-analyzer$/);
    const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
    const found = (await (await page.request.get('/api/users', { headers: admin, params: { search: credentials.username } })).json()) as {
      content: Array<{ id: string }>;
    };
    const res = await page.request.put(`/api/users/${found.content[0]!.id}`, { headers: admin, data: { active: false } });
    expect(res.status(), await res.text()).toBe(200);

    // The open screen moves on (no focus change): its calls answer 401, and the session ends with the reason. The
    // screen's own session check may get there before the click: then there is no link left to click.
    await userPage
      .getByRole('link', { name: 'Settings', exact: true })
      .first()
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await expect(userPage).toHaveURL(/\/login$/);
    await expect(userPage.getByTestId('form-error')).toHaveText(
      'This account has been deactivated by an administrator, so it can no longer sign in. Your data is kept; please contact DealRadar support to have it reactivated.',
    );
  } finally {
    await context.close();
  }
});

test('delete asks first, listing what goes; the user and their data are gone', async ({ page }) => {
  const credentials = await registerConfirmedUser(page.request);
  const token = await apiLogin(page.request, credentials.username, credentials.password);
  const headers = { Authorization: `Bearer ${token}` };
  expect((await page.request.post('/api/auth/select-country', { headers, data: { countryCode: 'DE' } })).status()).toBe(200);
  expect((await page.request.post('/api/help', { headers, data: { message: 'Please delete my account.' } })).status()).toBe(201);

  await loginAsAdmin(page);
  const row = await openUsers(page, credentials.username);
  await row.getByRole('button', { name: `Delete ${credentials.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${credentials.username}?` });
  const summary = dialog.getByTestId('delete-user-summary');
  await expect(summary.getByTestId('removed-help_requests')).toHaveText('Help requests and their answers: 1');
  await expect(summary.getByTestId('removed-organization')).toContainText(`The organization ${credentials.organization} with its FREE plan and usage counters`);
  await expect(summary).toContainText('This cannot be undone.');
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete ${credentials.username}` }).click();
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText(`${credentials.username} and their data have been deleted.`)).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
  expect((await page.request.get('/api/user/settings/info', { headers })).status()).toBe(401);
  expect((await page.request.post('/api/auth/login', { data: { username: credentials.username, password: credentials.password } })).status()).toBe(401);
});

test('the last active administrator is offered neither deleting nor demoting or deactivating themselves, and the server refuses it', async ({ page }) => {
  // Other tests of the run may have made users administrators: make them users again, so the seeded admin is the last
  // one (demoted rather than deactivated: no inactive administrator is left behind for other specs' filters).
  const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
  const admins = (await (await page.request.get('/api/users', { headers: admin, params: { role: 'ADMIN', active: 'true' } })).json()) as {
    content: Array<{ id: string; username: string }>;
  };
  for (const other of admins.content.filter((u) => u.username !== ADMIN.username)) {
    const res = await page.request.put(`/api/users/${other.id}`, { headers: admin, data: { role: 'USER' } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await loginAsAdmin(page);
  const row = await openUsers(page, ADMIN.username);
  // The only active administrator is not offered deleting, demoting or deactivating their own account.
  const hint = 'You are the only active administrator. Make another user an administrator first.';
  await expect(row.getByRole('button', { name: `Delete ${ADMIN.username}` })).toBeDisabled();
  await row.getByRole('button', { name: `Delete ${ADMIN.username}` }).click({ force: true });
  await expect(page.getByRole('dialog', { name: `Delete ${ADMIN.username}?` })).toHaveCount(0);
  await row.getByRole('button', { name: `Edit ${ADMIN.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${ADMIN.username}` });
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeDisabled();
  await expect(dialog).toContainText(hint);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The server refuses them too.
  const self = (await (await page.request.get('/api/users', { headers: admin, params: { search: ADMIN.username } })).json()) as {
    content: Array<{ id: string; username: string }>;
  };
  const selfId = self.content.find((u) => u.username === ADMIN.username)!.id;
  for (const data of [{ role: 'USER' }, { active: false }]) {
    const res = await page.request.put(`/api/users/${selfId}`, { headers: admin, data });
    expect(res.status()).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(
      'There must always be at least one active administrator. Make another user an administrator first.',
    );
  }
  expect((await page.request.delete(`/api/users/${selfId}`, { headers: admin })).status()).toBe(409);
  await expect(page).toHaveURL(/\/users$/);
});
