import { parseAmountText } from '@dealradar/shared/amount-text';
import { withoutCurrencyWords } from '@dealradar/shared/price-terms';

/**
 * Supplier prices as they appear in real price lists: '12,50', '12.50', '€ 12,50', '12.50 EUR', '1.234,56',
 * '1,234.56', '1 234,56', '36,90 zł'. Result in minor units of the price's currency as written (cents, may be fractional:
 * 0,125 € = 12.5 cents); the scan converts it to EUR net with the scan's price terms.
 * Empty → null (no price). Anything else that is not a non-negative number → invalid with a sentence.
 * The rules are the shared parseDecimalInput's (one implementation with the web's inputs; parseAmountText refuses
 * '4,2,0'); `decimalSeparator` is the column's own separator when its other cells show it (decimalSeparatorOf), which
 * settles '1,000'.
 */
export type PriceCheck = { ok: true; cents: number | null } | { ok: false; reason: string };

export function parseSupplierPrice(cell: string | undefined, decimalSeparator?: ',' | '.'): PriceCheck {
  if (cell === undefined) return { ok: true, cents: null };
  const plain = plainPriceCents(cell);
  if (plain !== undefined) return { ok: true, cents: plain };
  const parsed = parseAmountText(withoutCurrencyWords(cell), { decimalSeparator });
  if (!parsed.ok) return { ok: false, reason: `The price ${parsed.error}` };
  return { ok: true, cents: parsed.value === null ? null : Math.round(parsed.value * 100 * 10000) / 10000 };
}

/** Fast path: digits with at most one ',' or '.' followed by 1–2 decimals ('12', '12,5', '12.50'); else undefined. */
function plainPriceCents(cell: string): number | undefined {
  const n = cell.length;
  if (n === 0 || n > 12) return undefined;
  let whole = 0;
  let i = 0;
  for (; i < n; i += 1) {
    const c = cell.charCodeAt(i);
    if (c >= 48 && c <= 57) whole = whole * 10 + (c - 48);
    else break;
  }
  if (i === 0) return undefined;
  if (i === n) return whole * 100;
  const sep = cell.charCodeAt(i);
  if ((sep !== 44 && sep !== 46) || n - i - 1 < 1 || n - i - 1 > 2) return undefined;
  let frac = 0;
  for (let j = i + 1; j < n; j += 1) {
    const c = cell.charCodeAt(j);
    if (c < 48 || c > 57) return undefined;
    frac = frac * 10 + (c - 48);
  }
  return whole * 100 + (n - i - 1 === 1 ? frac * 10 : frac);
}
