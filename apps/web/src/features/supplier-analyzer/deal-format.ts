import { formatMoney } from '../../lib/format.ts';

export { buyBoxSellerLabel, formatCount, formatMoney, formatPercent } from '../../lib/format.ts';

/** Supplier deals are shown in EUR (SPEC §9). */
export function formatEur(value: number | null | undefined): string {
  return formatMoney(value, 'EUR');
}

/** When a deal was found: the time for today's deals, else date and time (deals live 24 h). */
export function formatFoundAt(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? `today ${time}` : `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}
