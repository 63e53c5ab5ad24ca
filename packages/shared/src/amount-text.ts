import { parseDecimalInput, type DecimalInput, type DecimalOptions } from './decimal.ts';

/**
 * An amount typed by a person or written in a price list, read by the shared parseDecimalInput after one more check:
 * a separator that groups thousands must group three digits. '4,2,0' is not a number (not 420), nor '1.23.456'; '1.234.567', '1,234.56', '1 234,56' and '4,20' are.
 */
export function parseAmountText(input: string | number | null | undefined, options: DecimalOptions = {}): DecimalInput {
  if (typeof input === 'string' && badGrouping(input)) return { ok: false, error: `${input.trim()} is not a number.` };
  return parseDecimalInput(input, options);
}

/** True when separators used as thousands groups do not group three digits. */
export function badGrouping(input: string): boolean {
  const text = input.replace(/[^\d.,]/g, '');
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  let group: '.' | ',' | null = null;
  let whole = text;
  if (dots && commas) {
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    group = decimal === '.' ? ',' : '.';
    whole = text.slice(0, text.lastIndexOf(decimal));
  } else if (dots > 1) group = '.';
  else if (commas > 1) group = ',';
  if (!group) return false;
  const parts = whole.split(group);
  return !(parts[0]!.length >= 1 && parts[0]!.length <= 3 && parts.slice(1).every((p) => p.length === 3));
}
