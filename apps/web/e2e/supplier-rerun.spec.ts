import { expect, test, type Page } from '@playwright/test';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { demoListings } from '../../server/src/modules/market-data/providers/demo/demo-retail.ts';
import { formatMoney } from '@dealradar/shared/money';
import { signInNewUser } from './helpers.ts';

/**
 * Re-running a kept supplier list. The demo market data does not change between two runs, so "today's data"
 * is changed the way a reseller's own decisions change it: the organization's match rules (a wrong match removes a
 * deal, undoing one brings a deal in, an "always match" with 2 units per listing halves a deal's margin).
 */

interface Product {
  ean: string;
  brand: string;
  asin: string;
  name: string;
  price: string;
}

/** Demo products with exactly one DE listing that has a buy box, priced at 20 % of the list price (clear deals). */
function singleListingProducts(count: number): Product[] {
  const at = new Date();
  const out: Product[] = [];
  for (const v of demoCatalogue().variants) {
    if (v.basePrice < 2000) continue;
    const listings = demoListings(v.gtin, 'DE', at);
    if (listings.length !== 1 || listings[0]!.buyBoxPrice === null || listings[0]!.packageQuantity !== 1) continue;
    out.push({ ean: v.gtin, brand: v.brand, asin: listings[0]!.asin, name: v.name, price: ((v.basePrice * 0.2) / 100).toFixed(2).replace('.', ',') });
    if (out.length === count) return out;
  }
  throw new Error('not enough demo products with one listing');
}

/** A demo product with two or more DE listings (packs), each with a buy box, priced at 5 % of its list price. */
function productWithOtherListing(): { product: Product; listings: ReturnType<typeof demoListings> } {
  const at = new Date();
  for (const v of demoCatalogue().variants) {
    if (v.basePrice < 2000) continue;
    const listings = demoListings(v.gtin, 'DE', at);
    if (listings.length < 2 || listings.some((l) => l.buyBoxPrice === null || l.lowestFbaPrice === null)) continue;
    const price = ((v.basePrice * 0.05) / 100).toFixed(2).replace('.', ',');
    return { product: { ean: v.gtin, brand: v.brand, asin: listings[0]!.asin, name: v.name, price }, listings };
  }
  throw new Error('no demo product with several listings');
}

