import { describe, expect, it } from 'vitest';
import { canonicalEan, canonicalEanList, expandUpcE, gs1CheckDigit, hasValidCheckDigit, internalCodeReason, normalizeEan, toGtin14, toUpcA } from './ean.ts';

describe('GS1 check digit', () => {
  it.each([
    ['629104150021', 3], // GS1 calculator example
    ['730001100001', 7], // GS1 Sweden example
    ['03600029145', 2], // UPC-A 036000291452
    ['400638133393', 1],
    ['9638507', 4], // EAN-8 96385074
  ])('%s → %i', (body, digit) => {
    expect(gs1CheckDigit(body)).toBe(digit);
  });

  it('validates whole codes', () => {
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('4006381333932')).toBe(false);
  });
});

describe('normalizeEan', () => {
  it.each([
    ['4006381333931', '4006381333931', []],
    [' 4006381333931 ', '4006381333931', []],
    ['4006-3813 33931', '4006381333931', ['separators']],
    ['400 638 133 393 1', '4006381333931', ['separators']],
    ['036000291452', '0036000291452', []], // UPC-A → EAN-13
    ['00036000291452', '0036000291452', []], // GTIN-14, indicator 0
    ['36000291452', '0036000291452', ['leading_zeros']], // UPC lost its leading zero in a spreadsheet
    ['96385074', '0000096385074', []], // EAN-8
    ['6291041500213', '6291041500213', []],
    ['4.006381333931E+12', '4006381333931', ['scientific_notation']],
    ['4,006381333931e+12', '4006381333931', ['scientific_notation']],
    ['4006381333931.0', '4006381333931', ['decimal_suffix']],
    ['="4006381333931"', '4006381333931', []],
    ["'0036000291452", '0036000291452', []],
    ['10036000291459', '10036000291459', []], // case-level GTIN-14 keeps 14 digits
  ])('%j → %s', (input, ean, repairs) => {
    expect(normalizeEan(input)).toEqual({ valid: true, ean, repairs });
  });

  it('accepts a number cell', () => {
    expect(canonicalEan(4006381333931)).toBe('4006381333931');
  });

  it('gives the same key for every length of the same code', () => {
    const keys = ['036000291452', '0036000291452', '00036000291452', '36000291452'].map(canonicalEan);
    expect(new Set(keys)).toEqual(new Set(['0036000291452']));
  });

  it.each([
    ['', /empty/],
    [null, /empty/],
    ['ABC123', /characters other than digits/],
    ['40063813339X1', /characters other than digits/],
    ['1234567', /too short \(7 digits/],
    ['123456789012345', /too long/],
    ['0000000000000', /all zeros/],
    ['4006381333932', /wrong check digit \(the last digit should be 1\)/],
    ['4.00638E+12', /shortened by a spreadsheet/],
    ['4.5', /characters other than digits/],
  ])('%j is invalid with a reason', (input, reason) => {
    const result = normalizeEan(input);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.reason).toMatch(reason);
  });

  it('splits a cell with several codes and drops invalid ones', () => {
    expect(canonicalEanList('4006381333931, 036000291452,bad,4006381333931')).toEqual(['4006381333931', '0036000291452']);
  });

  it('converts between forms', () => {
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(toUpcA('0036000291452')).toBe('036000291452');
    expect(toUpcA('4006381333931')).toBeNull();
  });
});

describe('UPC-E and 8-digit codes', () => {
  it.each([
    ['01234565', '012345000065'], // external-apis.md §9.4
    ['04252614', '042100005264'], // sixth digit 1: manufacturer digits 42, 1, then 526
    ['01234531', '012300000451'], // sixth digit 3: 123, five zeros, 45
    ['01234145', '012340000015'], // sixth digit 4: 1234, five zeros, 1
    ['11234562', '112345000062'], // number system 1
  ])('UPC-E %s is expanded to UPC-A %s', (upcE, upcA) => {
    const result = normalizeEan(upcE);
    expect(result).toEqual({ valid: true, ean: `0${upcA}`, repairs: ['upc_e'] });
    expect(hasValidCheckDigit(upcA)).toBe(true);
    expect(expandUpcE(upcE)).toBe(upcA);
  });

  it('reads an 8-digit code as an EAN-8 when only the EAN-8 check digit holds', () => {
    expect(normalizeEan('96385074')).toEqual({ valid: true, ean: '0000096385074', repairs: [] });
    // 1xx: the UPC-E check fails, the EAN-8 one holds → an EAN-8 (GS1-8 prefix 1xx)
    let ean8 = '';
    for (let n = 234567; !ean8; n += 1) {
      const code = `1${n}${gs1CheckDigit(`1${n}`)}`;
      if (!hasValidCheckDigit(expandUpcE(code))) ean8 = code;
    }
    expect(normalizeEan(ean8)).toEqual({ valid: true, ean: `00000${ean8}`, repairs: [] });
  });

  it('prefers UPC-E when both check digits hold, and reports RCN-8 (0/2) as internal', () => {
    // find a 0-prefixed code valid both ways: UPC-E wins
    let both: string | undefined;
    for (let n = 123456; n < 1_000_000 && !both; n += 1) {
      const body = `0${String(n).padStart(6, '0')}`;
      const code = body + gs1CheckDigit(body);
      if (hasValidCheckDigit(expandUpcE(code))) both = code;
    }
    expect(both).toBeDefined();
    expect(normalizeEan(both!)).toMatchObject({ valid: true, repairs: ['upc_e'] });
    // 0-prefixed with only the EAN-8 check holding: an RCN-8 (restricted circulation)
    const rcn = ['0', '2'].map((first) => {
      for (let n = 0; n < 1000; n += 1) {
        const body = `${first}${String(100000 + n)}`;
        const code = body + gs1CheckDigit(body);
        if (!hasValidCheckDigit(expandUpcE(code))) return code;
      }
      return '';
    });
    for (const code of rcn) {
      const result = normalizeEan(code);
      expect(result).toMatchObject({ valid: false, internal: true });
      if (!result.valid) expect(result.reason).toMatch(/internal code, not a product barcode \(GS1-8 prefix [02]/);
    }
  });

  it('names the UPC-E check digit when neither holds', () => {
    const result = normalizeEan('01234560');
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.reason).toBe('The EAN 01234560 has a wrong check digit (the last digit should be 5).');
  });
});

