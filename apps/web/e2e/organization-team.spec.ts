import { expect, test, type Page } from '@playwright/test';
import { localPath, newCredentials, readOutboxLink, signInNewUser, loginAs } from './helpers.ts';

/**
 * The organization as a team (docs/organizations.md): the owner invites from Settings → Team, the invitee sets a
 * password through the e-mailed link and joins the owner's organization, the owner sees the member and removes them
 * (their open screen ends up on /login saying why).
 */

/** The window regains focus (switching back from another tab or app): the session check runs. */
const regainFocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

const REMOVED =
  "You have been removed from your organization, so this account can no longer sign in. Ask the organization's owner, or contact DealRadar support.";

test('owner invites a member, the invitee sets a password from the e-mail, the owner sees and removes them', async ({ page, browser }) => {
  const owner = await signInNewUser(page, { country: 'DE', open: '/settings' });
  const team = page.getByTestId('team');
  await expect(team).toBeVisible();
  await expect(team.getByTestId(`team-member-${owner.username}`)).toContainText('Owner');

  const invitee = newCredentials();
  const form = team.getByTestId('team-invite');
  await form.getByLabel('Username').fill(invitee.username);
  await form.getByLabel('Email').fill(invitee.email);
  await form.getByRole('button', { name: 'Invite member' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
  const row = team.getByTestId(`team-member-${invitee.username}`);
  await expect(row.getByTestId('team-member-status')).toHaveText('Invited');

  // The invitee, in a browser of their own, opens the link of the e-mail and chooses a password.
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    const link = await readOutboxLink(invitee.email, '/confirm-password/');
    await member.goto(localPath(link));
    await expect(member.getByTestId('confirm-password-email')).toHaveText(invitee.email);
    await member.getByLabel('New password').fill(invitee.password);
    await member.getByLabel('Confirm password').fill(invitee.password);
    await member.getByRole('button', { name: 'Set password' }).click();
    await expect(member.getByTestId('form-success')).toBeVisible();
    await expect(member).toHaveURL(/\/login$/, { timeout: 8000 });

    // Signed in, the member belongs to the owner's organization and does not manage the team.
    await loginAs(member, invitee.username, invitee.password, { country: 'DE', open: '/settings' });
    await expect(member.getByTestId('sidebar')).toBeVisible();
    await expect(member.getByTestId('team-member-note')).toContainText(`You are a member of ${owner.organization}.`);

    // The owner sees the member active, and removes them.
    await page.reload();
    await expect(row.getByTestId('team-member-status')).toHaveText('Active');
    await row.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${invitee.username}?` });
    await expect(dialog).toContainText('stays with the organization');
    await dialog.getByTestId('team-remove-confirm').click();
    await expect(page.getByText(`${invitee.username} has been removed and signed out everywhere.`, { exact: false })).toBeVisible();
    await expect(row.getByTestId('team-member-status')).toHaveText('Removed');
    await expect(row.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    // The member's open screen: the next session check finds the session ended, and says why.
    await regainFocus(member);
    await expect(member).toHaveURL(/\/login$/);
    await expect(member.getByTestId('form-error')).toHaveText(REMOVED);
  } finally {
    await context.close();
  }
});
