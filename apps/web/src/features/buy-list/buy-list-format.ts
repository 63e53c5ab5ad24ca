import type { SuggestedQuantity } from '@dealradar/shared/buy-list';
import type { BuyLine, BuyLineChange, PurchaseOrderFormat, WatchlistLineResult } from '@dealradar/shared/contracts/buy-list';
import { formatMoney } from '@dealradar/shared/money';
import { formatCount, formatPercent } from '@dealradar/shared/number-format';
import { regionOfCountry } from '@dealradar/shared/regions';
import { formatDateTime } from '../../lib/date-format.ts';

/** €1,234.50; NO_VALUE for none. */
export function formatEur(value: number | null | undefined): string {
  return formatMoney(value, 'EUR');
}

/** 0.253 → '25.3%'. */
export function formatRoi(fraction: number | null): string {
  return formatPercent(fraction === null ? null : fraction * 100);
}

/** How the suggested quantity was reached, for the add form. */
export function suggestionText(s: SuggestedQuantity, input: { weeks: number; share: number | null; unitsPerCase: number }): string {
  const cases = input.unitsPerCase > 1 ? `, whole cases of ${input.unitsPerCase}` : '';
  if (s.basis === 'one-case') {
    return `Suggested: ${s.quantity} (one ${input.unitsPerCase > 1 ? 'case' : 'unit'}): this listing has no estimate of your share.`;
  }
  return `Suggested: ${s.quantity} = ${input.weeks} week${input.weeks === 1 ? '' : 's'} of your share (≈ ${input.share} a month, an estimate)${cases}.`;
}

/** '33 days' / '1 day'; null → 'unknown (no sales estimate)'. */
export function daysText(days: number | null): string {
  if (days === null) return 'unknown (no sales estimate)';
  return `${days} day${days === 1 ? '' : 's'}`;
}

const moved = (a: number | null, b: number | null, tolerance = 0.005) =>
  (a === null) !== (b === null) || (a !== null && b !== null && Math.abs(a - b) > tolerance);

/** 'Changed since added: price €10.00 → €9.00, profit €3.00 → €4.00, ROI 30.0% → 44.4%, stock 5 → 3' — only what moved. */
export function changeText(line: BuyLine, change: BuyLineChange): string {
  const parts: string[] = [];
  if (moved(line.unitPrice, change.unitPrice, 0.00005)) parts.push(`price ${formatEur(line.unitPrice)} → ${formatEur(change.unitPrice)}`);
  if (moved(line.profitPerListing, change.profitPerListing)) parts.push(`profit ${formatEur(line.profitPerListing)} → ${formatEur(change.profitPerListing)}`);
  if (moved(line.roiPercentage, change.roiPercentage)) parts.push(`ROI ${formatPercent(line.roiPercentage)} → ${formatPercent(change.roiPercentage)}`);
  if (change.previousStock !== null && change.stock !== change.previousStock)
    parts.push(`stock ${formatCount(change.previousStock)} → ${change.stock === null ? 'unknown' : formatCount(change.stock)}`);
  return `Changed since added: ${parts.join(', ')}`;
}

/** Where the change comes from and how to take it, for the badge's tooltip. */
export function changeSourceText(change: BuyLineChange): string {
  const when = formatDateTime(change.scannedAt);
  if (change.reason === 'brand-scan') return `A newer brand scan (${when}) re-evaluated this favorite. Add the favorite again to take its figures.`;
  if (change.reason === 'price-refresh')
    return `The Qogita price refresh (${when}) changed the lowest offer of this product. Profit and ROI are at the new price with the Amazon side as when added. Add the price drop again to take the new figures and the seller's current minimum order value.`;
  return `A newer scan of this list (${when}) gives other figures. Add the deal again to take them.`;
}

/** The CSV a purchase order downloads by default: CSV for Excel in continental Europe (semicolon, decimal comma), else plain CSV. */
export function defaultOrderCsvFormat(primaryCountry: string | null | undefined): Extract<PurchaseOrderFormat, 'csv' | 'excel-csv'> {
  return regionOfCountry(primaryCountry) === 'EU' ? 'excel-csv' : 'csv';
}

export const ORDER_CSV_OPTIONS: ReadonlyArray<{ format: Extract<PurchaseOrderFormat, 'csv' | 'excel-csv'>; label: string; hint: string }> = [
  { format: 'excel-csv', label: 'CSV for Excel (semicolon, decimal comma)', hint: 'Excel in Germany, France, Italy, Spain, the Netherlands…' },
  { format: 'csv', label: 'CSV (comma, decimal point)', hint: 'Excel in the UK and US, and other tools' },
];

/** 'Sent to your Qogita watchlist: 1 added, 1 updated.' with what was refused or not sent. */
export function watchlistSummary(results: WatchlistLineResult[]): string {
  const count = (outcome: WatchlistLineResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const [created, updated, refused, skipped] = [count('created'), count('updated'), count('refused'), count('skipped')];
  const accepted = [created && `${created} added`, updated && `${updated} updated`].filter(Boolean).join(', ');
  const missed = [refused && `${refused} refused by Qogita`, skipped && `${skipped} not sent`].filter(Boolean).join(', ');
  if (!accepted) return `Nothing was put on your Qogita watchlist${missed ? `: ${missed}` : ''}.`;
  return `Sent to your Qogita watchlist: ${accepted}${missed ? `; ${missed}` : ''}.`;
}
