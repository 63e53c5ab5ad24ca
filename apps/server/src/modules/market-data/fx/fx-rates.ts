import type { FxRate } from '../market-data.types.ts';

/** EUR-based reference rates (1 EUR = rate units of the currency) valid for one date. */
export interface RateTable {
  date: string;
  rates: Record<string, number>;
  source: 'config' | 'ecb' | 'built-in';
}

/**
 * Offline fallback (ECB reference rates of the date below, rounded). Used in demo mode and whenever
 * neither FX_RATES nor the ECB feed is available; configure FX_RATES or let the ECB adapter run for real figures.
 */
export const BUILT_IN_RATES: RateTable = {
  date: '2026-11-20',
  // PLN, SEK and CZK (supplier prices in those currencies) are in the ECB's daily feed too.
  rates: { EUR: 1, GBP: 0.8745, USD: 1.1578, CAD: 1.6235, PLN: 4.2398, SEK: 10.9773, CZK: 24.196 },
  source: 'built-in',
};

/**
 * Parses FX_RATES: an optional date and CUR=rate pairs, separated by ';' or ',' or spaces, e.g.
 * `2026-11-20;GBP=0.8512;USD=1.0821;CAD=1.5123`. Rates are units of the currency per 1 EUR.
 * Throws a sentence naming the bad part.
 */
export function parseFxRates(text: string, today: string): RateTable {
  const rates: Record<string, number> = { EUR: 1 };
  let date = today;
  for (const part of text.split(/[;,\s]+/).filter(Boolean)) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(part)) {
      date = part;
      continue;
    }
    const match = /^([A-Za-z]{3})[=:]([0-9]+(?:\.[0-9]+)?)$/.exec(part);
    if (!match || !(Number(match[2]) > 0)) throw new Error(`FX_RATES: cannot read "${part}" (expected e.g. 2026-11-20;GBP=0.85;USD=1.08;CAD=1.47).`);
    rates[match[1]!.toUpperCase()] = Number(match[2]);
  }
  return { date, rates, source: 'config' };
}

/** Cross rate from → to out of a EUR-based table; undefined when a currency is missing. */
export function crossRate(table: RateTable, from: string, to: string): FxRate | undefined {
  const f = from.toUpperCase();
  const t = to.toUpperCase();
  if (f === t) return { from: f, to: t, rate: 1, date: table.date, source: table.source };
  const rf = table.rates[f];
  const rt = table.rates[t];
  if (!rf || !rt) return undefined;
  return { from: f, to: t, rate: rt / rf, date: table.date, source: table.source };
}
