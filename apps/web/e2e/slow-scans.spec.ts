import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { supplierScanStatusSchema, supplierStartResponseSchema } from '@dealradar/shared/contracts/scans';
import { E2E_SLOW_DATA_DIR, E2E_SLOW_LATENCY_MS, E2E_SLOW_URL } from '../../../playwright.config.ts';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { ADMIN, apiLogin, loginAs, loginAsAdmin, registerUser, type Credentials } from './helpers.ts';

/**
 * Scans caught while they run, on the second test server (playwright.config.ts): DEMO_LATENCY_MS makes every
 * uncached look-up batch of 100 EANs wait E2E_SLOW_LATENCY_MS, like a Keepa request. Each test uses its own slice of
 * the demo catalogue that nothing else on this server has looked up, so its scan really pays the latency.
 * The server runs one scan at a time (PGlite), so the tests run in this order and never leave a scan running.
 */
test.use({ baseURL: E2E_SLOW_URL });
test.describe.configure({ mode: 'serial' });

const { variants } = demoCatalogue();
/** Disjoint catalogue slices per test (7,066 variants). */
const FRESH = {
  supplierReload: variants.slice(4000, 4300),
  csvCancel: variants.slice(4300, 5800),
  csvAfterCancel: variants.slice(5800, 5805),
  csvError: variants.slice(5900, 6900),
  /** Below 4000, leaving out the brands the brand-scan test looks up (quietBrands). */
  supplierCancel: variants
    .slice(0, 4000)
    .filter((v) => !quietBrands().includes(v.brand))
    .slice(0, 3000),
};
type Variant = (typeof variants)[number];

/** EAN,Brand,Price at 40 % of the wholesale price (most rows are deals). */
function priceList(rows: Variant[]): Buffer {
  const lines = ['EAN,Brand,Price', ...rows.map((v) => `${v.gtin},"${v.brand}",${((v.basePrice * 0.4) / 100).toFixed(2)}`)];
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}
const csvFile = (name: string, rows: Variant[]) => ({ name, mimeType: 'text/csv', buffer: priceList(rows) });

/** A toast by its title; title and message are checked in one assertion (toasts live 6 s, a loaded machine is slow). */
function toast(page: Page, title: string) {
  return page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** The confirmation link of the slow server's outbox (helpers.ts reads the first server's). */
