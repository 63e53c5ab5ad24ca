/**
 * The one reader of decimal numbers written by people: money and percentages typed into the web's inputs (manual entry
 * price, ROI field, units) and the price cells of supplier files (server). Rules, in order:
 *
 * - currency signs and words (€ $ £ EUR USD GBP CAD CHF, net, netto), '%', spaces (also non-breaking) and apostrophes
 *   (Swiss 1'234.50) are removed; empty (or '-') → null (no value);
 * - both '.' and ',' → the LAST one is the decimal separator, the other groups thousands ('1.234,56', '1,234.56');
 * - one separator repeated → thousands groups ('1.234.567');
 * - one separator once → decimal ('4,20', '22,5', '12.5', '0,125'), except exactly three digits after it with a
 *   non-zero whole part of 1–3 digits, which is a thousands group ('1.234' → 1234, '12,500' → 12500);
 * - a file column whose other cells show which separator is decimal (`decimalSeparator`, see
 *   decimalSeparatorOf) decides that last, ambiguous case ('1,000' is 1 in a column that also has '12,50').
 *
 * No Node or DOM APIs: the browser and the server use this same function.
 */
export type DecimalInput = { ok: true; value: number | null } | { ok: false; error: string };

export interface DecimalOptions {
  /** The separator known to be decimal (from the rest of the column); settles '1,000' / '1.234'. */
  decimalSeparator?: ',' | '.';
  /** Accept a leading minus (default: negative values are an error). */
  allowNegative?: boolean;
}

const CURRENCY = /€|\$|£|\beur\b|\beuro\b|\busd\b|\bgbp\b|\bcad\b|\bchf\b|\bnetto\b|\bnet\b|%/gi;

export function parseDecimalInput(input: string | number | null | undefined, options: DecimalOptions = {}): DecimalInput {
  if (input === null || input === undefined) return { ok: true, value: null };
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, error: `${input} is not a number.` };
    if (input < 0 && !options.allowNegative) return { ok: false, error: `${input} is negative.` };
    return { ok: true, value: input };
  }
  const shown = input.trim();
  let text = shown.replace(CURRENCY, '').replace(/[\s\u00a0\u202f'’]/g, '');
  if (text === '' || text === '-') return { ok: true, value: null };
  let sign = 1;
  if (text.startsWith('-')) {
    if (!options.allowNegative) return { ok: false, error: `${shown} is negative.` };
    sign = -1;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(text)) return { ok: false, error: `${shown} is not a number.` };
  const dots = count(text, '.');
  const commas = count(text, ',');
  let normalized: string;
  if (dots && commas) {
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (count(text, decimal) > 1) return { ok: false, error: `${shown} is not a number.` };
    normalized = text.split(group).join('').replace(decimal, '.');
  } else if (dots > 1 || commas > 1) {
    normalized = text.replace(/[.,]/g, '');
  } else if (dots + commas === 1) {
    const separator = dots ? '.' : ',';
    const at = text.indexOf(separator);
    const whole = text.slice(0, at);
    const after = text.length - at - 1;
    const thousands = options.decimalSeparator
      ? separator !== options.decimalSeparator && after === 3 && whole !== ''
      : after === 3 && /^[1-9]\d{0,2}$/.test(whole);
    normalized = thousands ? text.replace(separator, '') : text.replace(separator, '.');
  } else {
    normalized = text;
  }
  const value = Number(normalized);
  if (!Number.isFinite(value)) return { ok: false, error: `${shown} is not a number.` };
  return { ok: true, value: sign * value };
}

/**
 * Which separator is decimal in a column of number texts, from the cells that say so unambiguously ('12,50' or
 * '1.234,56' → ','; '12.5' or '1,234.56' → '.'); undefined when none does or they disagree evenly.
 */
export function decimalSeparatorOf(cells: Iterable<string>): ',' | '.' | undefined {
  let comma = 0;
  let dot = 0;
  for (const raw of cells) {
    const text = raw
      .replace(CURRENCY, '')
      .replace(/[\s\u00a0\u202f'’]/g, '')
      .replace(/^[-+]/, '');
    if (!/^\d[\d.,]*$|^[.,]\d+$/.test(text)) continue;
    const lastDot = text.lastIndexOf('.');
    const lastComma = text.lastIndexOf(',');
    if (lastDot >= 0 && lastComma >= 0) {
      if (lastDot > lastComma) dot += 1;
      else comma += 1;
      continue;
    }
    const at = Math.max(lastDot, lastComma);
    if (at < 0 || count(text, text[at]!) > 1) continue;
    const after = text.length - at - 1;
    if (after !== 3 || /^0?$/.test(text.slice(0, at))) {
      if (lastDot >= 0) dot += 1;
      else comma += 1;
    }
  }
  if (comma > dot) return ',';
  if (dot > comma) return '.';
  return undefined;
}

function count(text: string, ch: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) if (text[i] === ch) n += 1;
  return n;
}
