/**
 * Supplier prices as they appear in real price lists: '12,50', '12.50', '€ 12,50', '12.50 EUR', '1.234,56',
 * '1,234.56', '1 234,56'. Result in EUR minor units (cents, may be fractional: 0,125 € = 12.5 cents).
 * Empty → null (no price). Anything else that is not a non-negative number → invalid with a sentence.
 */
export type PriceCheck = { ok: true; cents: number | null } | { ok: false; reason: string };

const CURRENCY = /€|\$|£|\beur\b|\beuro\b|\busd\b|\bgbp\b|\bcad\b|\bchf\b|\bnetto\b|\bnet\b/gi;

export function parseSupplierPrice(cell: string | undefined): PriceCheck {
  if (cell === undefined) return { ok: true, cents: null };
  const plain = plainPriceCents(cell);
  if (plain !== undefined) return { ok: true, cents: plain };
  let text = cell.trim();
  if (text === '') return { ok: true, cents: null };
  text = text.replace(CURRENCY, '').replace(/[\s\u00a0\u202f']/g, '');
  if (text === '' || text === '-') return { ok: true, cents: null };
  if (text.startsWith('-')) return { ok: false, reason: `The price ${cell.trim()} is negative.` };
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(text)) return { ok: false, reason: `The price ${cell.trim()} is not a number.` };
  const dots = count(text, '.');
  const commas = count(text, ',');
  let normalized: string;
  if (dots && commas) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const decimal = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if (count(text, decimal) > 1) return { ok: false, reason: `The price ${cell.trim()} is not a number.` };
    normalized = text.split(group).join('').replace(decimal, '.');
  } else if (dots > 1 || commas > 1) {
    normalized = text.replace(/[.,]/g, ''); // 1.234.567 → thousands groups only
  } else {
    normalized = text.replace(',', '.'); // one separator: decimal (12,50 / 12.5)
  }
  const value = Number(normalized);
  if (!Number.isFinite(value)) return { ok: false, reason: `The price ${cell.trim()} is not a number.` };
  return { ok: true, cents: Math.round(value * 100 * 10000) / 10000 };
}

function count(text: string, ch: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) if (text[i] === ch) n += 1;
  return n;
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