async function confirmationLink(email: string): Promise<string> {
  const outbox = path.join(E2E_SLOW_DATA_DIR, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        for (const name of fs.readdirSync(outbox).filter((n) => n.endsWith('.json'))) {
          try {
            const message = JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8')) as { to: string; links: string[] };
            if (message.to.toLowerCase() === email.toLowerCase()) link = message.links.find((l) => l.includes('/auth/confirm')) ?? link;
          } catch {
            /* still being written */
          }
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** A new confirmed user on the slow server, moved to PRO (unlimited EANs) by the admin, signed in on `open` (default /dashboard). */
async function signInProUser(page: Page, open?: string): Promise<Credentials> {
  const credentials = await registerUser(page.request);
  const token = new URL(await confirmationLink(credentials.email)).searchParams.get('token') ?? '';
  expect((await page.request.get('/api/auth/confirm', { params: { token } })).status()).toBe(200);
  const userToken = await apiLogin(page.request, credentials.username, credentials.password);
  const { id } = JSON.parse(Buffer.from(userToken.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  const admin = { Authorization: `Bearer ${await apiLogin(page.request, ADMIN.username, ADMIN.password)}` };
  const moved = await page.request.put(`/api/admin/users/${id}/subscription-tier`, { headers: admin, data: { tier: 'PRO' } });
  expect(moved.status(), await moved.text()).toBe(200);
  await loginAs(page, credentials.username, credentials.password, { open, country: 'DE' });
  return credentials;
}

async function uploadCsvTemplate(page: Page, name: string, rows: Variant[]) {
  await page.getByTestId('csv-dropzone').locator('input[type=file]').setInputFiles(csvFile(name, rows));
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Upload Started').filter({ hasText: name })).toContainText(`Started processing ${name} for Germany`, { timeout: 30_000 });
}

test('Supplier Level Analyzer: a running scan is resumed after a reload and shows its result when it ends', async ({ page }) => {
  test.setTimeout(150_000);
  const rows = FRESH.supplierReload; // 300 uncached EANs: 4 batches × E2E_SLOW_LATENCY_MS ≈ 20 s
  await signInProUser(page, '/supplier-level-analyzer');
  await expect(page.getByText('No deals found.')).toBeVisible();

  const started = page.waitForResponse((r) => r.url().endsWith('/api/supplier-analyzer/scans') && r.request().method() === 'POST');
  await page.getByTestId('supplier-dropzone').locator('input[type=file]').setInputFiles(csvFile('slow-supplier.csv', rows));
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(dialog.getByRole('combobox', { name: 'Price column' })).toHaveValue('Price');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const startAnswer = supplierStartResponseSchema.parse(await (await started).json());
  expect(startAnswer.totalEans).toBe(rows.length);
  await expect(toast(page, 'Scan Started')).toContainText(`Analyzing ${rows.length} EANs.`);
  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', /^(PENDING|PROCESSING)$/);

  // Reload while it runs: the page asks for the active scan and the panel follows the same scan again.
  const resumed = page.waitForResponse((r) => r.url().endsWith('/api/supplier-analyzer/active-scan'));
  await page.reload();
  const active = await resumed;
  expect(active.status()).toBe(200); // 204 would mean the scan had already ended before the reload
  const activeScan = supplierScanStatusSchema.parse(await active.json());
  expect(activeScan).toMatchObject({ scanId: startAnswer.scanId, totalEans: rows.length });
  expect(['PENDING', 'PROCESSING']).toContain(activeScan.status);
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-status', /^(PENDING|PROCESSING)$/);
  await expect(panel.getByTestId('supplier-scan-progress-text')).toHaveText(
    new RegExp(`^(Waiting for the scan to start\\.\\.\\.|\\d+% · \\d+ of ${rows.length} EANs analyzed)$`),
  );
  await expect(panel.getByText('Matching your list against Amazon')).toBeVisible();

  // …and its result when it finishes.
  await expect(toast(page, 'Scan Completed')).toContainText(`Successfully processed ${rows.length} EANs.`, { timeout: 90_000 });
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED');
  await expect(panel.getByTestId('supplier-scan-progress-text')).toHaveText(`100% · ${rows.length} of ${rows.length} EANs analyzed`);
  await expect(page.getByTestId('deal-card').first()).toBeVisible({ timeout: 15_000 });
  expect(Number(await page.getByTestId('deals-total').innerText())).toBeGreaterThan(0);
});

test('Supplier Level Analyzer: a long scan shows its time remaining from the start and can be cancelled; the deals found so far stay', async ({ page }) => {
  test.setTimeout(270_000);
  const rows = FRESH.supplierCancel; // 3,000 uncached EANs: several minutes of look-ups if left alone
  expect(rows).toHaveLength(3000);
  await signInProUser(page, '/supplier-level-analyzer');
  const started = page.waitForResponse((r) => r.url().endsWith('/api/supplier-analyzer/scans') && r.request().method() === 'POST');
  await page.getByTestId('supplier-dropzone').locator('input[type=file]').setInputFiles(csvFile('long-list.csv', rows));
  await page.getByRole('dialog', { name: 'Map CSV columns' }).getByRole('button', { name: 'Confirm' }).click();
  const { scanId } = supplierStartResponseSchema.parse(await (await started).json());
  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', /^(PENDING|PROCESSING)$/);

  // Time remaining from the start — the token estimate before the first EANs are done (the demo charges
  // like Keepa), then the rate measured once they are.
  const remaining = panel.getByTestId('supplier-scan-time-remaining');
  await expect(remaining).toHaveText(/^Time remaining: (estimating…|.+ \(estimated from the Keepa tokens this scan needs\))$/);
  await expect(remaining).toHaveText(/\(estimated from the Keepa tokens this scan needs\)$/, { timeout: 30_000 });
  // The first batch (250 EANs: three look-ups, then the buy boxes of the candidates) takes about a minute here.
  await expect(panel.getByTestId('supplier-scan-progress-text')).toHaveText(/^\d+% · [1-9][\d,]* of 3,000 EANs analyzed$/, { timeout: 150_000 });
  await expect(panel).toHaveAttribute('data-status', 'PROCESSING');
  await expect(remaining).toHaveText(/^Time remaining: (Less than a second|\d+ seconds?|\d+ minutes?|\d+ h( \d+ min)?)$/);

  // Cancel, after a confirmation that says what stays.
  await panel.getByRole('button', { name: 'Cancel scan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this scan?' });
  await expect(confirm).toContainText(
    /The scan stops now\. The deals found so far stay in your list, and the [\d,]+ EANs not analyzed yet go back to this month's allowance\./,
  );
  await confirm.getByTestId('confirm-cancel-scan').click();
  await expect(toast(page, 'Scan cancelled')).toContainText('The deals found so far stay in your list.');
  await expect(panel).toHaveAttribute('data-status', 'ERROR');
  await expect(panel.getByTestId('supplier-scan-status')).toHaveText('CANCELLED');
  await expect(panel.getByTestId('supplier-scan-canceled')).toHaveText(
    /^Scan cancelled after [\d,]+ of 3,000 EANs\. The [\d,]+ deals? found before the cancel stay in your list\.$/,
  );
  await expect(panel.getByText(/^Error:/)).toHaveCount(0);
  await expect(remaining).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Cancel scan' })).toHaveCount(0);

  // The deals found before the cancel are listed.
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const listed = await page.request.get('/api/supplier-analyzer/results', { headers });
  const listedText = await listed.text();
  expect(listed.status(), listedText).toBe(200);
  expect((JSON.parse(listedText) as { totalElements: number }).totalElements, listedText.slice(0, 500)).toBeGreaterThan(0);
  await expect(page.getByTestId('deal-card').first()).toBeVisible({ timeout: 30_000 });
  const after = supplierScanStatusSchema.parse(await (await page.request.get(`/api/supplier-analyzer/${scanId}/status`, { headers })).json());
  expect(after).toMatchObject({ status: 'ERROR', canceled: true, error: 'The scan was canceled.' });
  expect(after.processedEans).toBeLessThan(3000);
  // The server's run stopped: a look-up later, nothing has moved.
  await page.waitForTimeout(E2E_SLOW_LATENCY_MS + 1000);
  const later = supplierScanStatusSchema.parse(await (await page.request.get(`/api/supplier-analyzer/${scanId}/status`, { headers })).json());
  expect(later.processedEans).toBe(after.processedEans);
  expect(later.report.dealsFound).toBe(after.report.dealsFound);
  expect((await page.request.get('/api/supplier-analyzer/active-scan', { headers })).status()).toBe(204);
});

test('CSV Template Analyzer: cancelling a running scan removes it and the server stops it', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAsAdmin(page, { open: '/csv-template-analyzer' });
  // 1,500 uncached EANs: left alone this scan would hold the server's one scan worker for 15 × 5 s.
  await uploadCsvTemplate(page, 'cancel-me.csv', FRESH.csvCancel);
  const activePanel = page.getByRole('tabpanel', { name: /Active Scans/ });
  const card = activePanel.getByTestId('scan-card').filter({ hasText: 'cancel-me.csv' });
  await expect(card).toHaveAttribute('data-status', 'PROCESSING', { timeout: 30_000 });
  await expect(card.getByTestId('scan-progress-text')).toHaveText(/^Progress: \d+% \(\d+ of 1,500 EANs analyzed\)$/);
  const scanId = (await card.getAttribute('data-scan-id'))!;
  expect(scanId).toBeTruthy();

  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Scan canceled')).toContainText('The scan was canceled and removed from the list.', { timeout: 20_000 });
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Active Scans \(0\)/ })).toBeVisible();
  await expect(activePanel.getByText('No active scans. Upload a file to start analyzing.')).toBeVisible();
  await page.getByRole('tab', { name: /Scan History/ }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: /Scan History/ })
      .getByTestId('scan-card')
      .filter({ hasText: 'cancel-me.csv' }),
  ).toHaveCount(0);

  // The server's side: the scan is gone (not merely hidden), and its upload was deleted.
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const status = await page.request.get(`/api/catalog/scan/${scanId}/status`, { headers });
  expect(status.status()).toBe(404);
  expect(await status.json()).toMatchObject({ error: 'Scan not found' });
  const activeList = (await (await page.request.get('/api/catalog/scan/active', { headers })).json()) as Array<{ scanId: string }>;
  expect(activeList.map((s) => s.scanId)).not.toContain(scanId);
  expect(fs.existsSync(path.join(E2E_SLOW_DATA_DIR, 'uploads', `${scanId}.csv`))).toBe(false);

  // The run itself stopped: the server runs one scan at a time, and a new small scan (one batch) completes long
  // before the cancelled one could have finished its remaining ~14 batches.
  await uploadCsvTemplate(page, 'after-cancel.csv', FRESH.csvAfterCancel);
  const next = page
    .getByRole('tabpanel', { name: /Scan History/ })
    .getByTestId('scan-card')
    .filter({ hasText: 'after-cancel.csv' });
  await expect(next).toHaveAttribute('data-status', 'COMPLETED', { timeout: 8 * E2E_SLOW_LATENCY_MS });
  await expect(next.getByTestId('scan-progress-text')).toHaveText('Progress: 100% (5 of 5 EANs analyzed)');
});

