import { describe, expect, it } from 'vitest';
import { toManualEntries } from './manual-entry.ts';

const row = (ean: string, brand: string, price: number | string = '') => ({ key: ean + brand, ean, brand, price });

describe('toManualEntries', () => {
  it('needs EAN and Brand on every filled row', () => {
    expect(toManualEntries([row('4006', '')])).toEqual({ ok: false, title: 'Missing fields', message: 'EAN and Brand are required' });
    expect(toManualEntries([row('', 'Nivea', 3)])).toMatchObject({ ok: false });
  });
  it('refuses an all-blank table', () => {
    expect(toManualEntries([row('', '')])).toMatchObject({ ok: false, message: 'EAN and Brand are required' });
  });
  it('ignores blank rows and keeps the optional price, decimals included', () => {
    expect(toManualEntries([row(' 4006381333931 ', ' Nivea ', 12.5), row('', ''), row('5000167000000', 'Dove')])).toEqual({
      ok: true,
      entries: [{ ean: '4006381333931', brand: 'Nivea', price: 12.5 }, { ean: '5000167000000', brand: 'Dove' }],
    });
  });
  it('keeps a price of 0', () => {
    expect(toManualEntries([row('1', 'B', 0)])).toEqual({ ok: true, entries: [{ ean: '1', brand: 'B', price: 0 }] });
  });
});
