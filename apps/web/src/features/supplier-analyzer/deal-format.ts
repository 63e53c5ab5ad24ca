import type { MarketId } from '@dealradar/shared/markets';

/** Money with its currency symbol and 2 decimals (SPEC §9); '—' when unknown. */
export function formatMoney(value: number | null | undefined, currency: string): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** Supplier deals are shown in EUR (SPEC §9). */
export function formatEur(value: number | null | undefined): string {
  return formatMoney(value, 'EUR');
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return `${value.toFixed(digits)}%`;
}

export function formatCount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US');
}

/** Amazon's own retail seller id per marketplace: shown as 'Amazon' instead of the id (SPEC §9). */
const AMAZON_SELLER_IDS: Record<MarketId, string> = {
  DE: 'A3JWKAKR8XB7XF',
  UK: 'A3P5ROKL5A1OLE',
  FR: 'A1X6FK5RDHNB96',
  IT: 'A11IL2PNWYJU7H',
  ES: 'A1AT7YVPFBWXBL',
  US: 'ATVPDKIKX0DER',
  CA: 'A3DWYIK6Y9EEQB',
};

export function buyBoxSellerLabel(sellerId: string | null | undefined): string {
  if (!sellerId) return '—';
  return Object.values(AMAZON_SELLER_IDS).includes(sellerId) ? 'Amazon' : sellerId;
}

/** When a deal was found: the time for today's deals, else date and time (deals live 24 h). */
export function formatFoundAt(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? `today ${time}` : `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}
