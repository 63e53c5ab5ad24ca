import { describe, expect, it } from 'vitest';
import {
  breakdownConversion,
  conversionOf,
  formatMoney,
  formatRateDate,
  fromListCurrency,
  joinMoneyParts,
  listAmountWithOther,
  moneyWithListAmount,
  moneyWithListAmountParts,
  toListCurrency,
} from './money.ts';

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

  it('prints the amount a list amount came from as it is, never a round trip that moves a cent', () => {
    const usd = conversionOf('USD', 'EUR', 1.08, 1, '2026-11-28');
    // $10.00 → €9.26; €9.26 × 1.08 = $10.0008 → $10.00, but $10.01 → €9.27 → $10.01 only by luck: the known amount wins.
    expect(toListCurrency(10, usd)).toBe(9.26);
    expect(listAmountWithOther(9.26, usd, 10)).toBe('€9.26 · $10.00 at 1.0800 on 28 Nov');
    const pln = conversionOf('PLN', 'EUR', 4.3, 1, '2026-11-28');
    expect(fromListCurrency(toListCurrency(100, pln), pln)).not.toBe(100);
    expect(listAmountWithOther(toListCurrency(100, pln), pln, 100)).toMatch(/^€23.26 · PLN\s100.00 at 4.3000 on 28 Nov$/);
  });

  it('gives the pieces of a rule string, which join to the string itself', () => {
    const parts = moneyWithListAmountParts(4.75, gbpInEurList);
    expect(parts).toEqual({ first: '£4.75', second: '€5.43', rate: 'at 0.8745 on 28 Nov' });
    expect(joinMoneyParts(parts)).toBe(moneyWithListAmount(4.75, gbpInEurList));
    expect(joinMoneyParts(moneyWithListAmountParts(5.43, null))).toBe('€5.43');
  });

  it("takes a breakdown's conversion from its currency, rate and day; none for a euro market", () => {
    expect(breakdownConversion({ currency: 'GBP', fxRate: 0.8745, fxDate: '2026-11-28' })).toEqual(gbpInEurList);
    expect(breakdownConversion({ currency: 'EUR', fxRate: 1, fxDate: '2026-11-28' })).toBeNull();
    // A favorites list of market UK is in pounds: its pound breakdown needs no conversion.
    expect(breakdownConversion({ currency: 'GBP', fxRate: 0.8745, fxDate: '2026-11-28' }, 'GBP')).toBeNull();
  });

  it('prints the published euro rate whichever side the euro is on (a pound list of favorites shows 0.8745 too)', () => {
    const eurInGbpList = conversionOf('EUR', 'GBP', 1, 0.8745, '2026-11-28');
    expect(toListCurrency(7.29, eurInGbpList)).toBe(6.38);
    expect(moneyWithListAmount(7.29, eurInGbpList)).toBe('€7.29 · £6.38 at 0.8745 on 28 Nov');
  });
});