async function uploadAndWait(page: Page, name: string, rows: Product[]) {
  await page
    .getByTestId('supplier-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: supplierCsv(rows) });
  const started = page.waitForResponse((r) => r.url().endsWith('/api/supplier-analyzer/scans') && r.request().method() === 'POST');
  await page.getByRole('dialog', { name: 'Map CSV columns' }).getByRole('button', { name: 'Confirm' }).click();
  const { scanId } = (await (await started).json()) as { scanId: string };
  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-scan-id', scanId);
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
  await expect(panel.getByTestId('supplier-scan-progress-text')).toHaveText(`100% · ${rows.length} of ${rows.length} EANs analyzed`);
}

function supplierCsv(rows: Product[]): Buffer {
  const lines = ['Artikelnummer;Hersteller;Einkaufspreis', ...rows.map((r) => `${r.ean};${r.brand};${r.price}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

async function saveRule(page: Page, token: string, rule: { ean: string; asin: string; kind: 'never' | 'always'; numberOfPacks?: number }): Promise<string> {
  const res = await page.request.post('/api/match-rules', { headers: { Authorization: `Bearer ${token}` }, data: { ...rule, market: 'DE' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

function toast(page: Page, title: string) {
  return page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
}

test('re-run a kept supplier list against today’s data and see what changed: new deals, deals gone, profit moved', async ({ page }) => {
  test.setTimeout(180_000);
  const [steady, comesBack, goesAway, halved, other] = singleListingProducts(5) as [Product, Product, Product, Product, Product];
  await signInNewUser(page, { country: 'DE' });
  const token = await tokenOf(page);
  // Before the first run "comesBack" is marked a wrong match: no deal for it yet.
  const hidden = await saveRule(page, token, { ean: comesBack.ean, asin: comesBack.asin, kind: 'never' });

  await page.goto('/supplier-level-analyzer');
  const lists = page.getByTestId('supplier-lists-card');
  await expect(lists.getByText('No kept lists yet')).toBeVisible();
  // FREE keeps a list 7 days.
  await expect(lists.getByText('Your plan keeps each list 7 days after its scan.')).toBeVisible();
  await page
    .getByTestId('supplier-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'grosshandel.csv', mimeType: 'text/csv', buffer: supplierCsv([steady, comesBack, goesAway, halved, other]) });
  const dialog = page.getByRole('dialog', { name: 'Map CSV columns' });
  await expect(dialog.getByRole('combobox', { name: 'Price column' })).toHaveValue('Einkaufspreis');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const panel = page.getByTestId('supplier-scan-panel');
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });

  // The list is kept: one row, a first run with 4 deals.
  const rows = page.getByTestId('supplier-lists-table').locator('tbody tr');
  await expect(rows).toHaveCount(1, { timeout: 15_000 });
  await expect(rows.first()).toContainText('grosshandel.csv');
  await expect(rows.first()).toContainText('First run');
  await expect(rows.first().locator('td').nth(4)).toHaveText('4');

  // Today: the wrong match is undone, another one is marked, and one product sells in 2-unit listings.
  const del = await page.request.delete(`/api/match-rules/${hidden}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(del.status()).toBe(204);
  await saveRule(page, token, { ean: goesAway.ean, asin: goesAway.asin, kind: 'never' });
  await saveRule(page, token, { ean: halved.ean, asin: halved.asin, kind: 'always', numberOfPacks: 2 });

  // The re-run asks first, naming the list, its EANs, what it takes from the month's uploads and the tokens.
  await rows.first().getByRole('button', { name: 'Re-run' }).click();
  const confirm = page.getByRole('dialog', { name: 'Re-run this list?' });
  await expect(confirm.getByTestId('rerun-confirm-list')).toHaveText(
    "grosshandel.csv (DE): 5 EANs against today's Amazon data, with the same columns, market and minimum ROI.",
  );
  await expect(confirm.getByTestId('rerun-confirm-allowance')).toHaveText('It uses 5 of the 95 EAN uploads left this month (plan limit 100).');
  await expect(confirm.getByTestId('rerun-confirm-tokens')).toContainText(/^This scan needs .*Keepa tokens?/);
  // Cancel starts nothing; the confirmation's Re-run does.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('ean-usage')).toHaveText('EAN uploads: 5 / 100');
  await rows.first().getByRole('button', { name: 'Re-run' }).click();
  await confirm.getByTestId('confirm-rerun').click();
  await expect(toast(page, 'Re-run Started')).toContainText("Re-running grosshandel.csv against today's Amazon data (5 EANs).");
  await expect(panel).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });

  // The re-run's result shows the changes since the last run.
  const changes = panel.getByTestId('run-changes');
  await expect(changes.getByTestId('run-changes-summary')).toHaveText('1 new deal · 1 deal gone · 1 profit moved by more than €1.00', { timeout: 15_000 });
  const table = changes.getByTestId('run-changes-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const rowOf = (ean: string) => table.locator('tbody tr').filter({ hasText: ean });
  await expect(rowOf(comesBack.ean)).toHaveAttribute('data-change', 'new');
  await expect(rowOf(comesBack.ean)).toContainText('New deal');
  await expect(rowOf(goesAway.ean)).toHaveAttribute('data-change', 'gone');
  // Gone because of the organization's own wrong-match rule, and said so.
  await expect(rowOf(goesAway.ean).locator('td').first()).toHaveText('Gone: you marked this match wrong');
  await expect(rowOf(halved.ean)).toHaveAttribute('data-change', 'moved');
  await expect(rowOf(halved.ean)).toContainText(/Profit −€\d+\.\d{2}/);
  await expect(table).not.toContainText(steady.ean);

  // Filter: only the deals gone.
  await changes.getByTestId('run-changes-filter').getByText('Deals gone (1)').click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toHaveAttribute('data-change', 'gone');
  // A threshold above the move: the profit no longer counts as moved.
  await changes
    .getByTestId('run-changes-filter')
    .getByText(/^All changes/)
    .click();
  await changes.getByLabel('Profit moved by more than (€)').fill('500');
  await expect(changes.getByTestId('run-changes-summary')).toHaveText('1 new deal · 1 deal gone · 0 profits moved by more than €500.00');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await changes.getByLabel('Profit moved by more than (€)').fill('1');
  await expect(table.locator('tbody tr')).toHaveCount(3);

  // The changes as CSV.
  const downloadPromise = page.waitForEvent('download');
  await changes.getByRole('button', { name: 'Download changes (CSV)' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^changes_[0-9a-f-]{36}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(csv)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('change,ean,asin,productName,brand,previousProfit,currentProfit,profitChange,previousRoiPercentage,currentRoiPercentage');
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(' '))).toEqual([`new ${comesBack.ean}`, `moved ${halved.ean}`, `gone ${goesAway.ean}`]);

  // The deal that is gone has left the deals list; the new one is in it.
  await expect(page.locator(`[data-testid="deal-card"][data-ean="${comesBack.ean}"]`)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator(`[data-testid="deal-card"][data-ean="${goesAway.ean}"]`)).toHaveCount(0);
  // The deal matched by the organization's "always match" rule carries its mark.
  await expect(page.locator(`[data-testid="deal-card"][data-ean="${halved.ean}"]`).getByTestId('match-source')).toHaveText('Always matched · 2-pack');
  await expect(page.locator(`[data-testid="deal-card"][data-ean="${steady.ean}"]`).getByTestId('match-source')).toHaveCount(0);

  // Both runs are kept; the re-run row shows its counts and opens the same changes.
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(rows.first()).toContainText(/Re-run of the run of \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);
  await rows.first().getByRole('button', { name: '+1 new · 1 gone · 1 moved' }).click();
  await expect(page.getByTestId('supplier-lists-card').getByTestId('run-changes-summary')).toHaveText(
    '1 new deal · 1 deal gone · 1 profit moved by more than €1.00',
  );

  // A list can be deleted: it is no longer kept.
  await rows.nth(1).getByRole('button', { name: 'Delete the list grosshandel.csv' }).click();
  await page.getByTestId('confirm-delete-list').click();
  await expect(rows).toHaveCount(1, { timeout: 15_000 });
  await expect(rows.first()).toContainText('Re-run');
});

test('the other listings of a deal show their price and ROI; choosing one marks the card at once, and the next scan shows "Always matched"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { product, listings } = productWithOtherListing();
  await signInNewUser(page, { country: 'DE' });
  await page.goto('/supplier-level-analyzer');
  await uploadAndWait(page, 'packs.csv', [product]);
  // The toasts do not cover the "EAN uploads" badge in the page header.
  const completed = toast(page, 'Scan Completed');
  await expect(completed).toBeVisible();
  const [note, badge] = [(await completed.boundingBox())!, (await page.getByTestId('ean-usage').boundingBox())!];
  const apart = note.x >= badge.x + badge.width || badge.x >= note.x + note.width || note.y >= badge.y + badge.height || badge.y >= note.y + note.height;
  expect(apart, `toast ${JSON.stringify(note)} covers the badge ${JSON.stringify(badge)}`).toBe(true);
  const card = page.locator(`[data-testid="deal-card"][data-ean="${product.ean}"]`);
  await expect(card).toBeVisible({ timeout: 15_000 });
  const matched = (await card.getAttribute('data-asin')) ?? (await card.innerText());
  const other = listings.find((l) => !matched.includes(l.asin))!;
  expect(other).toBeTruthy();

  await card.getByTestId('match-alternatives').click();
  const dialog = page.getByRole('dialog', { name: `Other listings of EAN ${product.ean} (DE)` });
  const row = dialog.locator(`tr[data-asin="${other.asin}"]`);
  // The other listing's price (DE: euro) — its lowest FBA offer, since the look-up fetched the buy box of the
  // chosen listing only, as Keepa's two phases do — and the ROI this supplier price would have there.
  // (A listing the shared cache already holds with its buy box shows that.)
  const money = (minor: number) => formatMoney(Math.round(minor) / 100, 'EUR').replace('.', '\\.');
  await expect(row.getByTestId('alternative-price')).toHaveText(
    new RegExp(`^(${money(other.lowestFbaPrice!)} \\(lowest FBA offer\\)|${money(other.buyBoxPrice!)} \\(buy box\\))$`),
  );
  await expect(row.getByTestId('alternative-roi')).toHaveText(/^-?\d{1,3}(,\d{3})*\.\d%$/);
  await row.getByRole('button', { name: 'Use this match' }).click();
  await expect(dialog).toHaveCount(0);
  // The card is marked at once; the numbers change with the next scan.
  await expect(card.getByTestId('match-source')).toHaveText(`Always matched to ${other.asin} · ${other.packageQuantity}-pack (from the next scan)`);

  await uploadAndWait(page, 'packs.csv', [product]);
  await expect(card.getByTestId('match-source')).toHaveText(`Always matched · ${other.packageQuantity}-pack`, { timeout: 15_000 });
});

