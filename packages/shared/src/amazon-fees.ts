import type { ProfitBreakdown } from './contracts/scans.ts';

/**
 * Amazon's own fee estimate beside our fee rules (docs/seller-account.md): the parts compared, the mark when the totals
 * differ by more than €0.05 (or the market currency's equivalent at the day's reference rate), and a breakdown's profit
 * with the other fees. Money in major units of the market's currency; fees before VAT on fees (Amazon quotes them so).
 */
export const FEE_MARK_EUR = 0.05;

export interface FeeParts {
  referralFee: number;
  fbaFee: number;
  closingFee: number;
  digitalServicesFee: number;
  total: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;
const VAT_KINDS = new Set(['fee-vat', 'fee-vat-reclaimed']);

/** The fees a breakdown charges before VAT on fees (its referral, DSF, FBA and closing lines). */
function feesBeforeVat(b: ProfitBreakdown): number {
  const lines = b.feeLines ?? [];
  if (!lines.length) return cents(b.referralFee + b.fbaFee);
  return cents(lines.filter((line) => !VAT_KINDS.has(line.kind)).reduce((sum, line) => sum + line.amount, 0));
}

/** Our fee rules' parts of a breakdown: its own lines, or, when its fees are Amazon's (the choice), the rules' kept beside. */
export function ourFeeParts(b: ProfitBreakdown): FeeParts {
  if (b.amazonFees?.rules) return b.amazonFees.rules;
  const lines = b.feeLines ?? [];
  if (!lines.length) return { referralFee: b.referralFee, fbaFee: b.fbaFee, closingFee: 0, digitalServicesFee: 0, total: cents(b.referralFee + b.fbaFee) };
  const sum = (...kinds: string[]) => cents(lines.filter((line) => kinds.includes(line.kind)).reduce((total, line) => total + line.amount, 0));
  const parts = { referralFee: sum('referral'), fbaFee: sum('fba'), closingFee: sum('closing'), digitalServicesFee: sum('referral-dsf', 'fba-dsf') };
  return { ...parts, total: cents(parts.referralFee + parts.fbaFee + parts.closingFee + parts.digitalServicesFee) };
}

/** €0.05 in the market's currency (`eurRate`: 1 EUR = eurRate units of it), as a mark threshold in major units. */
export function markThreshold(eurRate: number): number {
  return Math.round(FEE_MARK_EUR * eurRate * 10_000) / 10_000;
}

/** Amazon's total differs from ours by more than the threshold. */
export function isMarked(difference: number, threshold: number): boolean {
  return Math.abs(difference) > threshold + 1e-9;
}

/**
 * The breakdown's profit and ROI when its fees before VAT on fees were `fees` instead: the difference is charged with
 * the same share of VAT on fees the breakdown pays as a cost (none when reclaimed).
 */
export function profitWithFees(b: ProfitBreakdown, fees: number): { profit: number | null; roi: number | null } {
  if (b.profit === null) return { profit: null, roi: null };
  const lines = b.feeLines ?? [];
  const current = feesBeforeVat(b);
  const reclaimed = lines.some((line) => line.kind === 'fee-vat-reclaimed');
  const vat = reclaimed ? 0 : lines.filter((line) => line.kind === 'fee-vat').reduce((sum, line) => sum + line.amount, 0);
  const vatRate = current > 0 ? vat / current : 0;
  const profit = cents(b.profit + (current - fees) * (1 + vatRate));
  return { profit, roi: b.cost && b.cost > 0 ? profit / b.cost : null };
}
