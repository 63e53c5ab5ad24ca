/**
 * The one EAN/GTIN normalization of every input path (CSV/XLSX uploads, manual entry, mappings, Keepa, Qogita, imports,
 * brand scans). A code it refuses is never sent to a marketplace API.
 *
 * Canonical key: 13 digits (GTIN-8/12 left-padded with zeros, GTIN-14 with indicator 0 stripped); a GTIN-14 keeps its
 * 14 digits only when its indicator digit is 1–9 (a case/pack code that has no 13-digit form).
 * Left-padding never changes a GS1 check digit (the weights are anchored at the right), so a code that lost its
 * leading zeros in a spreadsheet (9–11 digits) is repaired unambiguously by padding.
 */

export type EanRepair = 'scientific_notation' | 'decimal_suffix' | 'leading_zeros' | 'separators' | 'upc_e';

/**
 * `internal`: the digits are well-formed but a shop-internal or coupon number (GS1 restricted circulation), not a
 * product barcode: reported as `internal_code`, not as a broken EAN.
 */
export type EanCheck = { valid: true; ean: string; repairs: EanRepair[] } | { valid: false; reason: string; internal: boolean; problem: EanProblem };

/**
 * What is wrong with a refused code, for counting before a scan (the mapping dialog says how many EANs
 * are damaged and why). `scientific_notation`: a spreadsheet showed the number as 4,00638E+12 and its digits are gone.
 */
export type EanProblem = 'empty' | 'scientific_notation' | 'not_digits' | 'all_zeros' | 'too_long' | 'too_short' | 'check_digit' | 'internal';

/**
 * GS1 prefixes (first three digits of the 13-digit form) that never identify a traded product
 * (external-apis.md §9.4, GS1 prefix list): restricted circulation and coupons.
 */
const INTERNAL_PREFIXES: Array<{ from: number; to: number; what: string }> = [
  { from: 20, to: 29, what: 'GS1 prefix 020–029: restricted circulation within a region, e.g. weighed goods' },
  { from: 40, to: 49, what: 'GS1 prefix 040–049: numbers a company uses internally' },
  { from: 200, to: 299, what: 'GS1 prefix 200–299: in-store numbers, e.g. weighed or price-marked goods' },
  { from: 980, to: 980, what: 'GS1 prefix 980: refund receipts' },
  { from: 981, to: 984, what: 'GS1 prefix 981–984: coupons' },
  { from: 990, to: 999, what: 'GS1 prefix 99: coupons' },
];

/** Why a canonical code (13 digits, or 14 with an indicator) is an internal number; undefined for a product code. */
export function internalCodeReason(canonical: string): string | undefined {
  const body = canonical.length === 14 ? canonical.slice(1) : canonical;
  if (body.length !== 13) return undefined;
  const prefix = Number(body.slice(0, 3));
  const hit = INTERNAL_PREFIXES.find((p) => prefix >= p.from && prefix <= p.to);
  return hit?.what;
}

function internalSentence(code: string, what: string): string {
  return `${code} is an internal code, not a product barcode (${what}).`;
}

/**
 * UPC-E (8 digits: number system 0 or 1, six digits, check digit) → its 12-digit UPC-A (GS1 zero suppression; the
 * check digit is the UPC-A's and is kept): the sixth digit says where the suppressed zeros were.
 * 01234565 → 012345000065; 04252614 → 042100005264.
 */
