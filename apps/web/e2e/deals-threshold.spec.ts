import { expect, test } from '@playwright/test';
import type { DealProduct } from '@dealradar/shared/contracts/scans';
import { demoCatalogue } from '../../server/src/modules/market-data/providers/demo/demo-catalogue.ts';
import { signInWithTier } from './price-drops.helpers.ts';

/**
 * The High ROI Deals list and its texts follow the minimum ROI as it is set now. Raising it hides the
 * deals below it and gives every card's max buy price for the new threshold, without a new scan.
 */

test.describe.configure({ timeout: 150_000 });

/** Demo products priced at 45–90 % of their usual price, so their ROIs spread over a wide range. */
function demoRows(count: number) {
  return demoCatalogue()
    .variants.filter((v) => v.basePrice >= 1500 && /^[1-9]\d{12}$/.test(v.gtin))
    .slice(0, count)
    .map((v, i) => ({ ean: v.gtin, brand: v.brand, price: Math.round(v.basePrice * (0.45 + (0.45 * i) / count)) / 100 }));
}

test('raising the minimum ROI hides the deals below it and gives the max buy price for the new threshold', async ({ page }) => {
  await signInWithTier(page, 'GROWTH', 'DE', '/supplier-level-analyzer');
  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const setMinRoi = async (fraction: number) => {
    const saved = await page.request.put('/api/user/settings', { headers, data: { minRoiThreshold: fraction } });
    expect(saved.status(), await saved.text()).toBe(200);
  };

  await setMinRoi(0.15);
  const started = await page.request.post('/api/supplier-analyzer/start', { headers, data: { marketId: 'DE', rows: demoRows(12) } });
  expect(started.status(), await started.text()).toBe(200);
  const { scanId } = (await started.json()) as { scanId: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/supplier-analyzer/${scanId}/status`, { headers })).json()) as { status: string }).status, {
      timeout: 90_000,
    })
    .toBe('COMPLETED');
  const found = ((await (await page.request.get('/api/supplier-analyzer/results?size=100', { headers })).json()) as { content: DealProduct[] }).content;
  const rois = found.map((d) => d.roiPercentage ?? 0).sort((a, b) => a - b);
  // A threshold (at most 99 %) between the lowest and the highest deal, so some deals stay and some go.
  const below100 = rois.filter((r) => r < 99);
  const threshold = Math.ceil(below100[Math.floor(below100.length / 2)]!);
  const staying = found.filter((d) => (d.roiPercentage ?? 0) >= threshold).length;
  expect(staying).toBeGreaterThan(0);
  expect(staying).toBeLessThan(found.length);

  await setMinRoi(threshold / 100);
  await page.reload();
  const cards = page.getByTestId('deal-card');
  await expect(cards).toHaveCount(staying, { timeout: 30_000 });
  for (const text of await cards.getByTestId('deal-roi').allInnerTexts()) expect(Number(text.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(threshold);
  await expect(cards.getByText(`for ${threshold}% ROI`)).toHaveCount(staying);
  await expect(page.getByText('for 15% ROI')).toHaveCount(0);
});
