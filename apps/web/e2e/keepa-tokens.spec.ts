import { expect, test } from '@playwright/test';
import { gs1CheckDigit } from '../../../packages/shared/src/ean.ts';
import { signInNewUser } from './helpers.ts';

/** Issue 12: the expected Keepa token cost shows in the mapping dialog before the scan starts; the scan shows what it spent. */
test('the upload dialog tells the Keepa token cost before the scan starts', async ({ page }) => {
  test.setTimeout(60_000);
  // EANs no other test (or earlier run) has put into the shared cache: all 20 are new.
  const seed = String(Date.now() % 1e7).padStart(7, '0');
  const eans = Array.from({ length: 20 }, (_, i) => {
    const body = `41${seed}${String(i).padStart(3, '0')}`;
    return body + gs1CheckDigit(body);
  });
  const csv = Buffer.from(['EAN;Brand;Price', ...eans.map((e) => `${e};Nivea;4,50`)].join('\r\n'), 'utf8');

  await signInNewUser(page, { open: '/supplier-level-analyzer' });
  await page.getByTestId('supplier-dropzone').locator('input[type=file]').setInputFiles({ name: 'tokens.csv', mimeType: 'text/csv', buffer: csv });
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  // 20 new EANs × 1.45 expected tokens = 29 tokens; at the demo account's 20 tokens/min: 2 min.
  await expect(dialog.getByTestId('keepa-token-estimate')).toHaveText(
    'This scan needs about 29 Keepa tokens, about 2 min at 20 tokens/min (20 of 20 EANs are not in the shared cache).',
  );
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 30_000 });
  // None of these codes is on Amazon: the look-up returned no product, and Keepa charges per returned product.
  await expect(panel.getByTestId('scan-token-progress')).toHaveText('0 Keepa tokens spent of about 29');
});
