import { expect, test, type APIRequestContext } from '@playwright/test';
import type { SystemFiguresDto } from '@dealradar/shared/contracts/system';
import { ADMIN, apiLogin, loginAsAdmin, loginAs, registerConfirmedUser, uniqueName } from './helpers.ts';
import { shot } from './price-drops.helpers.ts';

/** Admin → System: the figures of GET /api/admin/system, for admins only. */

test.describe.configure({ timeout: 120_000 });

/** A Growth user's webhook test message to a host that does not resolve: delivered once, failed at once (no retry helps). */
async function failedWebhookDelivery(request: APIRequestContext): Promise<{ target: string; userToken: string }> {
  const credentials = await registerConfirmedUser(request);
  let token = await apiLogin(request, credentials.username, credentials.password);
  const { id } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  const admin = { Authorization: `Bearer ${await apiLogin(request, ADMIN.username, ADMIN.password)}` };
  expect((await request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier: 'GROWTH' } })).status()).toBe(200);
  token = await apiLogin(request, credentials.username, credentials.password);
  const headers = { Authorization: `Bearer ${token}` };
  const target = `https://${uniqueName('hook')}.invalid/dealradar`;
  const rule = await request.post('/api/alerts/rules', { headers, data: { name: 'System screen hook', channel: 'webhook', webhookUrl: target } });
  expect(rule.status(), await rule.text()).toBe(201);
  const sent = await request.post(`/api/alerts/rules/${((await rule.json()) as { id: number }).id}/test`, { headers });
  expect(sent.ok(), await sent.text()).toBe(true);
  const deliveryId = ((await sent.json()) as { id: number }).id;
  await expect
    .poll(
      async () => {
        const deliveries = (await (await request.get('/api/alerts/deliveries', { headers })).json()) as Array<{ id: number; status: string }>;
        return deliveries.find((d) => d.id === deliveryId)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('failed');
  return { target, userToken: token };
}

test('an admin opens System from the sidebar: a failed delivery is listed and a stuck run shows as stuck; others get 403', async ({ page }) => {
  const { target, userToken } = await failedWebhookDelivery(page.request);
  // Not an admin: the API refuses with a sentence.
  const refused = await page.request.get('/api/admin/system', { headers: { Authorization: `Bearer ${userToken}` } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toMatch(/\w+ \w+/);

  // The embedded database of the test server has a single process whose runs always heartbeat, so a stuck run cannot
  // arise there (the API test makes real ones on both databases): this one is added to the server's real answer.
  await page.route('**/api/admin/system', async (route) => {
    const response = await route.fetch();
    const figures = (await response.json()) as SystemFiguresDto;
    figures.durableRuns.unshift({
      kind: 'scan',
      id: '00000000-0000-4000-8000-00000000e2e0',
      label: 'supplier: stuck-list.csv',
      attempts: 2,
      heartbeatAt: new Date(Date.parse(figures.readAt) - 5 * 60_000).toISOString(),
      ownerLease: 4242,
      owner: { id: 'p', role: 'worker', host: 'worker-2', pid: 4242 },
      stuck: true,
    });
    await route.fulfill({ response, json: figures });
  });

  await loginAsAdmin(page);
  await page.getByTestId('sidebar').getByRole('link', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();
  await expect(page.getByTestId('help-link').first()).toHaveAttribute('href', '/help/system-admin');

  const stuck = page.getByTestId('system-run').filter({ hasText: 'stuck-list.csv' });
  await expect(stuck).toContainText('Stuck');
  await expect(stuck).toContainText('5 min ago');
  await expect(stuck).toContainText('Worker on worker-2 (pid 4242)');

  const failed = page.getByTestId('system-failed-delivery').filter({ hasText: target });
  await expect(failed).toContainText('Webhook');
  await expect(failed).toContainText('could not be resolved');
  await expect(page.getByTestId('system-failed-deliveries')).toContainText(/Failed alert deliveries \(24 h\): [1-9]/);

  // The real figures of the test server: its own process alive, the queues and the database.
  await expect(page.getByTestId('system-processes')).toContainText('Alive');
  await expect(page.getByTestId('system-queues')).toContainText('scans-run');
  await expect(page.getByTestId('system-database')).toContainText('Embedded database');
  await expect(page.getByTestId('system-refresh')).toContainText('Next scheduled');
  await shot(page, 'admin-system');
});

test('a user without the admin role has no System entry, and /admin/system leads back to the dashboard', async ({ page }) => {
  const credentials = await registerConfirmedUser(page.request);
  await loginAs(page, credentials.username, credentials.password, { open: '/admin/system' });
  await expect(page).not.toHaveURL(/\/admin\/system$/);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'System' })).toHaveCount(0);
});
