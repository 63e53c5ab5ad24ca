import { describe, expect, it } from 'vitest';
import { conversionOf, formatMoney, formatRateDate, fromListCurrency, listAmountWithOther, moneyWithListAmount, toListCurrency } from './money.ts';

const gbpInEurList = conversionOf('GBP', 'EUR', 0.8745, 1, '2026-11-28');

describe('the money display rule', () => {
  it('formats money with its symbol and two decimals, a dash when unknown', () => {
    expect(formatMoney(5.4, 'EUR')).toBe('€5.40');
    expect(formatMoney(4.75, 'GBP')).toBe('£4.75');
    expect(formatMoney(null, 'EUR')).toBe('—');
  });

  it("shows an amount in another currency with the list's amount, the rate and its day (the issue's example)", () => {
    expect(moneyWithListAmount(4.75, gbpInEurList)).toBe('£4.75 · €5.43 at 0.8745 on 28 Nov');
    expect(listAmountWithOther(5.43, gbpInEurList)).toBe('€5.43 · £4.75 at 0.8745 on 28 Nov');
  });

  it('shows a list-currency amount alone', () => {
    expect(moneyWithListAmount(5.43, conversionOf('EUR', 'EUR', 1, 1, '2026-11-28'))).toBe('€5.43');
    expect(moneyWithListAmount(5.43, null)).toBe('€5.43');
  });

  it('converts both ways to the cent, half away from zero, so a card and a breakdown reconcile', () => {
    expect(toListCurrency(19.95, gbpInEurList)).toBe(22.81);
    expect(fromListCurrency(22.81, gbpInEurList)).toBe(19.95);
    expect(toListCurrency(-4.75, gbpInEurList)).toBe(-5.43);
  });

  it('crosses two non-euro currencies through their EUR rates', () => {
    const gbpInUsd = conversionOf('GBP', 'USD', 0.8745, 1.0821, '2026-11-20');
    expect(gbpInUsd.rate).toBeCloseTo(0.80815, 5);
    expect(moneyWithListAmount(8.08, gbpInUsd)).toBe('£8.08 · $10.00 at 0.8082 on 20 Nov');
  });

  it("prints the rate's day as day and month", () => {
    expect(formatRateDate('2026-01-05')).toBe('5 Jan');
    expect(formatRateDate('not a date')).toBe('not a date');
  });
});
