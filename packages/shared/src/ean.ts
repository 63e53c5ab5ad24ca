/**
 * The one EAN/GTIN normalization of every input path (CSV uploads, manual entry, mappings, Keepa, Qogita, imports).
 *
 * Canonical key: 13 digits (GTIN-8/12 left-padded with zeros, GTIN-14 with indicator 0 stripped); a GTIN-14 keeps its
 * 14 digits only when its indicator digit is 1–9 (a case/pack code that has no 13-digit form).
 * Left-padding never changes a GS1 check digit (the weights are anchored at the right), so a code that lost its
 * leading zeros in a spreadsheet (9–11 digits) is repaired unambiguously by padding.
 */

export type EanRepair = 'scientific_notation' | 'decimal_suffix' | 'leading_zeros' | 'separators';

export type EanCheck =
  | { valid: true; ean: string; repairs: EanRepair[] }
  | { valid: false; reason: string };

/** GS1 mod-10 check digit of the digits before the check digit (weights 3,1,3,… from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when a digit string of length 8, 12, 13 or 14 carries a correct GS1 check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < 2) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}

const SCIENTIFIC = /^([0-9]+)(?:[.,]([0-9]*))?e\+?([0-9]{1,2})$/i;

/** Expands '4.006170012345E+12' exactly; returns the digits and whether the mantissa carried every digit. */
function expandScientific(text: string): { digits: string; exact: boolean } | undefined {
  const match = SCIENTIFIC.exec(text);
  if (!match) return undefined;
  const intPart = match[1]!.replace(/^0+/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const exponent = Number(match[3]);
  if (fraction.length > exponent) return undefined; // not an integer: not a code
  const significant = intPart + fraction;
  const digits = (significant + '0'.repeat(exponent - fraction.length)).replace(/^0+/, '');
  // A spreadsheet shows about 6 significant digits; the rest are gone. Exact only when nothing was padded.
  const exact = digits.length === significant.replace(/^0+/, '').length;
  return { digits, exact };
}

/**
 * Normalizes one code as typed, uploaded or received. Invalid codes come back with a sentence saying why.
 * Accepts numbers too (a spreadsheet cell that became a number).
 */
export function normalizeEan(input: unknown): EanCheck {
  if (input === null || input === undefined) return { valid: false, reason: 'The EAN is empty.' };
  let text = typeof input === 'number' ? (Number.isInteger(input) ? input.toFixed(0) : String(input)) : String(input);
  const repairs: EanRepair[] = [];
  text = text.trim();
  // Spreadsheet text markers: ="0123", '0123, surrounding quotes.
  text = text.replace(/^="(.*)"$/, '$1').replace(/^'/, '').replace(/^"(.*)"$/, '$1').trim();
  if (text === '') return { valid: false, reason: 'The EAN is empty.' };

  const stripped = text.replace(/[\s\u00a0\-_]/g, '');
  if (stripped !== text) repairs.push('separators');
  text = stripped;

  const scientific = expandScientific(text);
  if (scientific) {
    if (!scientific.exact) {
      return {
        valid: false,
        reason: `The EAN ${text} was shortened by a spreadsheet (scientific notation lost digits); format the column as text and export it again.`,
      };
    }
    text = scientific.digits;
    repairs.push('scientific_notation');
  } else if (/^\d+[.,]0+$/.test(text)) {
    text = text.replace(/[.,]0+$/, '');
    repairs.push('decimal_suffix');
  }

  if (!/^\d+$/.test(text)) return { valid: false, reason: `The EAN ${text} contains characters other than digits.` };
  if (/^0+$/.test(text)) return { valid: false, reason: 'The EAN is all zeros.' };
  if (text.length > 14) {
    // Leading zeros beyond 14 digits are harmless padding.
    const trimmed = text.replace(/^0+/, '');
    if (trimmed.length > 14) return { valid: false, reason: `The EAN ${text} is too long (${text.length} digits; 8, 12, 13 or 14 expected).` };
    text = trimmed.padStart(14, '0');
  }
  if (text.length < 8) return { valid: false, reason: `The EAN ${text} is too short (${text.length} digits; 8, 12, 13 or 14 expected).` };
  if (text.length >= 9 && text.length <= 11) repairs.push('leading_zeros');

  if (!hasValidCheckDigit(text)) {
    const expected = gs1CheckDigit(text.slice(0, -1));
    return { valid: false, reason: `The EAN ${text} has a wrong check digit (the last digit should be ${expected}).` };
  }

  let canonical: string;
  if (text.length === 14) canonical = text.startsWith('0') ? text.slice(1) : text;
  else canonical = text.padStart(13, '0');
  return { valid: true, ean: canonical, repairs };
}

/** The canonical key, or null when the code is invalid. */
export function canonicalEan(input: unknown): string | null {
  const result = normalizeEan(input);
  return result.valid ? result.ean : null;
}

/** 14-digit GTIN form of a canonical EAN (for matching against GTIN-14 keyed sources). */
export function toGtin14(canonical: string): string {
  return canonical.padStart(14, '0');
}

/** The 12-digit UPC-A form when the canonical EAN starts with 0 (US/CA listings often carry it). */
export function toUpcA(canonical: string): string | null {
  return canonical.length === 13 && canonical.startsWith('0') ? canonical.slice(1) : null;
}

/**
 * Splits a cell that may hold several codes (Keepa exports: "4006170012345, 0036000291452") and normalizes each;
 * invalid ones are dropped. Order kept, duplicates removed.
 */
export function canonicalEanList(cell: unknown): string[] {
  if (cell === null || cell === undefined) return [];
  const out: string[] = [];
  for (const part of String(cell).split(/[,;|]/)) {
    const ean = canonicalEan(part);
    if (ean && !out.includes(ean)) out.push(ean);
  }
  return out;
}
