import type { SuggestedQuantity } from '@dealradar/shared/buy-list';

const eur = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** €1,234.50; '—' for none. */
export function formatEur(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : eur.format(value);
}

/** 0.253 → '25.3 %'. */
export function formatRoi(fraction: number | null): string {
  return fraction === null ? '—' : `${(fraction * 100).toFixed(1)} %`;
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
