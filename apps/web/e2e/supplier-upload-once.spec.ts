import { expect, test } from '@playwright/test';
import { gs1CheckDigit } from '../../../packages/shared/src/ean.ts';
import { signInNewUser } from './helpers.ts';

/**
 * Upload once (docs/scans-web.md): the dropped file is sent to the server one time (POST /api/uploads); choosing
 * another EAN column asks the token estimate of the stored upload by id, and Confirm starts the scan by id — neither
 * sends the file again.
 */
test.describe.configure({ timeout: 90_000 });

function freshEans(count: number, prefix: string): string[] {
  const seed = String(Date.now() % 1e6).padStart(6, '0');
  return Array.from({ length: count }, (_, i) => {
    const body = `${prefix}${seed}${String(i).padStart(4, '0')}`;
    return body + gs1CheckDigit(body);
  });
}

test('the file travels once: the estimate and the start name the upload by id', async ({ page }) => {
  const eans = freshEans(40, '46');
  const other = freshEans(40, '45');
  // Two code columns: the EAN column can be changed in the dialog.
  const csv = Buffer.from(['EAN;GTIN;Brand;Price', ...eans.map((e, i) => `${e};${other[i]};Nivea;4,50`)].join('\r\n'), 'utf8');
  // What the page hands to fetch: a FormData's file and fields by their size, a JSON body by its length.
  await page.addInitScript(() => {
    const log: Array<{ url: string; bytes: number; body: string }> = [];
    (window as unknown as { sentBodies: typeof log }).sentBodies = log;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const body = init?.body;
      if (init?.method === 'POST') {
        let bytes = 0;
        if (body instanceof FormData) for (const [, value] of body.entries()) bytes += typeof value === 'string' ? new Blob([value]).size : value.size;
        else if (typeof body === 'string') bytes = new Blob([body]).size;
        log.push({
          url: new URL(String(input instanceof Request ? input.url : input), location.href).pathname,
          bytes,
          body: typeof body === 'string' ? body : '',
        });
      }
      return original(input, init);
    };
  });
  await signInNewUser(page, { open: '/supplier-level-analyzer' });
  await expect(page.getByTestId('ean-usage')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('supplier-dropzone').locator('input[type=file]').setInputFiles({ name: 'once.csv', mimeType: 'text/csv', buffer: csv });
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  const estimate = dialog.getByTestId('keepa-token-estimate');
  await expect(estimate).toContainText('(40 of 40 EANs are not in the shared cache)');
  await dialog.getByRole('combobox', { name: 'EAN column' }).click();
  await page.getByRole('option', { name: 'GTIN', exact: true }).click();
  await expect(estimate).toContainText('(40 of 40 EANs are not in the shared cache)');
  await dialog.getByRole('combobox', { name: 'EAN column' }).click();
  await page.getByRole('option', { name: 'EAN', exact: true }).click();

  const started = page.waitForResponse((r) => r.url().endsWith('/api/supplier-analyzer/scans') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const { scanId } = (await (await started).json()) as { scanId: string };
  await expect(page.getByTestId('supplier-scan-panel')).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });

  const sent = await page.evaluate(() => (window as unknown as { sentBodies: Array<{ url: string; bytes: number; body: string }> }).sentBodies);
  const uploads = sent.filter((r) => r.url === '/api/uploads');
  expect(uploads).toHaveLength(1);
  expect(uploads[0]!.bytes).toBe(csv.length);
  const estimates = sent.filter((r) => r.url.endsWith('/token-estimate'));
  expect(estimates.length).toBeGreaterThanOrEqual(2);
  for (const call of estimates) {
    expect(call.url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\/token-estimate$/);
    expect(call.bytes).toBeLessThan(200);
  }
  const start = sent.find((r) => r.url === '/api/supplier-analyzer/scans')!;
  expect(JSON.parse(start.body)).toMatchObject({ uploadId: scanId, eanColumn: 'EAN', brandColumn: 'Brand', priceColumn: 'Price' });
  // Everything the browser posted for this scan: the file once, plus a few hundred bytes of ids and mappings.
  const total = sent.filter((r) => r.url.startsWith('/api/uploads') || r.url.startsWith('/api/supplier-analyzer/')).reduce((n, r) => n + r.bytes, 0);
  expect(total).toBeLessThan(csv.length + 1000);
});