test('CSV Template Analyzer: a scan that ends in ERROR shows "Error: {message}" on a red card in the history', async ({ page }) => {
  test.setTimeout(120_000);
  // A real ERROR from the server: a running scan cancelled through the API (another session) is ended as ERROR
  // 'The scan was canceled.' and stays listed; the UI's own Cancel also deletes it. Worker failures end the same way
  // with their own sentence (apps/server/test/scans/*.test.ts).
  await loginAsAdmin(page, { open: '/csv-template-analyzer' });
  await uploadCsvTemplate(page, 'will-fail.csv', FRESH.csvError);
  const card = page
    .getByRole('tabpanel', { name: /Active Scans/ })
    .getByTestId('scan-card')
    .filter({ hasText: 'will-fail.csv' });
  await expect(card).toHaveAttribute('data-status', 'PROCESSING', { timeout: 30_000 });
  const scanId = (await card.getAttribute('data-scan-id'))!;

  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const canceled = await page.request.post(`/api/catalog/scan/${scanId}/cancel`, { headers });
  expect(canceled.status(), await canceled.text()).toBe(200);
  expect(await canceled.json()).toMatchObject({ status: 'ERROR', error: 'The scan was canceled.' });

  // The card's poll sees ERROR, stops, and the scan moves to the history tab.
  await page.getByRole('tab', { name: /Scan History/ }).click();
  const failed = page
    .getByRole('tabpanel', { name: /Scan History/ })
    .getByTestId('scan-card')
    .filter({ hasText: 'will-fail.csv' });
  await expect(failed).toHaveAttribute('data-status', 'ERROR', { timeout: 30_000 });
  await expect(failed.getByTestId('scan-error')).toHaveText('Error: The scan was canceled.');
  await expect(failed.getByText('ERROR', { exact: true })).toBeVisible();
  await expect(failed.getByTestId('scan-progress-text')).toHaveText(/^Progress: 0% \(\d+ of 1,000 EANs analyzed\)$/);
  await expect(failed.getByRole('button', { name: 'Download results' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Active Scans \(0\)/ })).toBeVisible();

  // An ERROR card can be removed from the history.
  await failed.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Scan canceled')).toContainText('The scan was canceled and removed from the list.');
  await expect(failed).toHaveCount(0);
});

