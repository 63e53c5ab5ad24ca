import { describe, expect, it } from 'vitest';
import { parseAmountText } from './amount-text.ts';

describe('parseAmountText', () => {
  it('refuses separators that do not group thousands', () => {
    expect(parseAmountText('4,2,0')).toEqual({ ok: false, error: '4,2,0 is not a number.' });
    expect(parseAmountText('1.23.456')).toMatchObject({ ok: false });
    expect(parseAmountText('12,34.5')).toMatchObject({ ok: false });
  });

  it('reads what people write', () => {
    expect(parseAmountText('4,20')).toEqual({ ok: true, value: 4.2 });
    expect(parseAmountText('1.234.567')).toEqual({ ok: true, value: 1234567 });
    expect(parseAmountText('1,234.56')).toEqual({ ok: true, value: 1234.56 });
    expect(parseAmountText('1.234,56 €')).toEqual({ ok: true, value: 1234.56 });
    expect(parseAmountText('1 234,56')).toEqual({ ok: true, value: 1234.56 });
    expect(parseAmountText('')).toEqual({ ok: true, value: null });
    expect(parseAmountText(5.5)).toEqual({ ok: true, value: 5.5 });
  });
});
