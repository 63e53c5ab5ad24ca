import { UNLIMITED, formatLimit } from '@dealradar/shared/tiers';
import { regionOfCountry } from '@dealradar/shared/regions';
import { parseDecimalInput } from '@dealradar/shared/decimal';
import { formatCount } from '../../lib/format.ts';

/** SPEC §3: minRoiThreshold is a fraction shown as a percentage (value times 100), one decimal at most. */
export function roiFractionToPercent(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

/** SPEC §5: the saved value is the percentage divided by 100. */
export function roiPercentToFraction(percent: number): number {
  return Math.round(percent * 10) / 1000;
}

/** SPEC §5 minimum ROI: a number 0 to 100 in steps of 0.1; null when valid. */
export function validateRoiPercent(value: number | string): string | null {
  if (value === '' || typeof value !== 'number' || Number.isNaN(value)) return 'Please enter a number.';
  if (value < 0 || value > 100) return 'Minimum ROI must be between 0 and 100%.';
  if (Math.abs(Math.round(value * 10) - value * 10) > 1e-6) return 'Use at most one decimal place.';
  return null;
}

/**
 * The ROI field as typed ('22,5', '22.5', '22,5 %') → a valid percentage, or the sentence why not (decimal
 * commas wherever a user types a percentage).
 */
export function parseRoiPercent(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const parsed = parseDecimalInput(text, { allowNegative: true });
  if (!parsed.ok || parsed.value === null) return { ok: false, error: 'Please enter a number.' };
  const invalid = validateRoiPercent(parsed.value);
  return invalid ? { ok: false, error: invalid } : { ok: true, value: parsed.value };
}

/** Editable only when the plan's filter type is adjustable; an unknown plan (call failed) keeps it editable. */
export function isRoiEditable(filterType: 'adjustable' | 'fixed' | undefined): boolean {
  return filterType !== 'fixed';
}

export interface UsageBar {
  percent: number;
  color: 'red' | 'blue';
  label: string;
  exhausted: boolean;
}

/** A usage bar: red at or above the limit; Number.MAX_SAFE_INTEGER reads 'Unlimited'. */
export function usageBar(used: number, limit: number): UsageBar {
  const unlimited = limit >= UNLIMITED;
  const exhausted = !unlimited && used >= limit;
  const percent = unlimited ? 0 : limit <= 0 ? 100 : Math.min(100, (used / limit) * 100);
  return {
    percent,
    color: exhausted ? 'red' : 'blue',
    label: limit <= 0 ? 'Not included in your plan' : `${formatCount(used)} / ${formatLimit(limit)}`,
    exhausted,
  };
}

/** Select value of the primary business country: server values DE, FR, IT, ES display as continental Europe. */
export function primaryCountrySelectValue(country: string | null | undefined): 'UK' | 'EU' | null {
  return regionOfCountry(country);
}