test('kept lists on a phone (390 px): each list with its figures and buttons on screen, and its re-run confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const products = singleListingProducts(2);
  await signInNewUser(page, { country: 'DE' });
  await page.goto('/supplier-level-analyzer');
  await uploadAndWait(page, 'phone.csv', products);

  const card = page.getByTestId('supplier-lists-card');
  const item = card.getByTestId('supplier-list-item');
  await expect(item).toHaveCount(1, { timeout: 15_000 });
  await expect(card.getByTestId('supplier-lists-table')).toBeHidden();
  await expect(item).toContainText('phone.csv');
  await expect(item).toContainText(/DE · finished .+ · kept until .+/);
  await expect(item).toContainText('2 EANs · 2 deals');
  await expect(item).toContainText('First run');
  const rerun = item.getByRole('button', { name: 'Re-run' });
  const remove = item.getByRole('button', { name: 'Delete the list phone.csv' });
  await rerun.scrollIntoViewIfNeeded();
  for (const shown of [card, item, rerun, remove]) {
    await expect(shown).toBeVisible();
    const box = (await shown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await rerun.click();
  const confirm = page.getByRole('dialog', { name: 'Re-run this list?' });
  await expect(confirm.getByTestId('rerun-confirm-list')).toContainText('phone.csv (DE): 2 EANs');
  const go = confirm.getByTestId('confirm-rerun');
  const goBox = (await go.boundingBox())!;
  expect(goBox.x + goBox.width).toBeLessThanOrEqual(390);
  await go.click();
  await expect(item).toHaveCount(2, { timeout: 60_000 });
});
