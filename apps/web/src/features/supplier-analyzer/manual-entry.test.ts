import { describe, expect, it } from 'vitest';
import { MISSING_BRAND, MISSING_EAN, toManualEntries } from './manual-entry.ts';

const row = (ean: string, brand: string, price: number | string = '') => ({ key: ean + brand, ean, brand, price });

describe('toManualEntries', () => {
  it('needs EAN and Brand on every filled row, and names the missing fields', () => {
    expect(toManualEntries([row('4006', '')])).toEqual({
      ok: false,
      title: 'Missing fields',
      message: 'EAN and Brand are required',
      errors: { '4006': { brand: MISSING_BRAND } },
    });
    expect(toManualEntries([row('', 'Nivea', 3)])).toMatchObject({ ok: false, errors: { Nivea: { ean: MISSING_EAN } } });
  });
  it('refuses an all-blank table', () => {
    expect(toManualEntries([row('', '')])).toMatchObject({ ok: false, message: 'EAN and Brand are required' });
  });
  it('ignores blank rows and keeps the optional price, decimals included', () => {
    expect(toManualEntries([row(' 4006381333931 ', ' Nivea ', 12.5), row('', ''), row('5000167000000', 'Dove')])).toEqual({
      ok: true,
      entries: [
        { ean: '4006381333931', brand: 'Nivea', price: 12.5 },
        { ean: '5000167000000', brand: 'Dove' },
      ],
    });
  });
  it('keeps a price of 0', () => {
    expect(toManualEntries([row('1', 'B', 0)])).toEqual({ ok: true, entries: [{ ean: '1', brand: 'B', price: 0 }] });
  });
  it('takes rows without a brand with "No brand"', () => {
    expect(toManualEntries([row('4006381333931', '', '4,20')], { noBrand: true })).toEqual({
      ok: true,
      entries: [{ ean: '4006381333931', brand: '', price: 4.2 }],
    });
  });
});

describe('toManualEntries reads prices as people type them', () => {
  it('reads a decimal comma as a decimal: "4,20" is 4.20, never 420', () => {
    expect(toManualEntries([row('1', 'B', '4,20')])).toEqual({ ok: true, entries: [{ ean: '1', brand: 'B', price: 4.2 }] });
  });
  it('reads thousands groups in both conventions', () => {
    expect(toManualEntries([row('1', 'B', '1.234,56'), row('2', 'C', '1,234.56'), row('3', 'D', '€ 12.5')])).toEqual({
      ok: true,
      entries: [
        { ean: '1', brand: 'B', price: 1234.56 },
        { ean: '2', brand: 'C', price: 1234.56 },
        { ean: '3', brand: 'D', price: 12.5 },
      ],
    });
  });
  it('refuses a price that is not a number or is negative, naming the row and marking the field', () => {
    expect(toManualEntries([row('1', 'B', 'abc')])).toMatchObject({
      ok: false,
      title: 'Invalid price',
      message: 'Row 1: the price abc is not a number of 0 or more.',
      errors: { '1B': { price: 'abc is not a number of 0 or more.' } },
    });
    expect(toManualEntries([row('1', 'B', '-3')])).toMatchObject({ ok: false, title: 'Invalid price' });
  });
  it('refuses "4,2,0" instead of reading €420.00', () => {
    expect(toManualEntries([row('1', 'B', '4,2,0')])).toMatchObject({
      ok: false,
      title: 'Invalid price',
      errors: { '1B': { price: '4,2,0 is not a number of 0 or more.' } },
    });
  });
});