test('Supplier Level Analyzer: a scan that ends in ERROR shows "Error: {message}" in the progress panel', async ({ page }) => {
  // A cancel ends a supplier scan as ERROR but is shown as cancelled (the test above); ERROR from a failing worker is
  // produced here by replacing the start and status answers with answers of the real contract (parsed with its schemas). The server side of ERROR —
  // a failing or interrupted run ending as ERROR with its sentence — is covered by the API tests
  // (apps/server/test/scans/scans-restart.test.ts, supplier-analyzer.api.test.ts).
  const scanId = '0b9a6b1e-5d7c-4c55-9a31-2f1e0c6d4e01';
  const message = 'The scan was interrupted 3 times (the server stopped while it ran) and was ended. Please start it again.';
  const report = { rowsRead: 3, validEans: 3, duplicateRows: 0, invalidRows: 0, issueCounts: {}, issueSamples: [], matchedProducts: 0, dealsFound: 0 };
  const startBody = supplierStartResponseSchema.parse({ scanId, allowedEans: 3, totalEans: 3, status: 'PENDING' });
  let polls = 0;
  await page.route('**/api/supplier-analyzer/scans', (route) => route.fulfill({ status: 200, json: startBody }));
  await page.route(`**/api/supplier-analyzer/${scanId}/status`, (route) => {
    polls += 1;
    const body =
      polls === 1
        ? { scanId, processedEans: 0, totalEans: 3, allowedEans: 3, status: 'PROCESSING', report }
        : { scanId, processedEans: 0, totalEans: 3, allowedEans: 3, status: 'ERROR', error: message, report };
    return route.fulfill({ status: 200, json: supplierScanStatusSchema.parse(body) });
  });

  await loginAsAdmin(page, { open: '/supplier-level-analyzer' });
  await page
    .getByTestId('supplier-dropzone')
    .locator('input[type=file]')
    .setInputFiles(csvFile('broken-run.csv', variants.slice(7000, 7003)));
  await page.getByRole('dialog', { name: 'Map CSV columns' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Scan Started')).toContainText('Analyzing 3 EANs.');

  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', 'ERROR', { timeout: 20_000 });
  await expect(panel.getByText(`Error: ${message}`)).toBeVisible();
  await expect(panel.getByText('ERROR', { exact: true })).toBeVisible();
  await expect(panel.getByTestId('supplier-scan-progress-text')).toHaveText('0% · 0 of 3 EANs analyzed');
  await expect(panel.getByText('Matching your list against Amazon')).toHaveCount(0);
  await expect(toast(page, 'Scan Completed')).toHaveCount(0);
  // A finished panel can be hidden.
  await panel.getByRole('button', { name: 'Hide scan progress' }).click();
  await expect(panel).toHaveCount(0);
});

/** Two small brands whose variants no other test on this server looks up (the FRESH slices are 4000–6900). */
function quietBrands(): string[] {
  const byBrand = new Map<string, number[]>();
  variants.forEach((v, index) => byBrand.set(v.brand, [...(byBrand.get(v.brand) ?? []), index]));
  return [...byBrand.entries()]
    .filter(([, indexes]) => indexes.length >= 5 && indexes.length <= 100 && indexes.every((i) => i < 4000))
    .map(([brand]) => brand)
    .sort()
    .slice(0, 2);
}

test('Brand Level Analyzer: a long scan shows both progress bars moving and is resumed after leaving the page', async ({ page }) => {
  // 2 brands × 3 markets, every look-up uncached: 6 batches × E2E_SLOW_LATENCY_MS ≈ 30 s.
  test.setTimeout(150_000);
  const brands = quietBrands();
  expect(brands).toHaveLength(2);
  await signInProUser(page);
  const token = await tokenOf(page);
  const query = new URLSearchParams([...brands.map((b) => ['brands', b]), ...['DE', 'UK', 'FR'].map((m) => ['markets', m])]);
  const started = await page.request.post(`/api/brand-analyzer/scan?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(started.status(), await started.text()).toBe(202);

  // Opening the page finds the active scan and follows it.
  await page.goto('/brand-level-analyzer');
  const panel = page.getByTestId('scan-status-panel');
  await expect(panel).toHaveAttribute('data-status', 'PROCESSING', { timeout: 30_000 });
  await expect(panel.getByTestId('scan-current-brand')).toHaveText(new RegExp(`Brand: .+ \\(1 of 2\\)`));
  await expect(panel.getByTestId('scan-current-market')).toHaveText(/Market: (Germany|United Kingdom|France) \([1-3] of 3\)/);
  await expect(panel.locator('[data-testid="brand-progress"], [data-testid="market-progress"]')).toHaveCount(2);
  await expect(page.getByTestId('scan-config-card').getByRole('button', { name: 'Start Scan' })).toBeDisabled();

  // The market bar moves within a brand, then the brand bar moves on.
  await expect(panel.getByTestId('scan-current-market')).toHaveText(/\(2 of 3\)|\(3 of 3\)/, { timeout: 30_000 });
  await expect(panel.getByTestId('scan-current-brand')).toHaveText(/\(2 of 2\)/, { timeout: 60_000 });

  // Leaving the page and coming back resumes the running scan.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Qogita Brand Analysis', exact: true }).click();
  await expect(panel).toHaveAttribute('data-status', /PROCESSING|COMPLETED/, { timeout: 30_000 });

  await expect(panel.getByText('Scan completed successfully!')).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByTestId('scan-status-badge')).toHaveText('COMPLETED');
  await expect(page.getByTestId('favorites-total')).toBeVisible();
});
