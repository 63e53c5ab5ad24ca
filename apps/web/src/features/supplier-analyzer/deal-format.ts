import { breakdownConversion, type Conversion } from '@dealradar/shared/money';
import { formatMoney, formatPercent } from '../../lib/format.ts';

export { buyBoxSellerLabel, formatCount, formatMoney, formatPercent, NO_VALUE } from '../../lib/format.ts';

/** Supplier deals are shown in EUR (SPEC §9). */
export function formatEur(value: number | null | undefined): string {
  return formatMoney(value, 'EUR');
}

/**
 * The conversion between a deal's market currency (its breakdown) and the list's EUR, at the scan's rate and day;
 * null for a euro market (docs/money.md).
 */
export function dealConversion(deal: { breakdown: { currency: string; fxRate: number; fxDate: string } }): Conversion | null {
  return breakdownConversion(deal.breakdown, 'EUR');
}

/**
 * A minimum ROI threshold as the user set it: 0.225 → '22.5%', 0.25 → '25%' (one decimal at most, SPEC §5;
 * never rounded to a whole percent).
 */
export function formatRoiThreshold(fraction: number): string {
  const percent = Math.round(fraction * 1000) / 10;
  return formatPercent(percent, Number.isInteger(percent) ? 0 : 1);
}

/** 'Case of 6: €17.70' beside a unit cost when the supplier's price buys several units; null for unit prices. */
export function casePriceNote(deal: { casePrice: number | null; unitsPerPrice: number }): string | null {
  if (deal.unitsPerPrice <= 1) return null;
  return `Case of ${deal.unitsPerPrice}: ${formatEur(deal.casePrice)}`;
}

/** '4-pack' beside the Amazon price when the listing sells several units; null for a single unit. */
export function packNote(numberOfPacks: number): string | null {
  return numberOfPacks > 1 ? `${numberOfPacks}-pack` : null;
}
