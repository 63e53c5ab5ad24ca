import { NO_VALUE } from './number-format.ts';

/**
 * The one money display rule (docs/money.md), used by every screen, e-mail, webhook and download.
 *
 * 1. Every list has one currency, the **list currency** (SPEC §9): supplier deals EUR; favorites GBP in market UK,
 *    else EUR; wholesale prices and price drops EUR (Qogita's prices are euro).
 * 2. An amount shown in any other currency (the market's own, the region's, the supplier's) is shown **with** the
 *    list-currency amount, the rate and the rate's date: "£4.75 · €5.43 at 0.8745 on 28 Nov".
 * 3. Rates are EUR-based reference rates (1 EUR = rate units); a rate between two currencies is the quotient of their
 *    EUR rates. The rate printed is the published reference rate wherever one side is the euro, "1 EUR = rate units"
 *    (0.8745 for the pound whichever of the two is the list's), so every screen prints the same figure for a day;
 *    between two other currencies "1 list-currency unit = rate units of the other currency".
 */

/** Money with its currency symbol and 2 decimals (en-US number format, SPEC §7); NO_VALUE when unknown. */
export function formatMoney(value: number | null | undefined, currency: string): string {
  if (value == null || !Number.isFinite(value)) return NO_VALUE;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A conversion between the list currency and another one: 1 unit of `listCurrency` = `rate` units of `currency`. */
export interface Conversion {
  /** The other currency (the amount's own). */
  currency: string;
  /** The list's currency. */
  listCurrency: string;
  /** Units of `currency` per 1 unit of `listCurrency`. */
  rate: number;
  /** The reference rates' day, YYYY-MM-DD. */
  date: string;
}

/**
 * The conversion between two currencies from their EUR reference rates (1 EUR = rate units).
 * Example: GBP 0.8745 against a EUR list → rate 0.8745; GBP 0.8745 against a USD list at 1.0821 → 0.8082.
 */
export function conversionOf(currency: string, listCurrency: string, eurRateOfCurrency: number, eurRateOfList: number, date: string): Conversion {
  if (!(eurRateOfCurrency > 0) || !(eurRateOfList > 0)) throw new Error('Exchange rates must be positive.');
  return { currency, listCurrency, rate: eurRateOfCurrency / eurRateOfList, date };
}

/** Rounds a major-unit amount half away from zero to the cent. */
function roundCents(value: number): number {
  const rounded = Math.floor(Math.abs(value) * 100 + 0.5 + 1e-9) / 100;
  return value < 0 ? -rounded : rounded;
}

/** An amount in the conversion's other currency → the list currency (major units, to the cent). */
export function toListCurrency(amount: number, conversion: Conversion): number {
  return roundCents(amount / conversion.rate);
}

/** An amount in the list currency → the conversion's other currency (major units, to the cent). */
export function fromListCurrency(amount: number, conversion: Conversion): number {
  return roundCents(amount * conversion.rate);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-28' → '28 Nov' (the rate's day as the rule prints it); other text is returned as it is. */
export function formatRateDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? match[2]}`;
}

/** The rate as printed: 1 EUR in the other currency when one side is the euro, else 1 list unit in the other. */
export function printedRate(conversion: Conversion): number {
  return conversion.currency === 'EUR' && conversion.listCurrency !== 'EUR' ? 1 / conversion.rate : conversion.rate;
}

/** An exchange rate as every screen, e-mail and download prints it: 4 decimals ('0.8745'). */
export function formatRate(rate: number): string {
  return rate.toFixed(4);
}

/** 'at 0.8745 on 28 Nov': the rate (4 decimals) and its day. */
export function rateText(conversion: Conversion): string {
  return `at ${formatRate(printedRate(conversion))} on ${formatRateDate(conversion.date)}`;
}

/**
 * The pieces of a rule string, for screens that keep a sign and its amount on one line (the breakdown's "− £2.99")
 * or set the list amount in bold: `first` · `second` `rate`; second and rate are null when no conversion is shown.
 * joinMoneyParts(parts) is the rule string itself.
 */
export interface MoneyParts {
  first: string;
  second: string | null;
  rate: string | null;
}

export function joinMoneyParts(parts: MoneyParts): string {
  return parts.second === null ? parts.first : `${parts.first} · ${parts.second}${parts.rate ? ` ${parts.rate}` : ''}`;
}

const converts = (conversion: Conversion | null): boolean => conversion !== null && conversion.currency !== conversion.listCurrency;

/** The parts of moneyWithListAmount. */
export function moneyWithListAmountParts(amount: number | null | undefined, conversion: Conversion | null, listAmount?: number | null): MoneyParts {
  if (!conversion || !converts(conversion)) return { first: formatMoney(amount, conversion?.listCurrency ?? 'EUR'), second: null, rate: null };
  if (amount == null || !Number.isFinite(amount)) return { first: '—', second: null, rate: null };
  return {
    first: formatMoney(amount, conversion.currency),
    second: formatMoney(listAmount != null && Number.isFinite(listAmount) ? listAmount : toListCurrency(amount, conversion), conversion.listCurrency),
    rate: rateText(conversion),
  };
}

/** The parts of listAmountWithOther. */
export function listAmountWithOtherParts(listAmount: number | null | undefined, conversion: Conversion | null, otherAmount?: number | null): MoneyParts {
  if (!conversion || !converts(conversion)) return { first: formatMoney(listAmount, conversion?.listCurrency ?? 'EUR'), second: null, rate: null };
  if (listAmount == null || !Number.isFinite(listAmount)) return { first: '—', second: null, rate: null };
  const other = otherAmount != null && Number.isFinite(otherAmount) ? otherAmount : fromListCurrency(listAmount, conversion);
  return { first: formatMoney(listAmount, conversion.listCurrency), second: formatMoney(other, conversion.currency), rate: rateText(conversion) };
}

/**
 * An amount in another currency shown with its list-currency amount: '£4.75 · €5.43 at 0.8745 on 28 Nov'.
 * Without a conversion (the amount is in the list currency) just the amount: '€5.43'.
 * The list amount is computed from the amount (toListCurrency), exactly as the server stores list amounts, so the
 * two always reconcile. `listAmount`, when known, is the list amount of the same original (an all-markets card's
 * pound comparison figure and its euro profit both come from the market's own profit): printed as it is.
 */
export function moneyWithListAmount(amount: number | null | undefined, conversion: Conversion | null, listAmount?: number | null): string {
  return joinMoneyParts(moneyWithListAmountParts(amount, conversion, listAmount));
}

/**
 * A list-currency amount shown with its amount in another currency: '€5.43 · £4.75 at 0.8745 on 28 Nov'
 * (the list's figure first, e.g. a region's currency beside a list in EUR). `otherAmount`, when known, is the
 * amount the list amount was converted from (a market's own price): printed as it is, never converted back, since a
 * round trip through a currency with a rate above 1 can move a cent ($10.00 → €9.26 → $10.01).
 */
export function listAmountWithOther(listAmount: number | null | undefined, conversion: Conversion | null, otherAmount?: number | null): string {
  return joinMoneyParts(listAmountWithOtherParts(listAmount, conversion, otherAmount));
}

/**
 * The conversion of a profit breakdown (amounts in the market's currency, `fxRate` = 1 EUR in that currency, the
 * rate's day `fxDate`) against a list in `listCurrency` (EUR unless said; favorites of market UK are listed in GBP,
 * so their breakdown needs none). Null when the breakdown is in the list currency.
 */
export function breakdownConversion(breakdown: { currency: string; fxRate: number; fxDate: string }, listCurrency = 'EUR'): Conversion | null {
  if (breakdown.currency === listCurrency || !(breakdown.fxRate > 0)) return null;
  if (listCurrency !== 'EUR') return null;
  return conversionOf(breakdown.currency, 'EUR', breakdown.fxRate, 1, breakdown.fxDate);
}
