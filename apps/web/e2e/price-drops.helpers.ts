import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiLogin, loginAs, registerConfirmedUser } from './helpers.ts';

/** Helpers of the price-drop browser tests (dashboard.spec.ts, price-alerts.spec.ts). */

export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiLogin(request, ADMIN.username, ADMIN.password)}` };
}

/** Starts a refresh through the admin API and waits until the stats show it finished. */
export async function refreshPricesNow(request: APIRequestContext): Promise<void> {
  const headers = await adminHeaders(request);
  const before = ((await (await request.get('/api/price-alerts/stats', { headers })).json()) as { lastUpdateTime: string | null }).lastUpdateTime;
  const started = await request.post('/api/price-alerts/refresh', { headers });
  expect([202, 409], await started.text()).toContain(started.status());
  await expect
    .poll(async () => ((await (await request.get('/api/price-alerts/stats', { headers })).json()) as { lastUpdateTime: string | null }).lastUpdateTime, {
      timeout: 90_000,
    })
    .not.toBe(before);
}

/** A new confirmed user on `tier` (set by the admin), signed in after the change so the token carries it, on `open` (default /dashboard). */
export async function signInWithTier(page: Page, tier: 'GROWTH' | 'PRO', country: 'UK' | 'DE' = 'DE', open?: string) {
  const credentials = await registerConfirmedUser(page.request);
  const token = await apiLogin(page.request, credentials.username, credentials.password);
  const { id } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  const res = await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: await adminHeaders(page.request), data: { tier } });
  expect(res.status(), await res.text()).toBe(200);
  await loginAs(page, credentials.username, credentials.password, { country, open });
  return credentials;
}