describe('internal codes (GS1 restricted circulation and coupons)', () => {
  const withCheck = (body: string) => body + gs1CheckDigit(body);
  it.each([
    ['200', /200–299/],
    ['299', /200–299/],
    ['020', /020–029/],
    ['029', /020–029/],
    ['040', /040–049/],
    ['049', /040–049/],
    ['980', /refund receipts/],
    ['981', /coupons/],
    ['984', /coupons/],
    ['990', /prefix 99/],
    ['999', /prefix 99/],
  ])('prefix %s is an internal code', (prefix, what) => {
    const code = withCheck(`${prefix}123456789`);
    const result = normalizeEan(code);
    expect(result).toMatchObject({ valid: false, internal: true });
    if (!result.valid) {
      expect(result.reason).toMatch(/is an internal code, not a product barcode/);
      expect(result.reason).toMatch(what);
    }
    expect(canonicalEan(code)).toBeNull();
    expect(canonicalEanList(`${code},4006381333931`)).toEqual(['4006381333931']);
  });

  it('catches UPC-A number systems 2 and 4 (held as 02…/04…) and leaves neighbours alone', () => {
    expect(normalizeEan(withCheck('21234567890'))).toMatchObject({ valid: false, internal: true });
    expect(normalizeEan(withCheck('41234567890'))).toMatchObject({ valid: false, internal: true });
    for (const prefix of ['019', '030', '050', '300', '979', '985', '400']) {
      expect(normalizeEan(withCheck(`${prefix}123456789`)).valid, prefix).toBe(true);
    }
    expect(internalCodeReason('4006381333931')).toBeUndefined();
    expect(internalCodeReason('12001234567893')).toMatch(/200–299/); // case-level GTIN-14 of an in-store number
  });

  it('keeps invalid codes apart from internal ones', () => {
    expect(normalizeEan('4006381333932')).toMatchObject({ valid: false, internal: false });
  });
});

describe('a GTIN-8 with its padding zeros (text and number cells give one answer)', () => {
  it('judges 0000022022202 (text) and 22022202 (a number cell) alike: an RCN-8, internal', () => {
    for (const input of ['0000022022202', '00000022022202', '022022202', '22022202', 22022202]) {
      const result = normalizeEan(input);
      expect(result, String(input)).toMatchObject({ valid: false, internal: true, problem: 'internal' });
      if (!result.valid) expect(result.reason).toMatch(/GS1-8 prefix 2/);
    }
    const padded = normalizeEan('0000022022202');
    if (!padded.valid) expect(padded.reason).toMatch(/^0000022022202 \(the 8-digit code 22022202 with leading zeros\) is an internal code/);
  });

  it('gives a product GTIN-8 the same key whether written with zeros or as a number', () => {
    const keys = ['96385074', '0000096385074', 96385074, '096385074'].map(canonicalEan);
    expect(new Set(keys)).toEqual(new Set(['0000096385074']));
  });

  it('names the check digit of a padded GTIN-8', () => {
    expect(normalizeEan('0000096385075')).toMatchObject({ valid: false, internal: false, problem: 'check_digit' });
    expect(normalizeEan(96385075)).toMatchObject({ valid: false, internal: false, problem: 'check_digit' });
  });
});

describe('why a code is refused (problem)', () => {
  it.each([
    ['4,00638E+12', 'scientific_notation'],
    ['4.00638E+12', 'scientific_notation'],
    ['1234567', 'too_short'],
    ['4006381333932', 'check_digit'],
    ['40063813339X1', 'not_digits'],
    ['123456789012345', 'too_long'],
    ['', 'empty'],
    ['0000000000000', 'all_zeros'],
    ['2001234567893', 'internal'],
  ])('%j → %s', (input, problem) => {
    expect(normalizeEan(input)).toMatchObject({ valid: false, problem });
  });
});
