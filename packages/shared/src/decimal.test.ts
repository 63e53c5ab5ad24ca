import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, parseDecimalInput } from './decimal.ts';

const value = (text: string | number, options?: Parameters<typeof parseDecimalInput>[1]) => {
  const r = parseDecimalInput(text, options);
  return r.ok ? r.value : `error: ${r.error}`;
};

describe('parseDecimalInput: what people type', () => {
  it.each([
    ['4,20', 4.2], // manual entry: €4.20, not €420
    ['4.20', 4.2],
    ['22,5', 22.5], // the ROI field
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1 234,56', 1234.56],
    ["1'234.50", 1234.5],
    ['1.234', 1234], // three digits after a lone separator: thousands
    ['12,500', 12500],
    ['0,125', 0.125], // a zero whole part cannot be a thousands group
    ['1.234.567', 1234567],
    ['€ 12,50', 12.5],
    ['12.50 EUR', 12.5],
    ['£2.10', 2.1],
    ['15 %', 15],
    ['7', 7],
    ['.5', 0.5],
    ['+3', 3],
  ])('%j → %s', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('reads empty as no value and numbers as they are', () => {
    expect(value('')).toBeNull();
    expect(value('  ')).toBeNull();
    expect(value('-')).toBeNull();
    expect(value(4.2)).toBe(4.2);
    expect(parseDecimalInput(null)).toEqual({ ok: true, value: null });
  });

  it('refuses what is not a non-negative number, with a sentence', () => {
    expect(value('abc')).toBe('error: abc is not a number.');
    expect(value('4,2x')).toBe('error: 4,2x is not a number.');
    expect(value('1,2,3.4.5')).toBe('error: 1,2,3.4.5 is not a number.');
    expect(value('-1,00')).toBe('error: -1,00 is negative.');
    expect(value('-1,50', { allowNegative: true })).toBe(-1.5);
    expect(value(Number.NaN)).toMatch(/^error/);
  });

  it('lets the rest of a column settle the ambiguous lone separator', () => {
    expect(value('1,000', { decimalSeparator: ',' })).toBe(1);
    expect(value('1,000', { decimalSeparator: '.' })).toBe(1000);
    expect(value('1.234', { decimalSeparator: ',' })).toBe(1234);
    expect(value('1.234', { decimalSeparator: '.' })).toBe(1.234);
    expect(value('12,5', { decimalSeparator: '.' })).toBe(12.5); // one decimal digit is never a thousands group
  });
});

describe('decimalSeparatorOf: which separator a column uses', () => {
  it('reads the cells that say so and ignores the ambiguous ones', () => {
    expect(decimalSeparatorOf(['1,000', '12,50', '3,99'])).toBe(',');
    expect(decimalSeparatorOf(['1,000', '12.5', '1,234.56'])).toBe('.');
    expect(decimalSeparatorOf(['1.234,56'])).toBe(',');
    expect(decimalSeparatorOf(['0,125'])).toBe(',');
    expect(decimalSeparatorOf(['1,000', '2.500', '7', 'n/a'])).toBeUndefined();
  });
});
