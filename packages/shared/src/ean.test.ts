import { describe, expect, it } from 'vitest';
import { canonicalEan, canonicalEanList, gs1CheckDigit, hasValidCheckDigit, normalizeEan, toGtin14, toUpcA } from './ean.ts';

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
