/**
 * The one money display rule (issue 23, docs/money.md), used by every screen, e-mail, webhook and download.
 *
 * 1. Every list has one currency, the **list currency** (SPEC §9): supplier deals EUR; favorites GBP in market UK,
 *    else EUR; wholesale prices and price drops EUR (Qogita's prices are euro).
 * 2. An amount shown in any other currency (the market's own, the region's, the supplier's) is shown **with** the
 *    list-currency amount, the rate and the rate's date: "£4.75 · €5.43 at 0.8745 on 28 Nov".
 * 3. Rates are EUR-based reference rates (1 EUR = rate units); a rate between two currencies is the quotient of their
 *    EUR rates. The rate printed is always "1 list-currency unit = rate units of the other currency".
 */

/** Money with its currency symbol and 2 decimals (en-US number format, SPEC §7); '—' when unknown. */
export function formatMoney(value: number | null | undefined, currency: string): string {
  if (value == null || !Number.isFinite(value)) return '—';
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

/** 'at 0.8745 on 28 Nov': the rate (4 decimals) and its day. */
export function rateText(conversion: Conversion): string {
  return `at ${conversion.rate.toFixed(4)} on ${formatRateDate(conversion.date)}`;
}

/**
 * An amount in another currency shown with its list-currency amount: '£4.75 · €5.43 at 0.8745 on 28 Nov'.
 * Without a conversion (the amount is in the list currency) just the amount: '€5.43'.
 */
export function moneyWithListAmount(amount: number | null | undefined, conversion: Conversion | null): string {
  if (!conversion || conversion.currency === conversion.listCurrency) return formatMoney(amount, conversion?.listCurrency ?? 'EUR');
  if (amount == null || !Number.isFinite(amount)) return '—';
  return `${formatMoney(amount, conversion.currency)} · ${formatMoney(toListCurrency(amount, conversion), conversion.listCurrency)} ${rateText(conversion)}`;
}

/**
 * A list-currency amount shown with its amount in another currency: '€5.43 · £4.75 at 0.8745 on 28 Nov'
 * (the list's figure first, e.g. on a card whose list is in EUR for a UK market deal).
 */
export function listAmountWithOther(listAmount: number | null | undefined, conversion: Conversion | null): string {
  if (!conversion || conversion.currency === conversion.listCurrency) return formatMoney(listAmount, conversion?.listCurrency ?? 'EUR');
  if (listAmount == null || !Number.isFinite(listAmount)) return '—';
  return `${formatMoney(listAmount, conversion.listCurrency)} · ${formatMoney(fromListCurrency(listAmount, conversion), conversion.currency)} ${rateText(conversion)}`;
}
