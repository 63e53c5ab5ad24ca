/** Wording and colours of a re-run's changes: one place for the supplier lists card and the changes view. */
import { formatMoney } from '@dealradar/shared/money';
import { formatCount } from '@dealradar/shared/number-format';
import { formatProfitChange, type RunChange, type RunChangeCounts } from '@dealradar/shared/rerun-diff';
import { UNLIMITED } from '@dealradar/shared/tiers';

/**
 * The marker of one changed deal: 'New deal', 'Gone' ('Gone: you marked this match wrong' when the organization's own
 * wrong-match rule removed it), or the profit's move ('+€1.20' up, '−€2.05' down).
 */
export function changeMarker(change: Pick<RunChange, 'kind' | 'profitChange' | 'goneReason'>): { label: string; color: string } {
  if (change.kind === 'new') return { label: 'New deal', color: 'green' };
  if (change.kind === 'gone')
    return change.goneReason === 'wrong-match' ? { label: 'Gone: you marked this match wrong', color: 'gray' } : { label: 'Gone', color: 'red' };
  const delta = change.profitChange ?? 0;
  return { label: `Profit ${formatProfitChange(delta)}`, color: delta >= 0 ? 'teal' : 'orange' };
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** '€1.00', '€0.50', '€0' → the threshold as the sentences show it. */
export function formatThreshold(threshold: number): string {
  return formatMoney(threshold, 'EUR');
}

/** '1 new deal · 2 deals gone · 1 profit moved by more than €1.00' (or 'No changes since the last run'). */
export function changesSummary(counts: Pick<RunChangeCounts, 'new' | 'gone' | 'moved'>, threshold: number): string {
  if (counts.new + counts.gone + counts.moved === 0) return `No changes since the last run (profit moved by more than ${formatThreshold(threshold)}: none)`;
  return [
    plural(counts.new, 'new deal', 'new deals'),
    plural(counts.gone, 'deal gone', 'deals gone'),
    `${plural(counts.moved, 'profit', 'profits')} moved by more than ${formatThreshold(threshold)}`,
  ].join(' · ');
}

/** The short form in the supplier lists table: '+1 new · 1 gone · 1 moved'. */
export function changesShort(counts: Pick<RunChangeCounts, 'new' | 'gone' | 'moved'>): string {
  if (counts.new + counts.gone + counts.moved === 0) return 'No changes';
  return `+${counts.new} new · ${counts.gone} gone · ${counts.moved} moved`;
}

/** The month's EAN uploads (Subscription): used and the plan's limit (UNLIMITED: no limit). */
export interface EanAllowance {
  used: number;
  limit: number;
}

/** What a re-run takes from the month's EAN uploads, as the confirmation says it. */
export function allowanceSentence(eans: number, allowance: EanAllowance | undefined): string | null {
  if (!allowance) return null;
  if (allowance.limit >= UNLIMITED) return `Your plan has unlimited EAN uploads; this re-run uses ${formatCount(eans)}.`;
  const left = Math.max(0, allowance.limit - allowance.used);
  const n = formatCount;
  if (left === 0) return `You have no EAN uploads left this month (${n(allowance.used)} of ${n(allowance.limit)} used).`;
  if (left < eans)
    return `Your plan allows ${n(left)} more EANs this month: only the first ${n(left)} of ${n(eans)} EANs are analyzed, and that uses them all.`;
  return `It uses ${n(eans)} of the ${n(left)} EAN uploads left this month (plan limit ${n(allowance.limit)}).`;
}
