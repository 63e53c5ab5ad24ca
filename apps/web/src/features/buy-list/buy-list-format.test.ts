import { describe, expect, it } from 'vitest';
import type { BuyLine, BuyLineChange, WatchlistLineResult } from '@dealradar/shared/contracts/buy-list';
import { purchaseOrderFileName } from './api/buy-list.ts';
import { changeText, defaultOrderCsvFormat, watchlistSummary } from './buy-list-format.ts';

const line = { unitPrice: 10, profitPerListing: 3, roiPercentage: 30 } as BuyLine;
const change = (over: Partial<BuyLineChange>): BuyLineChange => ({
  reason: 'price-refresh',
  scannedAt: '2026-11-29T06:00:00.000Z',
  unitPrice: 10,
  profitPerListing: 3,
  roiPercentage: 30,
  amazonPrice: 25,
  sellerUnitsPerMonth: 12,
  stock: null,
  previousStock: null,
  ...over,
});

describe('buy-list format', () => {
  it('says only what changed: price, profit, ROI, stock', () => {
    expect(changeText(line, change({ unitPrice: 9, profitPerListing: 4, roiPercentage: 44.44, stock: 3, previousStock: 5 }))).toBe(
      'Changed since added: price €10.00 → €9.00, profit €3.00 → €4.00, ROI 30.0% → 44.4%, stock 5 → 3',
    );
    expect(changeText(line, change({ reason: 'brand-scan', profitPerListing: 2.5, roiPercentage: 25 }))).toBe(
      'Changed since added: profit €3.00 → €2.50, ROI 30.0% → 25.0%',
    );
    expect(changeText(line, change({ stock: 1200, previousStock: 900 }))).toBe('Changed since added: stock 900 → 1,200');
  });

  it('the purchase order CSV a region opens by double-click: continental Europe semicolons, UK commas', () => {
    for (const country of ['DE', 'FR', 'IT', 'ES']) expect(defaultOrderCsvFormat(country)).toBe('excel-csv');
    expect(defaultOrderCsvFormat('UK')).toBe('csv');
    expect(defaultOrderCsvFormat(null)).toBe('csv');
    expect(purchaseOrderFileName('acme.csv', '2026-11-29', 'excel-csv')).toBe('purchase_order_acme_2026-11-29_excel.csv');
    expect(purchaseOrderFileName('acme.csv', '2026-11-29', 'csv')).toBe('purchase_order_acme_2026-11-29.csv');
  });

  it('sums up a watchlist send in a sentence', () => {
    const r = (outcome: WatchlistLineResult['outcome']) => ({ outcome }) as WatchlistLineResult;
    expect(watchlistSummary([r('created'), r('updated')])).toBe('Sent to your Qogita watchlist: 1 added, 1 updated.');
    expect(watchlistSummary([r('created'), r('refused'), r('skipped')])).toBe('Sent to your Qogita watchlist: 1 added; 1 refused by Qogita, 1 not sent.');
    expect(watchlistSummary([r('refused')])).toBe('Nothing was put on your Qogita watchlist: 1 refused by Qogita.');
  });
});
