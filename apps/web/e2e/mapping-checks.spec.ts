import { expect, test, type Page } from '@playwright/test';
import { gs1CheckDigit } from '../../../packages/shared/src/ean.ts';
import { signInNewUser } from './helpers.ts';

/**
 * Issue 23 items 4–5: the mapping dialog says before Confirm what the plan's allowance leaves of a list and how many
 * EANs a spreadsheet damaged (and how to export them as text); after the scan the report's tiles agree with its
 * summary. Every test uses a new FREE user (100 EAN uploads a month) and EANs no other test uses.
 */
test.describe.configure({ timeout: 90_000 });

const input = (page: Page) => page.getByTestId('supplier-dropzone').locator('input[type=file]');

/** `count` valid EANs that no other test (or earlier run) uses and that the demo catalogue does not know. */
function freshEans(count: number, prefix: string): string[] {
  const seed = String(Date.now() % 1e6).padStart(6, '0');
  return Array.from({ length: count }, (_, i) => {
    const body = `${prefix}${seed}${String(i).padStart(4, '0')}`;
    return body + gs1CheckDigit(body);
  });
}

test('FREE: "only 100 of 199" is said before Confirm, and the report tiles agree with it afterwards', async ({ page }) => {
  const eans = freshEans(199, '47');
  const csv = Buffer.from(['EAN;Brand;Price', ...eans.map((e) => `${e};Nivea;4,50`)].join('\r\n'), 'utf8');
  await signInNewUser(page, { open: '/supplier-level-analyzer' });
  await expect(page.getByTestId('ean-usage')).toContainText('0 / 100', { timeout: 30_000 });

  await input(page).setInputFiles({ name: 'list-199.csv', mimeType: 'text/csv', buffer: csv });
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(dialog.getByTestId('mapping-plan-limit')).toContainText(
    'Your plan has 100 EAN uploads left this month, so only 100 of 199 EANs will be analyzed: the first 100 in the file. The other 99 are not analyzed and do not use your allowance',
  );
  await expect(dialog.getByTestId('mapping-damaged-eans')).toHaveCount(0);
  // The token estimate counts all 199 and says what the plan's 100 cost: what the scan then shows as its estimate.
  await expect(dialog.getByTestId('keepa-token-estimate')).toContainText(
    '(199 of 199 EANs are not in the shared cache). This run analyzes 100 of them on your plan: about 145 Keepa tokens.',
  );
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
  const report = panel.getByTestId('scan-report');
  await expect(report.getByTestId('scan-report-figure-valid-eans')).toContainText('199');
  await expect(report.getByTestId('scan-report-figure-eans-analyzed')).toContainText('100');
  // The tile counts what the summary lists: no "Rows not used 0" above "Over the plan limit 99".
  await expect(report.getByTestId('scan-report-figure-rows-not-used')).toContainText('99');
  await expect(report.getByTestId('scan-report-summary')).toHaveText('Rows not used: Over the plan limit 99');
  // None of these codes is on Amazon: nothing spent of about 145, and the card says why.
  await expect(panel.getByTestId('scan-token-progress')).toHaveText('0 Keepa tokens spent of about 145');
  await expect(panel.getByTestId('scan-token-difference')).toContainText('Less than estimated: codes Amazon does not know cost nothing');
});

test('Excel-damaged EANs are counted with the reason and the advice before Confirm', async ({ page }) => {
  const good = freshEans(2, '48');
  // A German Excel save of a list whose EAN column was a number column: 8 codes kept only 6 digits, one lost a digit.
  const damaged = ['4,00638E+12', '4,00638E+12', '4,00617E+12', '4,00617E+12', '5,01234E+12', '5,01234E+12', '8,71234E+12', '8,71234E+12'];
  const rows = [...damaged.map((d) => `${d};Nivea;4,50`), `${good[0]};Nivea;4,50`, '123456;Nivea;4,50', `${good[1]};Nivea;4,50`];
  await signInNewUser(page, { open: '/supplier-level-analyzer' });
  await input(page).setInputFiles({ name: 'excel-de.csv', mimeType: 'text/csv', buffer: Buffer.from(['EAN;Marke;Preis', ...rows].join('\r\n'), 'utf8') });

  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  const alert = dialog.getByTestId('mapping-damaged-eans');
  await expect(alert).toHaveAttribute('data-level', 'most');
  await expect(alert).toContainText('Most EANs are damaged');
  await expect(alert).toContainText('9 of 11 rows have a damaged EAN: only 2 EANs can be scanned.');
  await expect(alert).toContainText('8 in scientific notation (like 4,00638E+12): a spreadsheet kept only the first digits');
  await expect(alert).toContainText('1 too short (fewer than 8 digits');
  await expect(alert).toContainText('For example: line 2: 4,00638E+12');
  await expect(alert).toContainText('Format Cells → Text');
  await expect(alert).toContainText('CSV UTF-8 (Comma delimited)');
  // The two intact EANs can still be scanned: Confirm stays enabled (the decision in docs/scans-web.md).
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Nothing usable at all: said prominently, and Confirm waits (the server would refuse the file).
  await input(page).setInputFiles({
    name: 'all-damaged.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['EAN;Marke;Preis', ...damaged.slice(0, 3).map((d) => `${d};Nivea;4,50`)].join('\r\n'), 'utf8'),
  });
  await expect(dialog.getByTestId('mapping-damaged-eans')).toHaveAttribute('data-level', 'all');
  await expect(dialog.getByTestId('mapping-damaged-eans')).toContainText('3 of 3 rows have a damaged EAN: none can be scanned.');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
});