export function expandUpcE(code: string): string {
  const ns = code[0]!;
  const d = code.slice(1, 7);
  const check = code[7]!;
  const last = d[5]!;
  let body: string;
  if (last === '0' || last === '1' || last === '2') body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  else if (last === '3') body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  else if (last === '4') body = `${d.slice(0, 4)}00000${d[4]}`;
  else body = `${d.slice(0, 5)}0000${last}`;
  return `${ns}${body}${check}`;
}

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
  if (input === null || input === undefined) return { valid: false, reason: 'The EAN is empty.', internal: false, problem: 'empty' };
  let text = typeof input === 'number' ? (Number.isInteger(input) ? input.toFixed(0) : String(input)) : String(input);
  const repairs: EanRepair[] = [];
  text = text.trim();
  // Spreadsheet text markers: ="0123", '0123, surrounding quotes.
  text = text
    .replace(/^="(.*)"$/, '$1')
    .replace(/^'/, '')
    .replace(/^"(.*)"$/, '$1')
    .trim();
  if (text === '') return { valid: false, reason: 'The EAN is empty.', internal: false, problem: 'empty' };

  const stripped = text.replace(/[\s\u00a0\-_]/g, '');
  if (stripped !== text) repairs.push('separators');
  text = stripped;

  const scientific = expandScientific(text);
  if (scientific) {
    if (!scientific.exact) {
      return {
        valid: false,
        reason: `The EAN ${text} was shortened by a spreadsheet (scientific notation lost digits); format the column as text and export it again.`,
        internal: false,
        problem: 'scientific_notation',
      };
    }
    text = scientific.digits;
    repairs.push('scientific_notation');
  } else if (/^\d+[.,]0+$/.test(text)) {
    text = text.replace(/[.,]0+$/, '');
    repairs.push('decimal_suffix');
  }

  const invalid = (reason: string, problem: EanProblem): EanCheck => ({ valid: false, reason, internal: false, problem });
  const internalCode = (reason: string): EanCheck => ({ valid: false, reason, internal: true, problem: 'internal' });
  if (!/^\d+$/.test(text)) return invalid(`The EAN ${text} contains characters other than digits.`, 'not_digits');
  if (/^0+$/.test(text)) return invalid('The EAN is all zeros.', 'all_zeros');
  if (text.length > 14) {
    // Leading zeros beyond 14 digits are harmless padding.
    const trimmed = text.replace(/^0+/, '');
    if (trimmed.length > 14) return invalid(`The EAN ${text} is too long (${text.length} digits; 8, 12, 13 or 14 expected).`, 'too_long');
    text = trimmed.padStart(14, '0');
  }
  if (text.length < 8) return invalid(`The EAN ${text} is too short (${text.length} digits; 8, 12, 13 or 14 expected).`, 'too_short');
  if (text.length >= 9 && text.length <= 11) repairs.push('leading_zeros');

  // A GTIN-8 written with its padding zeros ('0000022022202', the GTIN-13 form GS1 gives it) is the same code as its
  // 8 digits, which is what a number cell holds (22022202): one rule for both, so it is judged as 8 digits.
  const padded = text.length > 8 && /^0+$/.test(text.slice(0, -8));
  if (text.length === 8 || padded) {
    const digits = text.slice(-8);
    const eight = classifyEightDigits(digits);
    const written = padded ? `${text} (the 8-digit code ${digits} with leading zeros)` : text;
    if (eight.kind === 'invalid') {
      return invalid(padded ? `The EAN ${written} has a wrong check digit (the last digit should be ${eight.expected}).` : eight.reason, 'check_digit');
    }
    if (eight.kind === 'internal') return internalCode(internalSentence(written, eight.what));
    if (eight.kind === 'upc_e') {
      text = eight.upcA;
      repairs.push('upc_e');
    } else text = digits;
  } else if (!hasValidCheckDigit(text)) {
    const expected = gs1CheckDigit(text.slice(0, -1));
    return invalid(`The EAN ${text} has a wrong check digit (the last digit should be ${expected}).`, 'check_digit');
  }

  let canonical: string;
  if (text.length === 14) canonical = text.startsWith('0') ? text.slice(1) : text;
  else canonical = text.padStart(13, '0');
  const internal = internalCodeReason(canonical);
  if (internal) return internalCode(internalSentence(text, internal));
  return { valid: true, ean: canonical, repairs };
}

/**
 * An 8-digit code is a UPC-E or an EAN-8 (GTIN-8); the digits alone do not say which, the check digit mostly does.
 * A UPC-E's last digit is the check digit of its 12-digit expansion; an EAN-8's is computed over its own first seven
 * digits. A random code satisfies both with probability 1/10, so:
 * - first digit 0 or 1 (UPC-E number systems) and the UPC-E check holds → UPC-E, expanded to UPC-A (the issue's rule:
 *   never padded as an EAN-8). An EAN-8 starting with 0 is an RCN-8 anyway (GS1-8 prefix 0: restricted circulation).
 * - otherwise the EAN-8 check holds → an EAN-8; GS1-8 prefixes 0 and 2 are restricted circulation (internal codes).
 * - neither → a wrong check digit (for 0/1 the UPC-E digit is named as the expected one).
 */
function classifyEightDigits(
  code: string,
): { kind: 'upc_e'; upcA: string } | { kind: 'ean8' } | { kind: 'internal'; what: string } | { kind: 'invalid'; reason: string; expected: number } {
  const first = code[0];
  if (first === '0' || first === '1') {
    const upcA = expandUpcE(code);
    if (hasValidCheckDigit(upcA)) return { kind: 'upc_e', upcA };
  }
  if (hasValidCheckDigit(code)) {
    if (first === '0' || first === '2') return { kind: 'internal', what: `GS1-8 prefix ${first}: restricted circulation numbers (RCN-8)` };
    return { kind: 'ean8' };
  }
  const expected = first === '0' || first === '1' ? gs1CheckDigit(expandUpcE(code).slice(0, 11)) : gs1CheckDigit(code.slice(0, 7));
  return { kind: 'invalid', reason: `The EAN ${code} has a wrong check digit (the last digit should be ${expected}).`, expected };
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
