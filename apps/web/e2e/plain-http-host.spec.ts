import { chromium, expect, test } from '@playwright/test';
import config from '../../../playwright.config.ts';

/**
 * A self-hosted server reached over plain HTTP by a host name (not localhost, which browsers treat as
 * secure) showed a blank page: the content security policy said `upgrade-insecure-requests`, so the browser fetched
 * the scripts over https from a server that speaks http. `dealradar.test` is mapped to the test server's loopback
 * address inside this Chromium only (--host-resolver-rules), so no DNS or /etc/hosts entry is needed.
 */
const HOST = 'dealradar.test';

test('the app opens over plain HTTP through a host name other than localhost', async () => {
  const baseURL = new URL(String(config.use?.baseURL));
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), `--host-resolver-rules=MAP ${HOST} ${baseURL.hostname}`] });
  try {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    const response = await page.goto(`http://${HOST}:${baseURL.port}/login`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(failed).toEqual([]);
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  } finally {
    await browser.close();
  }
});
