import { expect, test } from '@playwright/test';
import { localPath, readOutboxLink, signInNewUser } from './helpers.ts';
import { refreshPricesNow, shot, signInWithTier } from './price-drops.helpers.ts';

/** Alerts: a Growth user creates a rule from Price Alerts; after a refresh the delivery shows in the log. */

test('a Growth user creates an e-mail rule; after a price refresh its delivery is in the log', async ({ page }) => {
  test.setTimeout(180_000);
  await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts');
  await page.getByRole('button', { name: 'Alert rules' }).click();
  await expect(page).toHaveURL(/\/qogita-price-alerts\/alerts$/);

  await page.getByRole('button', { name: 'New alert rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByLabel('Name').fill('Every drop');
  await dialog.getByLabel('Minimum drop %').fill('0');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('alert-rules-table')).toContainText('Every drop');
  await expect(page.getByTestId('alert-rules-table')).toContainText('E-mail at once');

  // The new rule looks at every active drop at the next refresh.
  await refreshPricesNow(page.request);
  const log = page.getByTestId('alert-delivery-log');
  await expect(log).toContainText(/\d+ price drops? for "Every drop"/, { timeout: 60_000 });
  await expect(log.getByRole('row').filter({ hasText: 'Every drop' }).first()).toContainText('Sent', { timeout: 60_000 });
});

test('a FREE user sees the upgrade prompt instead of alert rules', async ({ page }) => {
  await signInNewUser(page, { open: '/qogita-price-alerts/alerts' });
  const prompt = page.getByTestId('alerts-upgrade-prompt');
  await expect(prompt).toContainText('Upgrade Required');
  await expect(prompt).toContainText('Price-drop alerts are available on the Growth and Pro plans.');
  await expect(page.getByRole('button', { name: 'New alert rule' })).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  // Scan-finished e-mails are for every plan: their opt-out is in Settings.
  await page.goto('/settings');
  const scanEmails = page.getByRole('switch', { name: 'E-mail me when a long scan finishes' });
  await expect(scanEmails).toBeChecked();
  // The switch is shown on (the default) and disabled until the setting has loaded; a forced click skips
  // Playwright's own wait for it to be enabled, so wait for that first (a click on the disabled switch did nothing).
  await expect(scanEmails).toBeEnabled();
  await scanEmails.click({ force: true });
  await expect(scanEmails).not.toBeChecked();
});

/** A rule is edited in the form it was made with, says when its e-mails are unsubscribed, fits at
 * 1440 and 1280 px, and keeps its actions on a phone. */
test('a Growth user edits a rule; after the unsubscribe link the rule says so and e-mails are switched back on', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const credentials = await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts/alerts');
  await page.getByRole('button', { name: 'New alert rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByLabel('Name').fill('Nivea deals');
  await dialog.getByLabel('Minimum drop %').fill('15');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toHaveCount(0);
  const rule = page.getByTestId('alert-rule').filter({ hasText: 'Nivea deals' });
  await expect(rule).toContainText('drop ≥ 15 %');

  // Edit: the form opens with the rule's values; the change is saved on the same rule.
  await rule.getByRole('button', { name: 'Edit Nivea deals' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit alert rule' });
  await expect(edit.getByLabel('Name')).toHaveValue('Nivea deals');
  await expect(edit.getByLabel('Minimum drop %')).toHaveValue('15');
  await edit.getByLabel('Name').fill('Big Nivea deals');
  await edit.getByLabel('Minimum drop %').fill('30');
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit).toHaveCount(0);
  const edited = page.getByTestId('alert-rule').filter({ hasText: 'Big Nivea deals' });
  await expect(edited).toContainText('drop ≥ 30 %');
  await expect(page.getByTestId('alert-rule')).toHaveCount(1);

  // The status badge is shown whole at 1280 and 1440 px (it was cut to "Acti…").
  const notCut = async () =>
    page
      .getByTestId('alert-rule-status')
      .first()
      .evaluate((el) => [...el.querySelectorAll('*'), el].every((e) => e.scrollWidth <= e.clientWidth + 1));
  await expect(edited.getByTestId('alert-rule-status')).toHaveText('Active');
  expect(await notCut()).toBe(true);
  await shot(page, 'alerts-rules-1280');
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await notCut()).toBe(true);

  // The unsubscribe link of an alert e-mail (here: the test message's) opens a page in the product's look.
  await edited.getByRole('button', { name: 'Send a test message' }).click();
  const link = await readOutboxLink(credentials.email, '/api/alerts/unsubscribe', 60_000);
  await page.goto(localPath(link));
  const card = page.getByTestId('unsubscribed-card');
  await expect(card).toContainText('You are unsubscribed');
  await expect(card).toContainText('Switch them back on under Price Alerts → Alert rules');
  expect(await card.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(248, 249, 250)');
  await shot(page, 'alerts-unsubscribed-page');
  await page.goto('/qogita-price-alerts/alerts');

  // The rule says it sends nothing, and how to switch e-mails back on.
  const unsubscribed = page.getByTestId('alert-rule').filter({ hasText: 'Big Nivea deals' });
  await expect(unsubscribed.getByTestId('alert-rule-status')).toHaveText('E-mails unsubscribed');
  await expect(unsubscribed).toContainText('You unsubscribed from alert e-mails');
  await expect(unsubscribed).not.toContainText('Active');
  await shot(page, 'alerts-rule-unsubscribed');
  await unsubscribed.getByRole('button', { name: 'Switch e-mails back on' }).click();
  await expect(unsubscribed.getByTestId('alert-rule-status')).toHaveText('Active');
  await expect(page.getByRole('switch', { name: /alert e-mails/i })).toBeChecked();
});

test('on a phone every rule action is on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithTier(page, 'GROWTH', 'DE', '/qogita-price-alerts/alerts');
  await page.getByRole('button', { name: 'New alert rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByLabel('Name').fill('A rule with a rather long name for a phone');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toHaveCount(0);
  const rule = page.getByTestId('alert-rule').first();
  await expect(rule.getByTestId('alert-rule-status')).toHaveText('Active');
  for (const name of [/^Edit /, /Send a test message/, /^Pause$/, /^Delete$/]) {
    const button = rule.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x, String(name)).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, String(name)).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'alerts-phone');
});
