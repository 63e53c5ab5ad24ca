/**
 * The one way the product writes counts and percents, on screens and in e-mails: en-US grouping and decimal point
 * (SPEC §7). Money is `formatMoney` in money.ts; dates on screens are apps/web/src/lib/date-format.ts.
 */

/** The mark shown where a value is unknown or missing, everywhere (screens, e-mails, downloads' readable text). */
export const NO_VALUE = '—';

/** 12480 → '12,480'; NO_VALUE when unknown. */
export function formatCount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return value.toLocaleString('en-US');
}

/** 23.4 → '23.4%' (a percentage, not a fraction), always `digits` decimals; NO_VALUE when unknown. */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
}
